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
      // product-spec.md §3: "unresolved" conversations are stored as pending.
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
  await trx.insertInto('statisticsShards').values({ workspaceId }).execute();
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

export type CounterColumn = Exclude<keyof StatisticsTable, 'workspaceId' | 'updatedAt'>;

/**
 * The shard a statement changes (migration 0018): its connection's. Every statement of a
 * transaction runs on one connection, so a transaction changes one shard, and transactions on
 * other connections do not wait for it.
 */
const connectionShard = sql<number>`pg_backend_pid() % 16`;

/**
 * Adds `counts` (any may be negative) to the workspace's counters, as a statement not yet run:
 * one atomic increment each, so concurrent writes cannot lose a count. Run it in the
 * transaction of the write that changes the counts, or make it part of that write (a WITH
 * clause), saving a round trip. Records the change.
 */
function addCounts(
  trx: Kysely<Database>,
  workspaceId: string,
  counts: Partial<Record<CounterColumn, number>>,
  now: Date,
) {
  recordChange(trx, { collection: 'statistics', workspaceId, ids: [workspaceId] });
  const increments = Object.keys(counts).map((column) => [
    column,
    sql<number>`${sql.ref(`statisticsShards.${column}`)} + ${sql.ref(`excluded.${column}`)}`,
  ]);
  return trx
    .insertInto('statisticsShards')
    .values({ workspaceId, shard: connectionShard, ...counts, updatedAt: now })
    .onConflict((conflict) =>
      conflict
        .columns(['workspaceId', 'shard'])
        .doUpdateSet({ ...Object.fromEntries(increments), updatedAt: now }),
    );
}

/** Adds `open` and `closed` (either may be negative) to the workspace's ticket counters. */
export async function adjustTicketCounts(
  trx: Kysely<Database>,
  workspaceId: string,
  delta: { open: number; closed: number },
  now: Date,
): Promise<void> {
  if (delta.open === 0 && delta.closed === 0) return;
  await countTickets(trx, workspaceId, delta, now).execute();
}

/** adjustTicketCounts as a statement not yet run (addCounts). */
export function countTickets(
  trx: Kysely<Database>,
  workspaceId: string,
  { open, closed }: { open: number; closed: number },
  now: Date,
) {
  return addCounts(trx, workspaceId, { ticketsOpen: open, ticketsClosed: closed }, now);
}

/**
 * Adds to the workspace's conversation counters. `pending` counts every conversation not
 * resolved (product-spec.md §3 "unresolved (stored as pending)"), open ones too.
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

/** adjustConversationCounts as a statement not yet run (addCounts). */
export function countConversations(
  trx: Kysely<Database>,
  workspaceId: string,
  { all, resolved, pending }: ConversationCountDelta,
  now: Date,
) {
  return addCounts(
    trx,
    workspaceId,
    { conversationsAll: all, conversationsResolved: resolved, conversationsPending: pending },
    now,
  );
}

/** Counts one more conversation answered by the bot, as a statement not yet run (addCounts). */
export function countBotAnswered(trx: Kysely<Database>, workspaceId: string, now: Date) {
  return addCounts(trx, workspaceId, { conversationsBotAnswered: 1 }, now);
}

/** Counts one more rating of `value` in the workspace's figures, in the rating's transaction. */
export async function adjustRatings(
  trx: Kysely<Database>,
  workspaceId: string,
  value: number,
  now: Date,
): Promise<void> {
  await addCounts(trx, workspaceId, { ratingsCount: 1, ratingsSum: value }, now).execute();
}

/** Adds `delta` to the workspace's Q&A pair count, in the transaction of the Q&A write. */
export async function adjustAiTrainingQnaCount(
  trx: Kysely<Database>,
  workspaceId: string,
  delta: number,
  now: Date,
): Promise<void> {
  if (delta === 0) return;
  await addCounts(trx, workspaceId, { aiTrainingQnasCount: delta }, now).execute();
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
  const counts = {
    productsAll: all,
    productsActive: active,
    productsDisabled: disabled,
    productsProcessing: processing,
  };
  await addCounts(trx, workspaceId, counts, now).execute();
}

/**
 * Sets the workspace's product counters from its rows, for a write that changes too many
 * products to count one by one (an import). The workspace's shards are locked first, by the
 * caller's transaction before it writes: concurrent product writes then wait, and their
 * increments land on the recounted figures. (A write that makes a new shard meanwhile is not
 * seen by the recount, nor is its product, so its increment is still due.)
 */
export async function lockStatistics(trx: Kysely<Database>, workspaceId: string): Promise<void> {
  await lockRows(
    trx,
    trx
      .selectFrom('statisticsShards')
      .select('shard')
      .where('workspaceId', '=', workspaceId)
      // One order for every transaction that locks them all, so two cannot deadlock.
      .orderBy('shard')
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
    update statistics_shards set
      products_all = case shard when 0 then counted.all_products else 0 end,
      products_active = case shard when 0 then counted.active else 0 end,
      products_disabled = case shard when 0 then counted.disabled else 0 end,
      products_processing = case shard when 0 then counted.processing else 0 end,
      updated_at = ${now}
    from (
      select
        count(*)::int as all_products,
        (count(*) filter (where status = 'active'))::int as active,
        (count(*) filter (where status = 'disabled'))::int as disabled,
        (count(*) filter (where status = 'processing'))::int as processing
      from products where workspace_id = ${workspaceId}
    ) as counted
    where statistics_shards.workspace_id = ${workspaceId}`.execute(trx);
}
