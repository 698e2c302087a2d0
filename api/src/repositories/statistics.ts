import { sql } from 'kysely';
import type { Kysely, Selectable } from 'kysely';
import type { Statistics } from 'shared-sdk';
import { lockRows } from '../db/lock-rows';
import type { Database, StatisticsTable } from '../db/schema';
import { recordChange } from '../live/write-transaction';

export type StatisticsRow = Selectable<StatisticsTable>;

export function toStatistics(row: StatisticsRow): Statistics {
  return {
    workspaceId: row.workspaceId,
    tickets: { open: row.ticketsOpen, closed: row.ticketsClosed },
    products: {
      all: row.productsAll,
      active: row.productsActive,
      disabled: row.productsDisabled,
      processing: row.productsProcessing,
    },
    conversations: {
      all: row.conversationsAll,
      resolved: row.conversationsResolved,
      // spec §3: "unresolved" conversations are stored as pending.
      pending: row.conversationsPending,
      botAnswered: row.conversationsBotAnswered,
    },
    aiTrainingQnas: { count: row.aiTrainingQnasCount },
    ratings: {
      count: row.ratingsCount,
      sum: row.ratingsSum,
      average: row.ratingsCount > 0 ? row.ratingsSum / row.ratingsCount : null,
    },
  };
}

/** The workspace's counters, all zero. Pass the transaction that creates the workspace. */
export async function insertStatistics(trx: Kysely<Database>, workspaceId: string): Promise<void> {
  recordChange(trx, { collection: 'statistics', workspaceId, ids: [workspaceId] });
  await trx.insertInto('statistics').values({ workspaceId }).execute();
}

export async function findStatistics(
  db: Kysely<Database>,
  workspaceId: string,
): Promise<Statistics | undefined> {
  const row = await db
    .selectFrom('statistics')
    .selectAll()
    .where('workspaceId', '=', workspaceId)
    .executeTakeFirst();
  return row && toStatistics(row);
}

/**
 * Adds `open` and `closed` (either may be negative) to the workspace's ticket counters, in the
 * transaction of the ticket write that changes them: one atomic increment each, so concurrent
 * writes cannot lose a count.
 */
export async function adjustTicketCounts(
  trx: Kysely<Database>,
  workspaceId: string,
  delta: { open: number; closed: number },
  now: Date,
): Promise<void> {
  if (delta.open === 0 && delta.closed === 0) return;
  await countTickets(trx, workspaceId, delta, now).execute();
}

/**
 * adjustTicketCounts as a statement not yet run, for a write that makes it part of its own
 * (a WITH clause), saving a round trip to the database. Records the change.
 */
export function countTickets(
  trx: Kysely<Database>,
  workspaceId: string,
  { open, closed }: { open: number; closed: number },
  now: Date,
) {
  recordChange(trx, { collection: 'statistics', workspaceId, ids: [workspaceId] });
  return trx
    .updateTable('statistics')
    .set({
      ticketsOpen: sql`tickets_open + ${open}`,
      ticketsClosed: sql`tickets_closed + ${closed}`,
      updatedAt: now,
    })
    .where('workspaceId', '=', workspaceId);
}

/**
 * Adds to the workspace's conversation counters, in the transaction of the conversation write
 * that changes them. `pending` counts every conversation not resolved (spec §3 "unresolved
 * (stored as pending)"), open ones too.
 */
export async function adjustConversationCounts(
  trx: Kysely<Database>,
  workspaceId: string,
  delta: ConversationCountDelta,
  now: Date,
): Promise<void> {
  if (!changesConversationCounts(delta)) return;
  await countConversations(trx, workspaceId, delta, now).execute();
}

export interface ConversationCountDelta {
  all: number;
  resolved: number;
  pending: number;
}

export const changesConversationCounts = ({ all, resolved, pending }: ConversationCountDelta) =>
  all !== 0 || resolved !== 0 || pending !== 0;

/**
 * adjustConversationCounts as a statement not yet run, for a conversation write that makes it
 * part of its own (a WITH clause), saving a round trip to the database. Records the change.
 */
export function countConversations(
  trx: Kysely<Database>,
  workspaceId: string,
  { all, resolved, pending }: ConversationCountDelta,
  now: Date,
) {
  recordChange(trx, { collection: 'statistics', workspaceId, ids: [workspaceId] });
  return trx
    .updateTable('statistics')
    .set({
      conversationsAll: sql`conversations_all + ${all}`,
      conversationsResolved: sql`conversations_resolved + ${resolved}`,
      conversationsPending: sql`conversations_pending + ${pending}`,
      updatedAt: now,
    })
    .where('workspaceId', '=', workspaceId);
}

