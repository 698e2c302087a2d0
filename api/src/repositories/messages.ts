import { sql } from 'kysely';
import type { Kysely, Selectable } from 'kysely';
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
  recordChange(trx, {
    collection: 'messages',
    workspaceId: conversation.workspaceId,
    ids: [row.id],
    conversationIds: [conversation.id],
  });
  recordChange(trx, {
    collection: 'conversations',
    workspaceId: conversation.workspaceId,
    ids: [conversation.id],
  });
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
