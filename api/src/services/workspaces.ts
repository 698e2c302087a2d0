import type { Kysely } from 'kysely';
import type { Workspace, WorkspaceUser } from 'shared-sdk';
import type { Database } from '../db/schema';
import { deleteWorkspace, toWorkspace, updateWorkspace } from '../repositories/workspaces';
import { listActiveWorkspaceUsersOfUser } from '../repositories/workspace-users';

// A user's workspaces: the list, a workspace's settings, its deletion (workspace-setup.ts makes one).

/** The caller's active workspace links, oldest first. */
export function workspacesOf(db: Kysely<Database>, userId: string): Promise<WorkspaceUser[]> {
  return listActiveWorkspaceUsersOfUser(db, userId);
}

/** Renames a workspace or changes its settings (an admin, checked by the caller). */
export async function changeWorkspace(
  trx: Kysely<Database>,
  workspaceId: string,
  update: Parameters<typeof updateWorkspace>[2],
  now: Date,
): Promise<Workspace> {
  return toWorkspace(await updateWorkspace(trx, workspaceId, update, now));
}

/** Deletes a workspace with everything in it (an admin, checked by the caller). */
export function removeWorkspace(trx: Kysely<Database>, workspaceId: string): Promise<void> {
  return deleteWorkspace(trx, workspaceId);
}
