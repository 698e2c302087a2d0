import { call, workspaceEndpoints, type UpdateWorkspaceRequest } from 'shared-sdk';

// product-spec.md §7 PATCH and DELETE /api/user/workspaces; the server checks that the caller is an admin.

export const updateWorkspace = (request: UpdateWorkspaceRequest) =>
  call(workspaceEndpoints.update, request);

export const deleteWorkspace = (workspaceId: string) =>
  call(workspaceEndpoints.delete, { workspaceId });
