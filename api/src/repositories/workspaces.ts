import type { Kysely, Selectable } from 'kysely';
import type { Workspace } from 'shared-sdk';
import type { Database, WorkspacesTable } from '../db/schema';
import { recordChange } from '../live/write-transaction';

export type WorkspaceRow = Selectable<WorkspacesTable>;

export function toWorkspace(row: WorkspaceRow): Workspace {
  return {
    id: row.id,
    ownedBy: row.ownedBy,
    name: row.name,
    url: row.url,
    ticketForwardingEmail: row.ticketForwardingEmail,
    backgroundColor: row.backgroundColor,
    currency: row.currency,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function insertWorkspace(
  trx: Kysely<Database>,
  workspace: { id: string; ownedBy: string; name: string; url: string },
): Promise<WorkspaceRow> {
  recordChange(trx, { collection: 'workspaces', workspaceId: workspace.id, ids: [workspace.id] });
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

/** The workspace shows in its members' workspace_user documents: those re-run by themselves. */
export function updateWorkspace(
  trx: Kysely<Database>,
  id: string,
  update: {
    name: string;
    url: string;
    currency?: string | undefined;
    ticketForwardingEmail?: string | null | undefined;
    backgroundColor?: string | undefined;
  },
  now: Date,
): Promise<WorkspaceRow> {
  recordChange(trx, { collection: 'workspaces', workspaceId: id, ids: [id] });
  return trx
    .updateTable('workspaces')
    .set({ ...update, updatedAt: now })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Its members, chatbots, statistics and tickets go with it (foreign keys cascade). The removed
 * links are recorded with their members: that is what ends the members' live subscriptions.
 */
export async function deleteWorkspace(trx: Kysely<Database>, id: string): Promise<void> {
  const links = await trx
    .selectFrom('workspaceUsers')
    .select(['id', 'userId'])
    .where('workspaceId', '=', id)
    .execute();
  recordChange(trx, {
    collection: 'workspace_user',
    workspaceId: id,
    ids: links.map((link) => link.id),
    userIds: links.map((link) => link.userId),
  });
  recordChange(trx, { collection: 'workspaces', workspaceId: id, ids: [id] });
  recordChange(trx, { collection: 'statistics', workspaceId: id, ids: [id] });
  for (const collection of ['chatbots', 'tickets'] as const) {
    recordChange(trx, { collection, workspaceId: id, ids: [] });
  }
  await trx.deleteFrom('workspaces').where('id', '=', id).execute();
}
