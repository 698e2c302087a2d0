import {
  apiClient,
  ApiError,
  type AddWorkspaceUsersRequest,
  type WorkspaceRole,
  type WorkspaceUser,
  type WorkspaceUserStatus,
} from 'shared-sdk';

// The workspace_user calls of spec §7 (admin only; the server checks membership again).

export const workspaceUsersPath = (workspaceId: string) =>
  `/api/user/users?workspaceId=${encodeURIComponent(workspaceId)}`;

export interface AddWorkspaceUsersResult {
  added: WorkspaceUser[];
  /** E-mail addresses that were members already. */
  alreadyMembers: string[];
}

export const addWorkspaceUsers = (request: AddWorkspaceUsersRequest) =>
  apiClient().post<AddWorkspaceUsersResult>('/api/user/users', request);

export const updateWorkspaceUser = (request: {
  workspaceUserId: string;
  role?: WorkspaceRole;
  status?: WorkspaceUserStatus;
}) => apiClient().patch<WorkspaceUser>('/api/user/users', request);

export const removeWorkspaceUser = (workspaceUserId: string) =>
  apiClient().delete<void>('/api/user/users', { workspaceUserId });

/** The server refuses to leave a workspace without an admin (400 invalid-argument). */
export const isLastAdminError = (error: unknown) =>
  error instanceof ApiError &&
  error.status === 400 &&
  /at least one admin/i.test(error.serverMessage);

/** A member's name as people read it; the e-mail address when the name is blank. */
export const memberName = (member: Pick<WorkspaceUser, 'firstName' | 'lastName' | 'email'>) =>
  [member.firstName, member.lastName].filter((part) => part.trim() !== '').join(' ') ||
  member.email;
