import { sql } from 'kysely';
import type { Kysely, QueryCreator, Selectable } from 'kysely';
import type {
  Conversation,
  ConversationChannel,
  ConversationStatus,
  StatusChange,
} from 'shared-sdk/schemas';
import { randomId } from '../db/random-id';
import { runStatement } from '../db/statements';
import type { Statement } from '../db/statements';
import type { ConversationsTable, Database } from '../db/schema';
import { recordChange } from '../live/write-transaction';
import {
  adjustRatings,
  changesConversationCounts,
  countBotAnswered,
  countConversations,
} from './statistics';
import type { ConversationCountDelta } from './statistics';

export type ConversationRow = Selectable<ConversationsTable>;

/** The conversation joined with its customer's names (product-spec.md §2: the takeover list shows them). */
export function selectEnrichedConversations(db: Kysely<Database>) {
  return db
    .selectFrom('conversations as c')
    .innerJoin('customers as cu', 'cu.id', 'c.customerId')
    .selectAll('c')
    .select([
      'cu.firstName as customerFirstName',
      'cu.lastName as customerLastName',
      'cu.email as customerEmail',
      'cu.orderId as customerOrderId',
      'cu.userId as customerUserId',
    ]);
}

type EnrichedRow = Awaited<
  ReturnType<ReturnType<typeof selectEnrichedConversations>['executeTakeFirstOrThrow']>
>;

