import { sql } from 'kysely';
import type { Kysely, OperationNodeSource, RawBuilder, Selectable } from 'kysely';
import type {
  Message,
  MessageAttachment,
  MessageRole,
  PairSuggestion,
  ProductCard,
  SourceLink,
} from 'shared-sdk/schemas';
import { compiledOnce } from '../db/compiled-once';
import { randomId } from '../db/random-id';
import type { Database, MessagesTable } from '../db/schema';
import { recordChange } from '../live/write-transaction';
import { unresolvedLatestOfEachForUpdate } from './conversations';
import type { ConversationRow } from './conversations';

export type MessageRow = Selectable<MessagesTable>;

export function toMessage(row: MessageRow): Message {
  return {
    id: row.id,
    conversationId: row.conversationId,
    role: row.role,
    senderId: row.senderId,
    content: row.content,
    form: row.form,
    attachments: row.attachments,
    ...(row.productCard ? { productCard: row.productCard } : {}),
    ...(row.sourceLink ? { sourceLink: row.sourceLink } : {}),
    ...(row.suggestions
      ? { suggestions: row.suggestions, suggestionChoice: row.suggestionChoice }
      : {}),
    ...(row.email ? { email: row.email } : {}),
    timestamp: row.timestamp.toISOString(),
  };
}

export interface NewMessage {
  role: MessageRole;
  /** The customer's id, the agent's user id, or the chatbot's id. */
  senderId: string;
  content: string;
  form?: Record<string, string> | null;
  attachments?: MessageAttachment[];
  /** The sender's client's id for this send (see findSentMessage). */
  clientId?: string;
  productCard?: ProductCard;
  sourceLink?: SourceLink;
  suggestions?: PairSuggestion[];
}

/** The message `senderId` already sent with `clientId`: a retried send, stored once. */
export async function findSentMessage(
  trx: Kysely<Database>,
  senderId: string,
  clientId: string | undefined,
): Promise<MessageRow | undefined> {
  if (!clientId) return undefined;
  return trx
    .selectFrom('messages')
    .selectAll()
    .where('senderId', '=', senderId)
    .where('clientId', '=', clientId)
    .executeTakeFirst();
}

/** A new message's columns, in the order messageAppended binds them. */
type MessageValues = [
  id: string,
  role: string,
  /** null: the conversation's chatbot. */
  senderId: string | null,
  content: string,
  form: string | null,
  attachments: string,
  clientId: string | null,
  productCard: string | null,
  sourceLink: string | null,
  suggestions: string | null,
];

function messageValues(
  message: Omit<NewMessage, 'senderId'> & { senderId: string | null },
): MessageValues {
  const json = (value: object | null | undefined) => (value ? JSON.stringify(value) : null);
  return [
    randomId(),
    message.role,
    message.senderId,
    message.content,
    json(message.form),
    JSON.stringify(message.attachments ?? []),
    message.clientId ?? null,
    json(message.productCard),
    json(message.sourceLink),
    json(message.suggestions),
  ];
}

/**
 * The statement that stores messages: the conversations `locked` selects (locking them, or locked
 * by the caller already) get the messages `rows` selects from `locked` (and `inputs`, CTEs before
 * it), one per conversation at most, each made its conversation's last; `rows` leaves out a
 * conversation not in the state its message needs. Its columns are the insert's, in order, the
 * timestamp last (nextTimestamp). The count grows, and a customer's message restarts the idle
 * timeout. A message already stored under its sender's `clientId` is not stored again (no row
 * comes back).
 */
function messageAppended(
  locked: OperationNodeSource,
  rows: RawBuilder<unknown>,
  now: string,
  inputs: RawBuilder<unknown> = sql``,
) {
  return sql<AppendedRow>`with ${inputs} locked as (${locked}), m as (
      insert into messages
        (id, conversation_id, workspace_id, role, sender_id, content, form, attachments,
         client_id, product_card, source_link, suggestions, timestamp)
      ${rows}
      on conflict (sender_id, client_id) where client_id is not null do nothing
      returning *
    ), c as (
      update conversations set
        -- The timestamp as toISOString() writes it (milliseconds, truncated as the Date is).
        last_message = jsonb_build_object(
          'role', m.role,
          'content', m.content,
          'timestamp', to_char(m.timestamp at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')),
        messages_count = messages_count + 1,
        updated_at = ${now}::timestamptz,
        last_customer_message_at = case when m.role = 'user' then ${now}::timestamptz
          else conversations.last_customer_message_at end
      from m
      where conversations.id = m.conversation_id
      returning conversations.*
    )
    select m.*, c.status as conversation_status, c.agent_ids as conversation_agent_ids,
      c.last_message as conversation_last_message,
      c.messages_count as conversation_messages_count,
      c.updated_at as conversation_updated_at,
      c.last_customer_message_at as conversation_last_customer_message_at,
      c.bot_answered_at as conversation_bot_answered_at
    from m join c on c.id = m.conversation_id`;
}

