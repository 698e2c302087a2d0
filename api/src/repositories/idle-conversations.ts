import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { recordChange } from '../live/write-transaction';
import { countDelta, historyEntry } from './conversations';
import { adjustConversationCounts } from './statistics';

// The idle timeout's side of conversations: which have gone idle, and resolving them.

/**
 * Conversations not resolved whose last customer message (or creation) is older than their
 * chatbot's idleTimeoutInMinutes at `now`, oldest first. A timeout of 0 or less never expires.
 */
export async function findIdleConversationIds(
  db: Kysely<Database>,
  now: Date,
  limit: number,
): Promise<string[]> {
  const rows = await db
    .selectFrom('conversations as c')
    .innerJoin('chatbots as b', 'b.id', 'c.chatbotId')
    .select('c.id')
    .where('c.status', '<>', 'resolved')
    // A mail waits for its answer however long it takes: only chats go idle.
    .where('c.channel', '=', 'widget')
    .where('b.idleTimeoutInMinutes', '>', 0)
    .where(
      sql<boolean>`coalesce(c.last_customer_message_at, c.created_at) + b.idle_timeout_in_minutes * interval '1 minute' <= ${now}`,
    )
    .orderBy('c.lastCustomerMessageAt')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

/**
 * Resolves the conversation if it is still idle at `now` (reason 'idle'). The condition is in
 * the UPDATE itself, so several instances sweeping at once resolve it once, and a customer
 * message committed since the conversation was found keeps it open. Returns its workspace when
 * it did.
 */
export async function resolveIfIdle(
  trx: Kysely<Database>,
  id: string,
  now: Date,
): Promise<{ workspaceId: string } | undefined> {
  const row = await trx
    .updateTable('conversations as c')
    .from('chatbots as b')
    .set({
      status: 'resolved',
      statusHistory: historyEntry({
        status: 'resolved',
        changedAt: now.toISOString(),
        changedBy: null,
        reason: 'idle',
      }),
      updatedAt: now,
    })
    .whereRef('b.id', '=', 'c.chatbotId')
    .where('c.id', '=', id)
    .where('c.status', '<>', 'resolved')
    .where('c.channel', '=', 'widget')
    .where('b.idleTimeoutInMinutes', '>', 0)
    .where(
      sql<boolean>`coalesce(c.last_customer_message_at, c.created_at) + b.idle_timeout_in_minutes * interval '1 minute' <= ${now}`,
    )
    .returning(['c.id', 'c.workspaceId'])
    .executeTakeFirst();
  if (!row) return undefined;
  // Not resolved before, so open or pending: both count as pending (product-spec.md §3 "unresolved").
  await adjustConversationCounts(trx, row.workspaceId, countDelta('open', 'resolved'), now);
  recordChange(trx, { collection: 'conversations', workspaceId: row.workspaceId, ids: [row.id] });
  return { workspaceId: row.workspaceId };
}
