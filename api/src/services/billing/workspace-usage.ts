import { sql, type Kysely } from 'kysely';
import type { BillingUsage } from 'shared-sdk';
import type { Database } from '../../db/schema';

/** The calendar month (UTC) holding `now`: its first instant, the next month's, and "2025-03". */
export function usageMonth(now: Date): { start: Date; end: Date; label: string } {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth();
  return {
    start: new Date(Date.UTC(year, month, 1)),
    end: new Date(Date.UTC(year, month + 1, 1)),
    label: `${year}-${String(month + 1).padStart(2, '0')}`,
  };
}

/**
 * A conversation the bot resolved on its own: resolved, no agent ever took it over (agentIds
 * empty), never waiting for a person (no pending status: no handoff asked for, none for want of
 * confidence) and never changed by an agent (an agent's resolve leaves agentIds empty).
 */
const resolvedByBot = sql<boolean>`status = 'resolved'
  and agent_ids = '[]'::jsonb
  and not exists (
    select 1 from jsonb_array_elements(status_history) as change
    where change->>'status' = 'pending' or change->>'changedBy' is not null
  )`;

/** What the workspace uses of its plan: this month's conversations, its training and catalogue. */
export async function workspaceUsage(
  db: Kysely<Database>,
  workspaceId: string,
  now: Date,
): Promise<BillingUsage> {
  const month = usageMonth(now);
  const [conversations, statistics, webPages] = await Promise.all([
    db
      .selectFrom('conversations')
      .select([
        sql<string>`count(*)`.as('opened'),
        sql<string>`count(*) filter (where ${resolvedByBot})`.as('resolvedByBot'),
      ])
      .where('workspaceId', '=', workspaceId)
      .where('createdAt', '>=', month.start)
      .where('createdAt', '<', month.end)
      .executeTakeFirstOrThrow(),
    // Kept in step with every write (and recounted by `npm run check:statistics`).
    db
      .selectFrom('statistics')
      .select(['aiTrainingQnasCount', 'productsAll'])
      .where('workspaceId', '=', workspaceId)
      .executeTakeFirst(),
    db
      .selectFrom('aiTrainingWebpages')
      .select(sql<string>`count(*)`.as('count'))
      .where('workspaceId', '=', workspaceId)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    month: month.label,
    conversations: Number(conversations.opened),
    botResolvedConversations: Number(conversations.resolvedByBot),
    qnaPairs: statistics?.aiTrainingQnasCount ?? 0,
    products: statistics?.productsAll ?? 0,
    webPages: Number(webPages.count),
  };
}

/** Seats in use: the workspace's active members (disabled ones take no seat). */
export async function countSeatsUsed(db: Kysely<Database>, workspaceId: string): Promise<number> {
  const row = await db
    .selectFrom('workspaceUsers')
    .select(sql<string>`count(*)`.as('count'))
    .where('workspaceId', '=', workspaceId)
    .where('status', '=', 'active')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
