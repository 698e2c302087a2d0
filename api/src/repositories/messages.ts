import type { Kysely, Selectable } from 'kysely';
import type {
  Message,
  MessageAttachment,
  MessageEmail,
  MessageRole,
  PairSuggestion,
  ProductCard,
  SourceLink,
} from 'shared-sdk/schemas';
import type { Database, MessagesTable } from '../db/schema';
import { recordChange } from '../live/write-transaction';

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
  /** What a received mail's message carries as a mail, stored with it. */
  email?: MessageEmail;
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
