import type { Kysely } from 'kysely';
import type { Conversation, Message, StatusChange } from 'shared-sdk/schemas';
import type { HandoffReason } from '../bot';
import type { Database } from '../db/schema';
import { HttpError } from '../errors/http-error';
import { writeTransaction } from '../live/write-transaction';
import { lockConversation } from '../repositories/conversation-locks';
import {
  changeConversationStatus,
  findConversation,
  setMessagesSeenCount,
} from '../repositories/conversations';
import type { ConversationRow, StatusUpdate } from '../repositories/conversations';
import { resolveIfIdle } from '../repositories/idle-conversations';
import { appendMessages } from '../repositories/message-appends';
import { findSentMessage, toMessage } from '../repositories/messages';
import type { NewMessage } from '../repositories/messages';
import { queueEmailReply } from './email-replies';
import { handoffWords } from './handoff-words';
import { storedAttachments } from './message-attachments';
import { messagesStored, storeMessage } from './message-writes';
import type { MessageWrite } from './message-writes';
import { keepAgentAnswer } from './suggested-pairs';
import { emitWebhookEvent } from './webhook-events';

export const conversationNotFound = (id: string) =>
  new HttpError(404, `Conversation ${id} not found`);

/** The conversation as clients read it, enriched, in the same transaction. */
export async function readBack(
  trx: Kysely<Database>,
  row: { id: string; workspaceId: string },
): Promise<Conversation> {
  const conversation = await findConversation(trx, row.workspaceId, row.id);
  if (!conversation) throw new Error(`Conversation ${row.id} cannot be read back`);
  return conversation;
}

/** The workspace's conversation, locked; 404 when the workspace has none of that id. */
export async function lockWorkspaceConversation(
  trx: Kysely<Database>,
  workspaceId: string,
  conversationId: string,
): Promise<ConversationRow> {
  const row = await lockConversation(trx, conversationId);
  if (!row || row.workspaceId !== workspaceId) throw conversationNotFound(conversationId);
  return row;
}

/**
 * Stores a message in the conversation its caller has locked and decided on (the general way:
 * attachments, a take-over, a greeting, a mail), and makes it the conversation's last.
 */
export async function addMessage(
  trx: Kysely<Database>,
  conversation: ConversationRow,
  message: NewMessage,
  now: Date,
): Promise<{ message: Message; conversation: ConversationRow }> {
  const write: MessageWrite = {
    workspaceId: conversation.workspaceId,
    to: { conversationId: conversation.id },
    when: 'any',
    message,
  };
  const [stored] = await messagesStored(trx, [write], await appendMessages(trx, [write], now), now);
  if (!stored) throw new Error(`Conversation ${conversation.id} was not updated`);
  return { message: stored.message, conversation: { ...conversation, ...stored.conversation } };
}

/** The conversation's webhook events: on becoming pending (waiting for a person) or resolved. */
const statusEvents = {
  pending: 'conversation.pending',
  resolved: 'conversation.resolved',
  open: undefined,
} as const;

export async function emitConversationEvent(
  trx: Kysely<Database>,
  row: { id: string; workspaceId: string },
  event: 'conversation.created' | 'conversation.pending' | 'conversation.resolved',
  now: Date,
): Promise<void> {
  await emitWebhookEvent(
    trx,
    row.workspaceId,
    event,
    async () => ({ conversation: await readBack(trx, row) }),
    now,
  );
}

/** Changes the locked conversation's status (see changeConversationStatus), telling webhooks. */
export async function changeStatus(
  trx: Kysely<Database>,
  before: ConversationRow,
  update: StatusUpdate,
  now: Date,
): Promise<ConversationRow> {
  const row = await changeConversationStatus(trx, before, update, now);
  const event = statusEvents[row.status];
  if (event && before.status !== row.status) await emitConversationEvent(trx, row, event, now);
  return row;
}

/**
 * The idle timeout resolves the conversation if it is still idle at `now` (resolveIfIdle).
 * Returns whether it did.
 */
export async function resolveIdleConversation(
  trx: Kysely<Database>,
  id: string,
  now: Date,
): Promise<boolean> {
  const resolved = await resolveIfIdle(trx, id, now);
  if (!resolved) return false;
  await emitConversationEvent(
    trx,
    { id, workspaceId: resolved.workspaceId },
    'conversation.resolved',
    now,
  );
  return true;
}

/**
 * An agent takes the conversation over (product-spec.md §2 chat takeover): they join agentIds, from when
 * on the bot stays silent, and the conversation is open again (reason 'takeover'; 'reopened'
 * when it had been resolved). Taking over again changes nothing.
 */
