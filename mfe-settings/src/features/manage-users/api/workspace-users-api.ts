import {
  ApiError,
  call,
  workspaceUserEndpoints,
  type AddWorkspaceUsersRequest,
  type WorkspaceRole,
  type WorkspaceUser,
  type WorkspaceUserStatus,
} from 'shared-sdk';

// The workspace_user calls of product-spec.md §7 (admin only; the server checks membership again).

export const addWorkspaceUsers = (request: AddWorkspaceUsersRequest) =>
  call(workspaceUserEndpoints.add, request);

export const updateWorkspaceUser = (request: {
  workspaceUserId: string;
  role?: WorkspaceRole;
  status?: WorkspaceUserStatus;
}) => call(workspaceUserEndpoints.update, request);

export const removeWorkspaceUser = (workspaceUserId: string) =>
  call(workspaceUserEndpoints.delete, { workspaceUserId });

/** The server refuses to leave a workspace without an admin (400 invalid-argument). */
export const isLastAdminError = (error: unknown) =>
  error instanceof ApiError &&
  error.status === 400 &&
  /at least one admin/i.test(error.serverMessage);

/** A member's name as people read it; the e-mail address when the name is blank. */
export const memberName = (member: Pick<WorkspaceUser, 'firstName' | 'lastName' | 'email'>) =>
  [member.firstName, member.lastName].filter((part) => part.trim() !== '').join(' ') ||
  member.email;
