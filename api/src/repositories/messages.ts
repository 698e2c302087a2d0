import { sql } from 'kysely';
import type { Kysely, RawBuilder, Selectable } from 'kysely';
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

/** insertMessage's statement; `after`: the conversation's last message's timestamp, if any. */
const messageStored = compiledOnce(
  (
    trx,
    id: string,
    conversationId: string,
    workspaceId: string,
    role: string,
    senderId: string,
    content: string,
    form: string | null,
    attachments: string,
    clientId: string | null,
    productCard: string | null,
    sourceLink: string | null,
    suggestions: string | null,
    after: string | null,
    now: string,
  ) =>
    trx
      .with('m', (db) =>
        db
          .insertInto('messages')
          .values({
            id,
            conversationId,
            workspaceId,
            role: role as MessageRole,
            senderId,
            content,
            form,
            attachments,
            clientId,
            productCard,
            sourceLink,
            suggestions,
            // greatest() leaves out a null: with no earlier message, the clock alone.
            timestamp: sql<Date>`greatest(clock_timestamp(), ${after}::timestamptz + interval '1 millisecond')`,
          })
          .returningAll(),
      )
      .with('c', (db) =>
        db
          .updateTable('conversations')
          .from('m')
          .set({
            // The timestamp as toISOString() writes it (milliseconds, truncated as the Date is).
            lastMessage: sql`jsonb_build_object(
              'role', m.role,
              'content', m.content,
              'timestamp', to_char(m.timestamp at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))`,
            messagesCount: sql`messages_count + 1`,
            updatedAt: sql`${now}::timestamptz`,
            lastCustomerMessageAt: sql`case when m.role = 'user' then ${now}::timestamptz
              else conversations.last_customer_message_at end`,
          })
          .whereRef('conversations.id', '=', 'm.conversationId')
          .returning([
            'conversations.lastMessage',
            'conversations.messagesCount',
            'conversations.updatedAt',
            'conversations.lastCustomerMessageAt',
          ]),
      )
      .selectFrom(['m', 'c'])
      .selectAll('m')
      .select([
        'c.lastMessage as conversationLastMessage',
        'c.messagesCount as conversationMessagesCount',
        'c.updatedAt as conversationUpdatedAt',
        'c.lastCustomerMessageAt as conversationLastCustomerMessageAt',
      ]),
);

/**
 * Stores a message in the conversation, whose row the caller has locked (lockConversation), and
 * makes it the conversation's last: the count grows, and a customer's message restarts the idle
 * timeout. One statement, not an insert and an update: a write waits on each round trip to the
 * database, and holds the conversation's lock (on PGlite, the only connection) meanwhile.
 * spec §3 messages are ordered by timestamp: the database's clock, but at least a millisecond
 * after the conversation's last message, so two messages stored within one millisecond (the
 * customer's and the bot's answer) never share a timestamp and keep their order.
 * Returns the message and the conversation as it now is.
 */
export async function insertMessage(
  trx: Kysely<Database>,
  conversation: ConversationRow,
  message: NewMessage,
  now: Date,
): Promise<{ row: MessageRow; conversation: ConversationRow }> {
  const json = (value: object | null | undefined) => (value ? JSON.stringify(value) : null);
  const [stored] = await messageStored(
    trx,
    randomId(),
    conversation.id,
    conversation.workspaceId,
    message.role,
    message.senderId,
    message.content,
    json(message.form),
    JSON.stringify(message.attachments ?? []),
    message.clientId ?? null,
    json(message.productCard),
    json(message.sourceLink),
    json(message.suggestions),
    conversation.lastMessage?.timestamp ?? null,
    now.toISOString(),
  );
  if (!stored) throw new Error(`Conversation ${conversation.id} was not updated`);
  const {
    conversationLastMessage,
    conversationMessagesCount,
    conversationUpdatedAt,
    conversationLastCustomerMessageAt,
    ...row
  } = stored;
  recordMessageChange(trx, conversation.workspaceId, conversation.id, row.id);
  return {
    row,
    // The statement changed only these columns of the row the caller holds locked.
    conversation: {
      ...conversation,
      lastMessage: conversationLastMessage,
      messagesCount: conversationMessagesCount,
      updatedAt: conversationUpdatedAt,
      lastCustomerMessageAt: conversationLastCustomerMessageAt,
    },
  };
}

/**
 * The statement of an append: the conversation `locked` selects is locked and, when it passes
 * `guard`, the message is stored in it as insertMessage stores it. The message row comes back
 * with the conversation's status and agents.
 */
