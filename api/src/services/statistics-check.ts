import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { CounterColumn } from '../repositories/statistics';

interface Counter {
  /** The counter as clients read it (statisticsSchema path). */
  name: string;
  column: CounterColumn;
  /** SQL filter over the source table's rows that the counter counts; none: every row. */
  filter?: string;
  /** A column whose values the counter adds up (over the filtered rows), instead of counting. */
  sum?: string;
}

/**
 * Where each statistics counter comes from. A group is counted only once its table exists with
 * the columns named here (products, conversations and Q&A pairs arrive with their issues; an
 * issue whose table differs adjusts its group).
 */
interface CounterGroup {
  table: string;
  columns: string[];
  counters: Counter[];
}

export const counterGroups: CounterGroup[] = [
  {
    table: 'tickets',
    columns: ['workspace_id', 'status'],
    counters: [
      { name: 'tickets.open', column: 'ticketsOpen', filter: "status = 'open'" },
      { name: 'tickets.closed', column: 'ticketsClosed', filter: "status = 'closed'" },
    ],
  },
  {
    table: 'products',
    columns: ['workspace_id', 'status'],
    counters: [
      { name: 'products.all', column: 'productsAll' },
      { name: 'products.active', column: 'productsActive', filter: "status = 'active'" },
      { name: 'products.disabled', column: 'productsDisabled', filter: "status = 'disabled'" },
      {
        name: 'products.processing',
        column: 'productsProcessing',
        filter: "status = 'processing'",
      },
    ],
  },
  {
    table: 'conversations',
    columns: ['workspace_id', 'status', 'rating', 'bot_answered_at'],
    counters: [
      { name: 'conversations.all', column: 'conversationsAll' },
      {
        name: 'conversations.resolved',
        column: 'conversationsResolved',
        filter: "status = 'resolved'",
      },
      {
        // product-spec.md §3: the unresolved count is stored as pending (open and pending conversations).
        name: 'conversations.pending',
        column: 'conversationsPending',
        filter: "status <> 'resolved'",
      },
      {
        // Issue 15: only when the customer took an answer (suggestions alone do not count).
        name: 'conversations.botAnswered',
        column: 'conversationsBotAnswered',
        filter: 'bot_answered_at is not null',
      },
      { name: 'ratings.count', column: 'ratingsCount', filter: 'rating is not null' },
      { name: 'ratings.sum', column: 'ratingsSum', sum: 'rating' },
    ],
  },
  {
    table: 'ai_training_qnas',
    columns: ['workspace_id'],
    counters: [{ name: 'aiTrainingQnas.count', column: 'aiTrainingQnasCount' }],
  },
];

export interface StatisticsDifference {
  workspaceId: string;
  counter: string;
  /** null: the workspace has no statistics (not one shard). */
  stored: number | null;
  counted: number;
}

export interface StatisticsReport {
  workspaces: number;
  /** Tables counted, and those not (yet) present. */
  checked: string[];
  skipped: string[];
  differences: StatisticsDifference[];
}

/** Which of `tables` exist with all the columns their group needs. */
async function presentGroups(db: Kysely<Database>): Promise<CounterGroup[]> {
  const { rows } = await sql<{ tableName: string; columnName: string }>`
    select table_name, column_name from information_schema.columns
    where table_schema = current_schema()
      and table_name in (${sql.join(counterGroups.map((group) => group.table))})
  `.execute(db);
  const columns = new Set(rows.map((row) => `${row.tableName}.${row.columnName}`));
  return counterGroups.filter((group) =>
    group.columns.every((column) => columns.has(`${group.table}.${column}`)),
  );
}

/** The SQL aggregate of one counter: a count, or a sum, over the rows its filter keeps. */
function aggregateOf(counter: Counter): string {
  const filter = counter.filter ? ` filter (where ${counter.filter})` : '';
  return counter.sum ? `coalesce(sum(${counter.sum})${filter}, 0)` : `count(*)${filter}`;
}

/** Counts each counter of the group per workspace, from the rows themselves. */
async function countGroup(db: Kysely<Database>, group: CounterGroup) {
  const selections = group.counters.map(
    (counter, i) => sql`${sql.raw(aggregateOf(counter))} as ${sql.ref(`c${i}`)}`,
  );
  const { rows } = await sql<Record<string, string | number>>`
    select workspace_id, ${sql.join(selections)} from ${sql.table(group.table)}
    group by workspace_id
  `.execute(db);
  const counts = new Map<string, Map<string, number>>();
  for (const row of rows) {
    const byCounter = new Map(
      group.counters.map((counter, i) => [counter.name, Number(row[`c${i}`])]),
    );
    counts.set(String(row.workspaceId), byCounter);
  }
  return counts;
}

/**
 * Recounts every workspace's statistics from the rows (tickets open and closed; the other
 * counters once their tables exist) and lists each counter that differs from the stored row.
 * Read-only; writes committed while it runs may show as passing differences.
 */
export async function checkStatistics(db: Kysely<Database>): Promise<StatisticsReport> {
  const groups = await presentGroups(db);
  const workspaces = await db
    .selectFrom('workspaces as w')
    .leftJoin('statistics as s', 's.workspaceId', 'w.id')
    .select('w.id')
    .selectAll('s')
    .orderBy('w.id')
    .execute();
  const differences: StatisticsDifference[] = [];
  for (const group of groups) {
    const counts = await countGroup(db, group);
    for (const row of workspaces) {
      for (const counter of group.counters) {
        const counted = counts.get(row.id)?.get(counter.name) ?? 0;
        const stored = row.workspaceId === null ? null : row[counter.column];
        if (stored !== counted) {
          differences.push({ workspaceId: row.id, counter: counter.name, stored, counted });
        }
      }
    }
  }
  differences.sort(
    (a, b) => a.workspaceId.localeCompare(b.workspaceId) || a.counter.localeCompare(b.counter),
  );
  const checked = groups.map((group) => group.table);
  return {
    workspaces: workspaces.length,
    checked,
    skipped: counterGroups.map((group) => group.table).filter((table) => !checked.includes(table)),
    differences,
  };
}