export function toConversation(row: EnrichedRow): Conversation {
  return {
    id: row.id,
    workspaceId: row.workspaceId,
    chatbotId: row.chatbotId,
    customerId: row.customerId,
    subject: row.subject,
    channel: row.channel,
    status: row.status,
    isPending: row.status === 'pending',
    statusHistory: row.statusHistory,
    agentIds: row.agentIds,
    lastMessage: row.lastMessage,
    messagesCount: row.messagesCount,
    messagesSeenCount: row.messagesSeenCount,
    customer: {
      firstName: row.customerFirstName,
      lastName: row.customerLastName,
      email: row.customerEmail,
      orderId: row.customerOrderId,
      verified: row.customerUserId !== null,
    },
    assigneeId: row.assigneeId,
    agentLastSeenAt: row.agentLastSeenAt?.toISOString() ?? null,
    rating:
      row.rating !== null && row.ratedAt !== null
        ? { value: row.rating, comment: row.ratingComment, ratedAt: row.ratedAt.toISOString() }
        : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The workspace's conversation `id`, as clients read it. */
export async function findConversation(
  db: Kysely<Database>,
  workspaceId: string,
  id: string,
): Promise<Conversation | undefined> {
  const row = await selectEnrichedConversations(db)
    .where('c.id', '=', id)
    .where('c.workspaceId', '=', workspaceId)
    .executeTakeFirst();
  return row && toConversation(row);
}

/** The customer's latest conversation (whatever its status), as clients read it. */
export async function findLatestConversationOfCustomer(
  db: Kysely<Database>,
  customerId: string,
): Promise<Conversation | undefined> {
  const row = await selectEnrichedConversations(db)
    .where('c.customerId', '=', customerId)
    .orderBy('c.createdAt', 'desc')
    .orderBy('c.id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row && toConversation(row);
}

/** Counter deltas of one conversation going from `before` to `after` (null: not there). */
export function countDelta(before: ConversationStatus | null, after: ConversationStatus | null) {
  const counted = (status: ConversationStatus | null) => ({
    all: status === null ? 0 : 1,
    resolved: status === 'resolved' ? 1 : 0,
    // product-spec.md §3: "unresolved (stored as pending)": open and pending alike.
    pending: status !== null && status !== 'resolved' ? 1 : 0,
  });
  const from = counted(before);
  const to = counted(after);
  return {
    all: to.all - from.all,
    resolved: to.resolved - from.resolved,
    pending: to.pending - from.pending,
  };
}

export const historyEntry = (entry: StatusChange) =>
  sql<string>`status_history || ${JSON.stringify([entry])}::jsonb`;

/**
 * Where a conversation write starts: with the statistics counters' update as part of its
 * statement (a WITH clause) when it moves them, one round trip to the database instead of two.
 */
function withConversationCounts(
  trx: Kysely<Database>,
  workspaceId: string,
  delta: ConversationCountDelta,
  now: Date,
): QueryCreator<Database> {
  if (!changesConversationCounts(delta)) return trx;
  const counting = trx.with('counted', () => countConversations(trx, workspaceId, delta, now));
  // The statement never reads `counted`: dropping it from the type loses nothing.
  return counting as unknown as QueryCreator<Database>;
}

/** How a new conversation opens (insertConversation). */
export interface ConversationOpening {
  channel?: ConversationChannel;
  subject?: string | null;
  status?: ConversationStatus;
}

/**
 * A new conversation of the customer with the chatbot: open (the bot answers) unless `opening`
 * says otherwise (a mail waits for a person), its history starting with 'created', counted in the
 * statistics. The idle timeout counts from now.
 */
export async function insertConversation(
  trx: Kysely<Database>,
  conversation: { workspaceId: string; chatbotId: string; customerId: string },
  now: Date,
  opening: ConversationOpening = {},
): Promise<ConversationRow> {
  const { workspaceId, chatbotId, customerId } = conversation;
  const statement = insertConversationsStatement(
    trx,
    workspaceId,
    [{ id: randomId(), chatbotId, customerId, opening }],
    now,
  );
  return (await runStatement(trx, statement))[0]!;
}

/** A conversation insertConversationsStatement makes, its id drawn by the caller. */
export interface NewConversation {
  id: string;
  chatbotId: string;
  customerId: string;
  opening: ConversationOpening;
}

/**
 * insertConversation's statement for conversations of one workspace, each as `opening` says,
 * counted together; for a caller that sends others with it (sendTogether) and drew their ids to
 * refer to them in the same trip. A group of received mails starts them all in one statement.
 */
export function insertConversationsStatement(
  trx: Kysely<Database>,
  workspaceId: string,
  conversations: NewConversation[],
  now: Date,
): Statement<ConversationRow[]> {
  const delta: ConversationCountDelta = { all: 0, resolved: 0, pending: 0 };
  const values = conversations.map(({ id, chatbotId, customerId, opening }) => {
    const status = opening.status ?? 'open';
    const counted = countDelta(null, status);
    delta.all += counted.all;
    delta.resolved += counted.resolved;
    delta.pending += counted.pending;
    const created: StatusChange = {
      status,
      changedAt: now.toISOString(),
      changedBy: null,
      reason: 'created',
    };
    return {
      id,
      workspaceId,
      chatbotId,
      customerId,
      subject: opening.subject ?? null,
      channel: opening.channel ?? 'widget',
      status,
      statusHistory: JSON.stringify([created]),
      agentIds: '[]',
      lastMessage: null,
      messagesSeenCount: '{}',
      lastCustomerMessageAt: now,
      updatedAt: now,
    };
  });
  const query = withConversationCounts(trx, workspaceId, delta, now)
    .insertInto('conversations')
    .values(values)
    .returningAll()
    .compile();
  return {
    query,
    read: (rows) => {
      const inserted = rows as ConversationRow[];
      if (inserted.length !== conversations.length) {
        throw new Error('A new conversation was not inserted');
      }
      recordChange(trx, {
        collection: 'conversations',
        workspaceId,
        ids: inserted.map((row) => row.id),
      });
      return inserted;
    },
  };
}

export interface StatusUpdate {
  status: ConversationStatus;
  reason: StatusChange['reason'];
  /** The agent who changed it; null for the customer, the bot or the idle timeout. */
  changedBy: string | null;
  /** An agent taking the conversation over (added to agentIds once). */
  agentId?: string;
}

/**
 * Changes the locked conversation's status, appends the change to its statusHistory and moves
 * it between the statistics counters. With `agentId`, the agent joins agentIds: from then on
 * the bot stays silent.
 */
export async function changeConversationStatus(
  trx: Kysely<Database>,
  before: ConversationRow,
  update: StatusUpdate,
  now: Date,
): Promise<ConversationRow> {
  const agentIds =
    update.agentId && !before.agentIds.includes(update.agentId)
      ? [...before.agentIds, update.agentId]
      : before.agentIds;
  const row = await withConversationCounts(
    trx,
    before.workspaceId,
    countDelta(before.status, update.status),
    now,
  )
    .updateTable('conversations')
    .set({
      status: update.status,
      statusHistory: historyEntry({
        status: update.status,
        changedAt: now.toISOString(),
        changedBy: update.changedBy,
        reason: update.reason,
      }),
      agentIds: JSON.stringify(agentIds),
      updatedAt: now,
    })
    .where('id', '=', before.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  recordChange(trx, { collection: 'conversations', workspaceId: row.workspaceId, ids: [row.id] });
  return row;
}

/**
 * product-spec.md §3 messagesSeenCount per conversation and per user. Never more than the messages there
 * are, and never less than the user had seen already: a late request from another tab does not
 * mark messages unseen again.
 */
export async function setMessagesSeenCount(
  trx: Kysely<Database>,
  before: ConversationRow,
  userId: string,
  messagesSeenCount: number,
  now: Date,
): Promise<ConversationRow> {
  const seen = Math.min(
    before.messagesCount,
    Math.max(messagesSeenCount, before.messagesSeenCount[userId] ?? 0),
  );
  if (before.messagesSeenCount[userId] === seen) return before;
  const row = await trx
    .updateTable('conversations')
    .set({
      messagesSeenCount: JSON.stringify({ ...before.messagesSeenCount, [userId]: seen }),
      // The widget's "Seen": an agent has read the customer's messages up to now.
      agentLastSeenAt: now,
    })
    .where('id', '=', before.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  recordChange(trx, { collection: 'conversations', workspaceId: row.workspaceId, ids: [row.id] });
  return row;
}

/** Assigns the locked conversation to `assigneeId` (null: nobody); its place in the list stays. */
export async function setConversationAssignee(
  trx: Kysely<Database>,
  before: ConversationRow,
  assigneeId: string | null,
): Promise<ConversationRow> {
  if (before.assigneeId === assigneeId) return before;
  const row = await trx
    .updateTable('conversations')
    .set({ assigneeId })
    .where('id', '=', before.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  recordChange(trx, { collection: 'conversations', workspaceId: row.workspaceId, ids: [row.id] });
  return row;
}

/**
 * A member who leaves the workspace (removed, or disabled) answers none of its conversations any
 * more: they go back to "unassigned", in the transaction of the membership change.
 */
export async function unassignMember(
  trx: Kysely<Database>,
  workspaceId: string,
  userId: string,
): Promise<void> {
  const rows = await trx
    .updateTable('conversations')
    .set({ assigneeId: null })
    .where('workspaceId', '=', workspaceId)
    .where('assigneeId', '=', userId)
    .returning('id')
    .execute();
  if (rows.length === 0) return;
  recordChange(trx, { collection: 'conversations', workspaceId, ids: rows.map((row) => row.id) });
}

/**
 * The customer's rating of the locked, not yet rated conversation, counted in the workspace's
 * rating figures in the same transaction.
 */
export async function setConversationRating(
  trx: Kysely<Database>,
  before: ConversationRow,
  rating: { value: number; comment: string | null },
  now: Date,
): Promise<ConversationRow> {
  const row = await trx
    .updateTable('conversations')
    .set({ rating: rating.value, ratingComment: rating.comment, ratedAt: now })
    .where('id', '=', before.id)
    .where('rating', 'is', null)
    .returningAll()
    .executeTakeFirstOrThrow();
  await adjustRatings(trx, row.workspaceId, rating.value, now);
  recordChange(trx, { collection: 'conversations', workspaceId: row.workspaceId, ids: [row.id] });
  return row;
}

/**
 * The customer took an answer of the bot's training (an answer, or a suggestion they chose): the
 * first time, the conversation counts as answered by the bot in the workspace's statistics, in
 * the same transaction. The caller holds the conversation's lock.
 */
export async function markBotAnswered(
  trx: Kysely<Database>,
  before: Pick<ConversationRow, 'id' | 'workspaceId' | 'botAnsweredAt'>,
  now: Date,
): Promise<Pick<ConversationRow, 'id' | 'workspaceId' | 'botAnsweredAt'>> {
  if (before.botAnsweredAt) return before;
  const row = await trx
    .with('counted', () => countBotAnswered(trx, before.workspaceId, now))
    .updateTable('conversations')
    .set({ botAnsweredAt: now })
    .where('id', '=', before.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  recordChange(trx, { collection: 'conversations', workspaceId: row.workspaceId, ids: [row.id] });
  return row;
}