function appended(
  locked: RawBuilder<unknown>,
  guard: RawBuilder<unknown>,
  message: {
    id: string;
    role: string;
    senderId: string;
    content: string;
    form: string | null;
    clientId: string | null;
  },
  now: string,
) {
  return sql<AppendedRow>`with locked as (${locked}), m as (
      insert into messages
        (id, conversation_id, workspace_id, role, sender_id, content, form, attachments,
         client_id, timestamp)
      select ${message.id}, locked.id, locked.workspace_id, ${message.role}, ${message.senderId},
        ${message.content}, ${message.form}::jsonb, '[]'::jsonb, ${message.clientId},
        greatest(clock_timestamp(),
          (locked.last_message->>'timestamp')::timestamptz + interval '1 millisecond')
      from locked
      where ${guard}
      on conflict (sender_id, client_id) where client_id is not null do nothing
      returning *
    ), c as (
      update conversations set
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
      returning conversations.id, conversations.status, conversations.agent_ids
    )
    select m.*, c.status as conversation_status, c.agent_ids as conversation_agent_ids
    from m join c on c.id = m.conversation_id`;
}

type AppendedRow = MessageRow & {
  conversationStatus: ConversationRow['status'];
  conversationAgentIds: string[];
};

/** A message appended, and the state of its conversation that decides who answers it. */
export interface Appended {
  row: MessageRow;
  conversation: Pick<ConversationRow, 'status' | 'agentIds'>;
}

const agentReplyAppended = compiledOnce(
  (
    trx,
    conversationId: string,
    workspaceId: string,
    id: string,
    agentId: string,
    content: string,
    form: string | null,
    clientId: string | null,
    now: string,
  ) => ({
    compile: () =>
      appended(
        sql`select * from conversations
          where id = ${conversationId} and workspace_id = ${workspaceId}
          for update`,
        sql`locked.status = 'open' and locked.agent_ids @> jsonb_build_array(${agentId}::text)`,
        { id, role: 'agent', senderId: agentId, content, form, clientId },
        now,
      ).compile(trx),
  }),
);

const customerMessageAppended = compiledOnce(
  (trx, customerId: string, id: string, content: string, clientId: string | null, now: string) => ({
    compile: () =>
      appended(
        // lockUnresolvedLatestConversation's lock.
        sql`select * from conversations
          where id = (
            select id from conversations where customer_id = ${customerId}
            order by created_at desc, id desc limit 1)
          and status <> 'resolved'
          for update`,
        sql`true`,
        { id, role: 'user', senderId: customerId, content, form: null, clientId },
        now,
      ).compile(trx),
  }),
);

function toAppended(trx: Kysely<Database>, workspaceId: string, stored: AppendedRow | undefined) {
  if (!stored) return undefined;
  const { conversationStatus, conversationAgentIds, ...row } = stored;
  recordMessageChange(trx, workspaceId, row.conversationId, row.id);
  return { row, conversation: { status: conversationStatus, agentIds: conversationAgentIds } };
}

/**
 * An agent's reply without files in a conversation of the workspace that they have taken over
 * already (open, with them in it), as most replies are: the conversation is locked and the
 * message stored in one statement. The write then waits on one round trip to the database
 * instead of two, and on PGlite holds the only connection for one. Undefined, with the
 * conversation locked, when it is in any other state or a message of this `clientId` is stored
 * already: lockConversation, then insertMessage, handle those.
 */
export async function appendAgentReply(
  trx: Kysely<Database>,
  reply: {
    workspaceId: string;
    conversationId: string;
    agentId: string;
    content: string;
    form?: Record<string, string>;
    clientId?: string;
  },
  now: Date,
): Promise<Appended | undefined> {
  const [stored] = await agentReplyAppended(
    trx,
    reply.conversationId,
    reply.workspaceId,
    randomId(),
    reply.agentId,
    reply.content,
    reply.form ? JSON.stringify(reply.form) : null,
    reply.clientId ?? null,
    now.toISOString(),
  );
  return toAppended(trx, reply.workspaceId, stored);
}

/**
 * A customer's message without files in their latest conversation when it is not resolved (see
 * lockUnresolvedLatestConversation), as most of theirs are: locked and stored in one statement,
 * as appendAgentReply. Undefined when there is no such conversation (nothing is locked then), or
 * a message of this `clientId` is stored already (the conversation is locked).
 */
export async function appendCustomerMessage(
  trx: Kysely<Database>,
  customer: { id: string; workspaceId: string },
  message: { content: string; clientId?: string },
  now: Date,
): Promise<Appended | undefined> {
  const [stored] = await customerMessageAppended(
    trx,
    customer.id,
    randomId(),
    message.content,
    message.clientId ?? null,
    now.toISOString(),
  );
  return toAppended(trx, customer.workspaceId, stored);
}

/** A message stored in the conversation: its messages and the conversation itself changed. */
function recordMessageChange(
  trx: Kysely<Database>,
  workspaceId: string,
  conversationId: string,
  messageId: string,
) {
  recordChange(trx, {
    collection: 'messages',
    workspaceId,
    ids: [messageId],
    conversationIds: [conversationId],
  });
  recordChange(trx, { collection: 'conversations', workspaceId, ids: [conversationId] });
}

/** spec §3: the conversation's messages by timestamp (then id). */
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
