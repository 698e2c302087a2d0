import { sql, type Kysely, type Selectable } from 'kysely';
import type { CannedResponse } from 'shared-sdk/schemas';
import { randomId } from '../db/random-id';
import type { CannedResponsesTable, Database } from '../db/schema';
import { recordChange } from '../live/write-transaction';
import { lockWorkspace } from './workspaces';

export type CannedResponseRow = Selectable<CannedResponsesTable>;

export function toCannedResponse(row: CannedResponseRow): CannedResponse {
  return {
    id: row.id,
    workspaceId: row.workspaceId,
    shortcut: row.shortcut,
    content: row.content,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const changed = (trx: Kysely<Database>, workspaceId: string, ids: string[]) =>
  recordChange(trx, { collection: 'canned_responses', workspaceId, ids });

/** The workspace's canned responses by shortcut (canned_responses_shortcut_key). */
export function listCannedResponses(
  db: Kysely<Database>,
  workspaceId: string,
): Promise<CannedResponseRow[]> {
  return db
    .selectFrom('cannedResponses')
    .selectAll()
    .where('workspaceId', '=', workspaceId)
    .orderBy('shortcut')
    .execute();
}

/** The workspace's canned response `id`, locked until the transaction ends. */
export function lockCannedResponse(
  trx: Kysely<Database>,
  workspaceId: string,
  id: string,
): Promise<CannedResponseRow | undefined> {
  return trx
    .selectFrom('cannedResponses')
    .selectAll()
    .where('workspaceId', '=', workspaceId)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

/**
 * How many canned responses the workspace has, its row locked first: two creates at once
 * count one after the other, so neither passes the limit unseen.
 */
export async function countCannedResponsesLocked(
  trx: Kysely<Database>,
  workspaceId: string,
): Promise<number> {
  await lockWorkspace(trx, workspaceId);
  const { count } = await trx
    .selectFrom('cannedResponses')
    .select(sql<number>`count(*)::int`.as('count'))
    .where('workspaceId', '=', workspaceId)
    .executeTakeFirstOrThrow();
  return Number(count);
}

/** Whether another of the workspace's canned responses has `shortcut`. */
export async function shortcutTaken(
  trx: Kysely<Database>,
  workspaceId: string,
  shortcut: string,
  exceptId: string | null,
): Promise<boolean> {
  let query = trx
    .selectFrom('cannedResponses')
    .select('id')
    .where('workspaceId', '=', workspaceId)
    .where('shortcut', '=', shortcut);
  if (exceptId) query = query.where('id', '<>', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

export async function insertCannedResponse(
  trx: Kysely<Database>,
  response: { workspaceId: string; shortcut: string; content: string },
  now: Date,
): Promise<CannedResponseRow> {
  const row = await trx
    .insertInto('cannedResponses')
    .values({ id: randomId(), ...response, updatedAt: now })
    .returningAll()
    .executeTakeFirstOrThrow();
  changed(trx, row.workspaceId, [row.id]);
  return row;
}

export async function updateCannedResponse(
  trx: Kysely<Database>,
  before: CannedResponseRow,
  change: { shortcut?: string; content?: string },
  now: Date,
): Promise<CannedResponseRow> {
  const row = await trx
    .updateTable('cannedResponses')
    .set({ ...change, updatedAt: now })
    .where('id', '=', before.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  changed(trx, row.workspaceId, [row.id]);
  return row;
}

export async function deleteCannedResponse(
  trx: Kysely<Database>,
  row: CannedResponseRow,
): Promise<void> {
  await trx.deleteFrom('cannedResponses').where('id', '=', row.id).execute();
  changed(trx, row.workspaceId, [row.id]);
}
