import {
  call,
  cannedResponseEndpoints,
  type CreateCannedResponseRequest,
  type LiveQuery,
  type UpdateCannedResponseRequest,
} from 'shared-sdk';

// The saved replies' calls: every member reads them, the server lets only admins change them.

export const createCannedResponse = (request: CreateCannedResponseRequest) =>
  call(cannedResponseEndpoints.create, request);

export const updateCannedResponse = (request: UpdateCannedResponseRequest) =>
  call(cannedResponseEndpoints.update, request);

export const deleteCannedResponse = (workspaceId: string, cannedResponseId: string) =>
  call(cannedResponseEndpoints.delete, { workspaceId, cannedResponseId });

/** The workspace's saved replies, live, by shortcut (as the `/` list in conversations). */
export const cannedResponsesQuery = (workspaceId: string): LiveQuery => ({
  collection: 'canned_responses',
  workspaceId,
  orderBy: [{ field: 'shortcut', direction: 'asc' }],
});
