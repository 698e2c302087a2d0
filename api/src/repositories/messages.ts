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

/**
 * Stores a message in the conversation, whose row the caller has locked (lockConversation).
 * spec §3 messages are ordered by timestamp: the database's clock, but at least a millisecond
 * after the conversation's last message, so two messages stored within one millisecond (the
 * customer's and the bot's answer) never share a timestamp and keep their order.
 */
export async function insertMessage(
  trx: Kysely<Database>,
  conversation: ConversationRow,
  message: NewMessage,
): Promise<MessageRow> {
  const after = conversation.lastMessage?.timestamp;
  const row = await trx
    .insertInto('messages')
    .values({
      id: randomId(),
      conversationId: conversation.id,
      workspaceId: conversation.workspaceId,
      role: message.role,
      senderId: message.senderId,
      content: message.content,
      form: message.form ? JSON.stringify(message.form) : null,
      attachments: JSON.stringify(message.attachments ?? []),
      clientId: message.clientId ?? null,
      productCard: message.productCard ? JSON.stringify(message.productCard) : null,
      sourceLink: message.sourceLink ? JSON.stringify(message.sourceLink) : null,
      suggestions: message.suggestions ? JSON.stringify(message.suggestions) : null,
      timestamp: after
        ? sql<Date>`greatest(clock_timestamp(), ${after}::timestamptz + interval '1 millisecond')`
        : undefined,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  recordChange(trx, {
    collection: 'messages',
    workspaceId: conversation.workspaceId,
    ids: [row.id],
    conversationIds: [conversation.id],
  });
  return row;
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
