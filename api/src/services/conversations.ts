import type { Kysely } from 'kysely';
import type { Conversation, Message, MessageAttachment, StatusChange } from 'shared-sdk/schemas';
import type { HandoffReason } from '../bot';
import type { Database } from '../db/schema';
import { HttpError } from '../errors/http-error';
import type { CustomerRow } from '../repositories/customers';
import {
  changeConversationStatus,
  findConversation,
  insertConversation,
  lockConversation,
  lockLatestConversationOfCustomer,
  lockUnresolvedLatestConversation,
  resolveIfIdle,
  setMessagesSeenCount,
} from '../repositories/conversations';
import type { ConversationRow, StatusUpdate } from '../repositories/conversations';
import { findSentMessage, insertMessage, toMessage } from '../repositories/messages';
import type { Appended, MessageRow } from '../repositories/messages';
import { writeTransaction } from '../live/write-transaction';
import { findWidgetChatbot } from '../repositories/chatbots';
import { handoffWords } from './handoff-words';
import { missingRequiredAnswer, preChatAnswerMissing } from './pre-chat';
import type { NewMessage } from '../repositories/messages';
import { emitWebhookEvent, writeAndTell } from './webhook-events';
import { queueEmailReply } from './email-replies';
import { groupedAppends } from './grouped-appends';
import type { MessageAppend } from './grouped-appends';
import { keepAgentAnswer } from './suggested-pairs';

export const conversationNotFound = (id: string) =>
  new HttpError(404, `Conversation ${id} not found`);
const noChatbot = (workspaceId: string) =>
  new HttpError(404, `Workspace ${workspaceId} has no chatbot`);
const notAnAttachment = (path: string) =>
  new HttpError(400, `Attachment ${path} was not uploaded to this conversation`);

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
 * Attachments are files uploaded to `attachments/{conversationId}/…` (product-spec.md §3 path shapes):
 * a message may only carry files of its own conversation, and carries what storage recorded of
 * them (name, type, size), never what the client claims.
 */
async function storedAttachments(
  trx: Kysely<Database>,
  conversationId: string,
  requested: { path: string }[] | undefined,
  urlOf: (path: string) => string,
): Promise<MessageAttachment[]> {
  const paths = [...new Set((requested ?? []).map((attachment) => attachment.path))];
  if (paths.length === 0) return [];
  const folder = `attachments/${conversationId}/`;
  const outside = paths.find((path) => !path.startsWith(folder));
  if (outside !== undefined) throw notAnAttachment(outside);
  const rows = await trx
    .selectFrom('storedFiles')
    .selectAll()
    .where('path', 'in', paths)
    .where('kind', '=', 'attachment')
    .execute();
  const byPath = new Map(rows.map((row) => [row.path, row]));
  return paths.map((path) => {
    const row = byPath.get(path);
    if (!row) throw notAnAttachment(path);
    return {
      path: row.path,
      url: urlOf(row.path),
      originalName: row.originalName,
      contentType: row.contentType,
      size: row.size,
    };
  });
}

/** Stores a message in the locked conversation and makes it the conversation's last. */
export async function addMessage(
  trx: Kysely<Database>,
  conversation: ConversationRow,
  message: NewMessage,
  now: Date,
) {
  const { row, conversation: updated } = await insertMessage(trx, conversation, message, now);
  return { message: await announceMessage(trx, conversation, row, now), conversation: updated };
}

/**
 * `message` stored by `append`'s one statement, and its conversation as it now is; undefined when
 * the conversation was not in the state that statement needs (nothing was stored: the caller goes
 * the general way). Alone, in a group, unless a webhook waits for it (writeAndTell).
 */
export async function appendedMessage<M>(
  db: Kysely<Database>,
  workspaceId: string,
  now: Date,
  append: MessageAppend<M>,
  message: M,
): Promise<{ message: Message; conversation: Appended['conversation'] } | undefined> {
  const appended = await writeAndTell(
    db,
    workspaceId,
    'message.created',
    now,
    (trx) => append.inTransaction(trx, message, now),
    (told) => messageEvent(told.conversation, toMessage(told.row)),
    () => append.alone(message, now),
  );
  return appended && { message: toMessage(appended.row), conversation: appended.conversation };
}

/** What webhooks are told of a new message. */
const messageEvent = (conversation: { id: string }, message: Message) => ({
  conversationId: conversation.id,
  message,
});