async function takeOver(
  trx: Kysely<Database>,
  row: ConversationRow,
  agentId: string,
  now: Date,
): Promise<ConversationRow> {
  if (row.status === 'open' && row.agentIds.includes(agentId)) return row;
  const reason: StatusChange['reason'] = row.status === 'resolved' ? 'reopened' : 'takeover';
  return changeStatus(trx, row, { status: 'open', reason, changedBy: agentId, agentId }, now);
}

export interface ConversationCall {
  workspaceId: string;
  conversationId: string;
  /** The signed-in agent (an admin of the workspace, checked by the caller). */
  agentId: string;
}

/** POST /api/user/take-over-conversation. */
export async function takeOverConversation(
  trx: Kysely<Database>,
  { workspaceId, conversationId, agentId }: ConversationCall,
  now: Date,
): Promise<Conversation> {
  const row = await lockWorkspaceConversation(trx, workspaceId, conversationId);
  return readBack(trx, await takeOver(trx, row, agentId, now));
}

/** product-spec.md §7 POST /api/user/messages: role agent; sending also takes the conversation over. */
export async function sendAgentMessage(
  db: Kysely<Database>,
  call: ConversationCall & {
    content: string;
    form?: Record<string, string>;
    attachments?: { path: string }[];
    clientId?: string;
  },
  urlOf: (path: string) => string,
  now: Date,
): Promise<Message> {
  // Most replies: in a conversation the agent has already, stored in one statement.
  if (!call.attachments?.length) {
    const { workspaceId, conversationId, agentId } = call;
    const stored = await storeMessage(
      db,
      {
        workspaceId,
        to: { conversationId, workspaceId },
        when: 'agent-in-it',
        message: {
          role: 'agent',
          senderId: agentId,
          content: call.content,
          form: call.form,
          clientId: call.clientId,
        },
      },
      now,
    );
    if (stored) return stored.message;
  }
  return writeTransaction(db, async (trx) => {
    const locked = await lockWorkspaceConversation(trx, call.workspaceId, call.conversationId);
    // The conversation is locked: a retry of this send waits here, then finds the first.
    const sent = await findSentMessage(trx, call.agentId, call.clientId);
    if (sent) return toMessage(sent);
    const attachments = await storedAttachments(trx, locked.id, call.attachments, urlOf);
    const row = await takeOver(trx, locked, call.agentId, now);
    const { message } = await addMessage(
      trx,
      row,
      {
        role: 'agent',
        senderId: call.agentId,
        content: call.content,
        form: call.form,
        attachments,
        clientId: call.clientId,
      },
      now,
    );
    if (row.channel === 'email') return queueEmailReply(trx, row, message, now);
    return message;
  });
}

/** product-spec.md §7 POST /api/user/resolve-conversation; resolving a resolved one changes nothing. */
export async function resolveConversation(
  trx: Kysely<Database>,
  { workspaceId, conversationId, agentId }: ConversationCall,
  now: Date,
): Promise<Conversation> {
  const row = await lockWorkspaceConversation(trx, workspaceId, conversationId);
  if (row.status === 'resolved') return readBack(trx, row);
  const resolved = await changeStatus(
    trx,
    row,
    { status: 'resolved', reason: 'resolved', changedBy: agentId },
    now,
  );
  // What the agent answered may become a pair (AI training's suggested pairs).
  await keepAgentAnswer(trx, { workspaceId, conversationId }, now);
  return readBack(trx, resolved);
}

/** product-spec.md §7 POST /api/user/seen-message: how many of the messages the agent has seen. */
export async function markMessagesSeen(
  trx: Kysely<Database>,
  call: ConversationCall & { messagesSeenCount: number },
  now: Date,
): Promise<Conversation> {
  const row = await lockWorkspaceConversation(trx, call.workspaceId, call.conversationId);
  return readBack(
    trx,
    await setMessagesSeenCount(trx, row, call.agentId, call.messagesSeenCount, now),
  );
}

/**
 * The bot asks for a person in the locked conversation, in the chatbot's words for `reason`
 * (the team may be away), and the conversation waits (pending) at the top of the takeover list.
 */
export async function handOver(
  trx: Kysely<Database>,
  row: ConversationRow,
  reason: HandoffReason,
  now: Date,
): Promise<{ message: Message; conversation: ConversationRow }> {
  const { message, conversation } = await addMessage(
    trx,
    row,
    {
      role: 'bot',
      senderId: row.chatbotId,
      content: await handoffWords(trx, row.chatbotId, reason, now),
    },
    now,
  );
  const pending = await changeStatus(
    trx,
    conversation,
    {
      status: 'pending',
      reason: reason === 'asked-for-person' ? 'handoff' : 'not-confident',
      changedBy: null,
    },
    now,
  );
  return { message, conversation: pending };
}