/**
 * product-spec.md §3 messages are ordered by timestamp: the database's clock, but at least a millisecond
 * after the `locked` conversation's last message, so two messages stored within one millisecond
 * (the customer's and the bot's answer) never share a timestamp and keep their order. greatest()
 * leaves out a null: with no earlier message, the clock alone.
 */
const nextTimestamp = sql`greatest(clock_timestamp(),
  (locked.last_message->>'timestamp')::timestamptz + interval '1 millisecond')`;

type AppendedRow = MessageRow & {
  conversationStatus: ConversationRow['status'];
  conversationAgentIds: ConversationRow['agentIds'];
  conversationLastMessage: ConversationRow['lastMessage'];
  conversationMessagesCount: ConversationRow['messagesCount'];
  conversationUpdatedAt: ConversationRow['updatedAt'];
  conversationLastCustomerMessageAt: ConversationRow['lastCustomerMessageAt'];
  conversationBotAnsweredAt: ConversationRow['botAnsweredAt'];
};

/** The columns of the conversation the statement changed, or that decide who answers. */
type AppendedConversation = Pick<
  ConversationRow,
  | 'id'
  | 'workspaceId'
  | 'status'
  | 'agentIds'
  | 'lastMessage'
  | 'messagesCount'
  | 'updatedAt'
  | 'lastCustomerMessageAt'
  | 'botAnsweredAt'
>;

/** A message stored, and its conversation as it now is. */
export interface Appended {
  row: MessageRow;
  conversation: AppendedConversation;
}

/** insertMessage's statement: `values` in the conversation its caller has locked. */
const messageStored = compiledOnce(
  (trx, conversationId: string, now: string, ...values: MessageValues) => {
    const [
      id,
      role,
      senderId,
      content,
      form,
      attachments,
      clientId,
      productCard,
      sourceLink,
      suggestions,
    ] = values;
    return {
      compile: () =>
        messageAppended(
          sql`select * from conversations where id = ${conversationId}`,
          sql`select ${id}, locked.id, locked.workspace_id, ${role},
              coalesce(${senderId}, locked.chatbot_id), ${content}, ${form}::jsonb,
              ${attachments}::jsonb, ${clientId}, ${productCard}::jsonb, ${sourceLink}::jsonb,
              ${suggestions}::jsonb, ${nextTimestamp}
            from locked`,
          now,
        ).compile(trx),
    };
  },
);

/**
 * Agents' replies, one per conversation, given as a JSON array, each while its conversation (of
 * the reply's workspace) is open and has the agent in it. A reply to a mail goes the general way,
 * which queues its sending with it.
 */
const agentRepliesAppended = compiledOnce((trx, replies: string, now: string) => ({
  compile: () =>
    messageAppended(
      sql`select conversations.* from conversations
        where (id, workspace_id) in (select conversation_id, workspace_id from replies)
        order by id for update`,
      sql`select replies.id, locked.id, locked.workspace_id, 'agent', replies.agent_id,
          replies.content, replies.form, '[]'::jsonb, replies.client_id, null::jsonb,
          null::jsonb, null::jsonb, ${nextTimestamp}
        from replies join locked on locked.id = replies.conversation_id
        where locked.status = 'open' and locked.agent_ids @> jsonb_build_array(replies.agent_id)
          and locked.channel = 'widget'`,
      now,
      sql`replies as (select * from jsonb_to_recordset(${replies}::jsonb) as replies
        (id text, conversation_id text, workspace_id text, agent_id text, content text,
         form jsonb, client_id text)),`,
    ).compile(trx),
}));

/**
 * Customers' messages, one per customer, given as a JSON array, each in the customer's latest
 * conversation when it is not resolved (see lockUnresolvedLatestConversation).
 */
