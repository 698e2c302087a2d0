import type { Kysely, Selectable } from 'kysely';
import type { Workspace } from 'shared-sdk';
import type { Database, WorkspacesTable } from '../db/schema';

export type WorkspaceRow = Selectable<WorkspacesTable>;

export function toWorkspace(row: WorkspaceRow): Workspace {
  return {
    id: row.id,
    ownedBy: row.ownedBy,
    name: row.name,
    url: row.url,
    ticketForwardingEmail: row.ticketForwardingEmail,
    backgroundColor: row.backgroundColor,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function insertWorkspace(
  trx: Kysely<Database>,
  workspace: { id: string; ownedBy: string; name: string; url: string },
): Promise<WorkspaceRow> {
  return trx
    .insertInto('workspaces')
    .values({ ...workspace, ticketForwardingEmail: null })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Locks the workspace row until the transaction ends: changes to its members are serialized,
 * so two admins demoting each other at once cannot leave it without an admin.
 */
export function lockWorkspace(
  trx: Kysely<Database>,
  id: string,
): Promise<WorkspaceRow | undefined> {
  return trx
    .selectFrom('workspaces')
    .selectAll()
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export function updateWorkspace(
  trx: Kysely<Database>,
  id: string,
  update: { name: string; url: string },
  now: Date,
): Promise<WorkspaceRow> {
  return trx
    .updateTable('workspaces')
    .set({ ...update, updatedAt: now })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Its members, chatbots and statistics go with it (foreign keys cascade). */
export async function deleteWorkspace(trx: Kysely<Database>, id: string): Promise<void> {
  await trx.deleteFrom('workspaces').where('id', '=', id).execute();
}
