import { sql } from 'kysely';
import type { Kysely, RawBuilder } from 'kysely';
import { compiledOnce } from '../db/compiled-once';
import { lockRows } from '../db/lock-rows';
import type { Database } from '../db/schema';
import type { ConversationRow } from './conversations';

// Conversation rows locked until the transaction ends: what serializes the writes to one
// conversation (its messages, status changes, takeovers).

/** The conversation's row, locked: lockConversation's query. */
const conversationForUpdate = (trx: Kysely<Database>, id: string) =>
  trx.selectFrom('conversations').selectAll().where('id', '=', id).forUpdate();

const conversationLocked = compiledOnce(conversationForUpdate);

/**
 * Locks the conversation row until the transaction ends: status changes, takeovers and
 * messages of one conversation are serialized, so each sees the state the previous one left
 * and the statistics move once per change.
 */
export async function lockConversation(
  trx: Kysely<Database>,
  id: string,
): Promise<ConversationRow | undefined> {
  const [conversation] = await conversationLocked(trx, id);
  return conversation;
}

/** The id of the latest conversation of the customer `customerId` names (a value or a column). */
const latestConversationOf = (customerId: string | RawBuilder<unknown>) =>
  sql<string>`(select id from conversations where customer_id = ${customerId}
    order by created_at desc, id desc limit 1)`;

/** lockUnresolvedLatestConversation's query. */
const unresolvedLatestForUpdate = (trx: Kysely<Database>, customerId: string) =>
  trx
    .selectFrom('conversations')
    .selectAll()
    .where('id', '=', latestConversationOf(customerId))
    .where('status', '<>', 'resolved')
    .forUpdate();

const unresolvedLatestLocked = compiledOnce(unresolvedLatestForUpdate);

/**
 * The customer's latest conversation row, locked (see lockConversation), when it is not resolved;
 * otherwise nothing is locked. A message to a conversation under way needs no other lock, and
 * most messages are; starting one needs the customer's (lockLatestConversationOfCustomer), which
 * is taken before any conversation's, so holding none here keeps that order. A resolve that
 * commits while this waits for the row leaves it unmatched: PostgreSQL checks the status again.
 */
export async function lockUnresolvedLatestConversation(
  trx: Kysely<Database>,
  customerId: string,
): Promise<ConversationRow | undefined> {
  const [conversation] = await unresolvedLatestLocked(trx, customerId);
  return conversation;
}

/**
 * The customer's latest conversation row, locked (see lockConversation). The customer's row is
 * locked first: two of their messages at once find the same latest conversation, or the second
 * finds the one the first started, instead of each starting (and counting) one of its own. A
 * no-key lock: the foreign-key checks of other writes to their conversations are not held up.
 */
export async function lockLatestConversationOfCustomer(
  trx: Kysely<Database>,
  customerId: string,
): Promise<ConversationRow | undefined> {
  await lockRows(
    trx,
    trx.selectFrom('customers').select('id').where('id', '=', customerId).forNoKeyUpdate(),
  );
  // Found and locked in one statement (lockConversation's lock): no conversation of the
  // customer can start while their row is locked, so the latest stays the latest.
  return trx
    .selectFrom('conversations')
    .selectAll()
    .where('id', '=', latestConversationOf(customerId))
    .forUpdate()
    .executeTakeFirst();
}

/** The customer's latest resolved conversation, locked (see lockConversation). */
export async function lockLatestResolvedConversationOfCustomer(
  trx: Kysely<Database>,
  customerId: string,
): Promise<ConversationRow | undefined> {
  const latest = await trx
    .selectFrom('conversations')
    .select('id')
    .where('customerId', '=', customerId)
    .where('status', '=', 'resolved')
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return latest && lockConversation(trx, latest.id);
}