const customerMessagesAppended = compiledOnce((trx, messages: string, now: string) => ({
  compile: () =>
    messageAppended(
      unresolvedLatestOfEachForUpdate(trx, sql`select customer_id from sent`),
      sql`select sent.id, locked.id, locked.workspace_id, 'user', sent.customer_id, sent.content,
          null::jsonb, '[]'::jsonb, sent.client_id, null::jsonb, null::jsonb, null::jsonb,
          ${nextTimestamp}
        from sent join locked on locked.customer_id = sent.customer_id`,
      now,
      sql`sent as (select * from jsonb_to_recordset(${messages}::jsonb) as sent
        (id text, customer_id text, content text, client_id text)),`,
    ).compile(trx),
}));

/**
 * The bot's messages, one per conversation, given as a JSON array (a statement of one shape for
 * any number of them). Like the agents' and the customers', it locks its conversations in the
 * order of their ids, so that two statements that lock several never deadlock.
 */
const botRepliesAppended = compiledOnce((trx, replies: string, now: string) => ({
  compile: () =>
    messageAppended(
      sql`select conversations.* from conversations
        where id in (select conversation_id from replies) order by id for update`,
      sql`select replies.id, locked.id, locked.workspace_id, 'bot', locked.chatbot_id,
          replies.content, null::jsonb, '[]'::jsonb, null, replies.product_card,
          replies.source_link, replies.suggestions, ${nextTimestamp}
        from replies join locked on locked.id = replies.conversation_id
        where locked.status = 'open' and locked.agent_ids = '[]'::jsonb`,
      now,
      sql`replies as (select * from jsonb_to_recordset(${replies}::jsonb) as replies
        (id text, conversation_id text, content text, product_card jsonb, source_link jsonb,
         suggestions jsonb)),`,
    ).compile(trx),
}));

function toAppended(trx: Kysely<Database>, stored: AppendedRow | undefined): Appended | undefined {
  if (!stored) return undefined;
  const {
    conversationStatus,
    conversationAgentIds,
    conversationLastMessage,
    conversationMessagesCount,
    conversationUpdatedAt,
    conversationLastCustomerMessageAt,
    conversationBotAnsweredAt,
    ...row
  } = stored;
  recordMessageChange(trx, row.workspaceId, row.conversationId, row.id);
  const conversation: AppendedConversation = {
    id: row.conversationId,
    workspaceId: row.workspaceId,
    status: conversationStatus,
    agentIds: conversationAgentIds,
    lastMessage: conversationLastMessage,
    messagesCount: conversationMessagesCount,
    updatedAt: conversationUpdatedAt,
    lastCustomerMessageAt: conversationLastCustomerMessageAt,
    botAnsweredAt: conversationBotAnsweredAt,
  };
  return { row, conversation };
}

/**
 * Stores a message in the conversation, whose row the caller has locked (lockConversation):
 * see messageAppended. One statement, not an insert and an update: a write waits on each round
 * trip to the database, and holds the conversation's lock (on PGlite, the only connection)
 * meanwhile. Returns the message and the conversation as it now is.
 */
export async function insertMessage(
  trx: Kysely<Database>,
  conversation: ConversationRow,
  message: NewMessage,
  now: Date,
): Promise<{ row: MessageRow; conversation: ConversationRow }> {
  const [stored] = await messageStored(
    trx,
    conversation.id,
    now.toISOString(),
    ...messageValues(message),
  );
  const appended = toAppended(trx, stored);
  if (!appended) throw new Error(`Conversation ${conversation.id} was not updated`);
  return { row: appended.row, conversation: { ...conversation, ...appended.conversation } };
}

/** An agent's reply without files: what appendAgentReplies stores. */
export interface AgentReply {
  workspaceId: string;
  conversationId: string;
  agentId: string;
  content: string;
  form?: Record<string, string>;
  /** The agent's client's id for this send (see findSentMessage). */
  clientId?: string;
}

/**
 * Agents' replies without files, each in a conversation of the workspace that its agent has taken
 * over already (open, with them in it), as most replies are: the conversations are locked and the
 * messages stored in one statement. A write then waits on one round trip to the database instead
 * of two, and on PGlite holds the only connection for one. Undefined, with the conversation
 * locked, for a reply whose conversation is in any other state or whose message of this
 * `clientId` is stored already: lockConversation, then insertMessage, handle those. At most one
 * reply per conversation.
 */