/** A message just stored, as clients read it; webhooks are told of it. */
export async function announceMessage(
  trx: Kysely<Database>,
  conversation: { id: string; workspaceId: string },
  row: MessageRow,
  now: Date,
): Promise<Message> {
  const stored = toMessage(row);
  await emitWebhookEvent(
    trx,
    conversation.workspaceId,
    'message.created',
    messageEvent(conversation, stored),
    now,
  );
  return stored;
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
    const appended = await appendedMessage(
      db,
      call.workspaceId,
      now,
      groupedAppends(db).agentReply,
      call,
    );
    if (appended) return appended.message;
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
 * The visitor's current conversation, locked: their latest one unless it was resolved; then
 * (or at their first message) a new one with the chatbot whose widget they opened, else the
 * workspace's first.
 */
export async function currentConversationOfCustomer(
  trx: Kysely<Database>,
  customer: CustomerRow,
  now: Date,
): Promise<ConversationRow> {
  const underWay = await lockUnresolvedLatestConversation(trx, customer.id);
  if (underWay) return underWay;
  const latest = await lockLatestConversationOfCustomer(trx, customer.id);
  if (latest && latest.status !== 'resolved') return latest;
  const chatbot = await findWidgetChatbot(trx, customer.workspaceId, customer.chatbotId);
  if (!chatbot) throw noChatbot(customer.workspaceId);
  const missing = missingRequiredAnswer(chatbot.preChatForm, customer);
  if (missing) throw preChatAnswerMissing(missing);
  const created = await insertConversation(
    trx,
    { workspaceId: customer.workspaceId, chatbotId: chatbot.id, customerId: customer.id },
    now,
  );
  await emitConversationEvent(trx, created, 'conversation.created', now);
  if (!chatbot.greetingMessage) return created;
  // The greeting the window showed becomes the conversation's first message, so the agents read
  // what the customer saw; a page view that never writes stores nothing.
  const { conversation } = await addMessage(
    trx,
    created,
    { role: 'bot', senderId: chatbot.id, content: chatbot.greetingMessage },
    now,
  );
  return conversation;
}

/**
 * POST /api/widget/messages: the customer's message, in their current conversation (created
 * on the first message, or after the last was resolved). Returns whether the bot should answer
 * (only in an open conversation no agent has taken over), and whether the conversation counts as
 * answered by the bot already (storeBotReply).
 */
export async function postCustomerMessage(
  db: Kysely<Database>,
  customer: CustomerRow,
  request: { content: string; attachments?: { path: string }[]; clientId?: string },
  urlOf: (path: string) => string,
  now: Date,
): Promise<{ message: Message; botShouldAnswer: boolean; botAnswered: boolean }> {
  const answerable = (
    conversation: Pick<ConversationRow, 'status' | 'agentIds' | 'botAnsweredAt'>,
  ) => ({
    botShouldAnswer: conversation.status === 'open' && conversation.agentIds.length === 0,
    botAnswered: conversation.botAnsweredAt !== null,
  });
  // Most messages: in the customer's conversation under way, stored in one statement.
  if (!request.attachments?.length) {
    const message = { customerId: customer.id, ...request };
    const appended = await appendedMessage(
      db,
      customer.workspaceId,
      now,
      groupedAppends(db).customerMessage,
      message,
    );
    if (appended) return { message: appended.message, ...answerable(appended.conversation) };
  }
  return writeTransaction(db, async (trx) => {
    const current = await currentConversationOfCustomer(trx, customer, now);
    // The customer's conversation is locked: a retry of this send waits, then finds the first,
    // which the bot has answered already.
    const sent = await findSentMessage(trx, customer.id, request.clientId);
    if (sent) return { message: toMessage(sent), botShouldAnswer: false, botAnswered: false };
    const attachments = await storedAttachments(trx, current.id, request.attachments, urlOf);
    const { message, conversation } = await addMessage(
      trx,
      current,
      {
        role: 'user',
        senderId: customer.id,
        content: request.content,
        attachments,
        clientId: request.clientId,
      },
      now,
    );
    return { message, ...answerable(conversation) };
  });
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

/**
 * POST /api/widget/handoff: the customer asks for a person. The bot says so politely and the
 * conversation waits (pending) at the top of the takeover list. Already waiting, or with an
 * agent in it: nothing changes.
 */
export async function requestHandoff(
  trx: Kysely<Database>,
  customer: CustomerRow,
  now: Date,
): Promise<Conversation> {
  const row = await currentConversationOfCustomer(trx, customer, now);
  if (row.status === 'pending' || row.agentIds.length > 0) return readBack(trx, row);
  return readBack(trx, (await handOver(trx, row, 'asked-for-person', now)).conversation);
}