/**
 * Counts one more conversation answered by the bot, as a statement not yet run, for the write
 * that marks it to make part of its own (a WITH clause). Records the change.
 */
export function countBotAnswered(trx: Kysely<Database>, workspaceId: string, now: Date) {
  recordChange(trx, { collection: 'statistics', workspaceId, ids: [workspaceId] });
  return trx
    .updateTable('statistics')
    .set({ conversationsBotAnswered: sql`conversations_bot_answered + 1`, updatedAt: now })
    .where('workspaceId', '=', workspaceId);
}

/** Counts one more rating of `value` in the workspace's figures, in the rating's transaction. */
export async function adjustRatings(
  trx: Kysely<Database>,
  workspaceId: string,
  value: number,
  now: Date,
): Promise<void> {
  recordChange(trx, { collection: 'statistics', workspaceId, ids: [workspaceId] });
  await trx
    .updateTable('statistics')
    .set({
      ratingsCount: sql`ratings_count + 1`,
      ratingsSum: sql`ratings_sum + ${value}`,
      updatedAt: now,
    })
    .where('workspaceId', '=', workspaceId)
    .execute();
}

/** Adds `delta` to the workspace's Q&A pair count, in the transaction of the Q&A write. */
export async function adjustAiTrainingQnaCount(
  trx: Kysely<Database>,
  workspaceId: string,
  delta: number,
  now: Date,
): Promise<void> {
  if (delta === 0) return;
  recordChange(trx, { collection: 'statistics', workspaceId, ids: [workspaceId] });
  await trx
    .updateTable('statistics')
    .set({ aiTrainingQnasCount: sql`ai_training_qnas_count + ${delta}`, updatedAt: now })
    .where('workspaceId', '=', workspaceId)
    .execute();
}

export type ProductCounts = Record<'active' | 'disabled' | 'processing', number>;

/**
 * Adds to the workspace's product counters, per status (any may be negative; `all` is their
 * sum), in the transaction of the product write that changes them.
 */
export async function adjustProductCounts(
  trx: Kysely<Database>,
  workspaceId: string,
  { active, disabled, processing }: ProductCounts,
  now: Date,
): Promise<void> {
  const all = active + disabled + processing;
  if (all === 0 && active === 0 && disabled === 0 && processing === 0) return;
  recordChange(trx, { collection: 'statistics', workspaceId, ids: [workspaceId] });
  await trx
    .updateTable('statistics')
    .set({
      productsAll: sql`products_all + ${all}`,
      productsActive: sql`products_active + ${active}`,
      productsDisabled: sql`products_disabled + ${disabled}`,
      productsProcessing: sql`products_processing + ${processing}`,
      updatedAt: now,
    })
    .where('workspaceId', '=', workspaceId)
    .execute();
}

/**
 * Sets the workspace's product counters from its rows, for a write that changes too many
 * products to count one by one (an import). The statistics row is locked first, by the caller's
 * transaction before it writes: concurrent product writes then wait, and their increments land
 * on the recounted figures.
 */
export async function lockStatistics(trx: Kysely<Database>, workspaceId: string): Promise<void> {
  await lockRows(
    trx,
    trx
      .selectFrom('statistics')
      .select('workspaceId')
      .where('workspaceId', '=', workspaceId)
      .forUpdate(),
  );
}

export async function recountProducts(
  trx: Kysely<Database>,
  workspaceId: string,
  now: Date,
): Promise<void> {
  recordChange(trx, { collection: 'statistics', workspaceId, ids: [workspaceId] });
  await sql`
    update statistics set
      products_all = counted.all_products,
      products_active = counted.active,
      products_disabled = counted.disabled,
      products_processing = counted.processing,
      updated_at = ${now}
    from (
      select
        count(*)::int as all_products,
        (count(*) filter (where status = 'active'))::int as active,
        (count(*) filter (where status = 'disabled'))::int as disabled,
        (count(*) filter (where status = 'processing'))::int as processing
      from products where workspace_id = ${workspaceId}
    ) as counted
    where statistics.workspace_id = ${workspaceId}`.execute(trx);
}