export async function appendAgentReplies(
  trx: Kysely<Database>,
  replies: readonly AgentReply[],
  now: Date,
): Promise<(Appended | undefined)[]> {
  const given = replies.map((reply) => ({
    id: randomId(),
    conversation_id: reply.conversationId,
    workspace_id: reply.workspaceId,
    agent_id: reply.agentId,
    content: reply.content,
    form: reply.form,
    client_id: reply.clientId,
  }));
  return appendedBy(trx, agentRepliesAppended, given, now);
}

/** A customer's message without files: what appendCustomerMessages stores. */
export interface CustomerMessage {
  customerId: string;
  content: string;
  /** The customer's client's id for this send (see findSentMessage). */
  clientId?: string;
}

/**
 * Customers' messages, each in the customer's latest conversation when it is not resolved (see
 * lockUnresolvedLatestConversation), as most of theirs are: locked and stored in one statement,
 * as appendAgentReplies stores them. Undefined for a customer with no such conversation (nothing is
 * locked then), or whose message of this `clientId` is stored already (the conversation is
 * locked). At most one message per customer.
 */
export async function appendCustomerMessages(
  trx: Kysely<Database>,
  messages: readonly CustomerMessage[],
  now: Date,
): Promise<(Appended | undefined)[]> {
  const sent = messages.map((message) => ({
    id: randomId(),
    customer_id: message.customerId,
    content: message.content,
    client_id: message.clientId,
  }));
  return appendedBy(trx, customerMessagesAppended, sent, now);
}

/** The bot's message in a conversation: what appendBotReplies stores. */
export interface BotMessage {
  conversationId: string;
  content: string;
  productCard?: ProductCard;
  sourceLink?: SourceLink;
  suggestions?: PairSuggestion[];
}

/**
 * The bot's messages, from each conversation's chatbot, in one statement, as appendAgentReplies
 * stores one: each stored while its conversation is open and no agent has taken it over, and
 * undefined otherwise (the bot stays silent then; the conversation stays locked). At most one
 * message per conversation.
 */
export async function appendBotReplies(
  trx: Kysely<Database>,
  messages: readonly BotMessage[],
  now: Date,
): Promise<(Appended | undefined)[]> {
  // A key left out (undefined) is a null column.
  const replies = messages.map((message) => ({
    id: randomId(),
    conversation_id: message.conversationId,
    content: message.content,
    product_card: message.productCard,
    source_link: message.sourceLink,
    suggestions: message.suggestions,
  }));
  return appendedBy(trx, botRepliesAppended, replies, now);
}

/** What `statement` stored of the messages `given` (its JSON rows), in their order. */
async function appendedBy(
  trx: Kysely<Database>,
  statement: (trx: Kysely<Database>, given: string, now: string) => Promise<AppendedRow[]>,
  given: readonly { id: string }[],
  now: Date,
): Promise<(Appended | undefined)[]> {
  const stored = await statement(trx, JSON.stringify(given), now.toISOString());
  const byId = new Map(stored.map((row) => [row.id, row]));
  return given.map(({ id }) => toAppended(trx, byId.get(id)));
}

/**
 * A message stored in the conversation: its messages and the conversation itself changed. A
 * change of the message alone (`conversation: false`, e.g. a mail's delivery status) leaves the
 * conversation lists as they are.
 */
export function recordMessageChange(
  trx: Kysely<Database>,
  workspaceId: string,
  conversationId: string,
  messageId: string,
  { conversation = true } = {},
) {
  recordChange(trx, {
    collection: 'messages',
    workspaceId,
    ids: [messageId],
    conversationIds: [conversationId],
  });
  if (conversation) {
    recordChange(trx, { collection: 'conversations', workspaceId, ids: [conversationId] });
  }
}

/** product-spec.md §3: the conversation's messages by timestamp (then id). */
export async function listMessages(
  db: Kysely<Database>,
  conversationId: string,
): Promise<Message[]> {
  const rows = await db
    .selectFrom('messages')
    .selectAll()
    .where('conversationId', '=', conversationId)
    .orderBy('timestamp')
    .orderBy('id')
    .execute();
  return rows.map(toMessage);
}
