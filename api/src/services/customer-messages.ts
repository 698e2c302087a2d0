import type { Kysely } from 'kysely';
import type { Conversation, Message } from 'shared-sdk/schemas';
import type { Database } from '../db/schema';
import { HttpError } from '../errors/http-error';
import { writeTransaction } from '../live/write-transaction';
import { findWidgetChatbot } from '../repositories/chatbots';
import {
  lockLatestConversationOfCustomer,
  lockUnresolvedLatestConversation,
} from '../repositories/conversation-locks';
import { insertConversation } from '../repositories/conversations';
import type { ConversationRow } from '../repositories/conversations';
import type { CustomerRow } from '../repositories/customers';
import { findSentMessage, toMessage } from '../repositories/messages';
import { addMessage, emitConversationEvent, handOver, readBack } from './conversations';
import { storedAttachments } from './message-attachments';
import { storeMessage } from './message-writes';
import { missingRequiredAnswer, preChatAnswerMissing } from './pre-chat';

// The customer's side of the widget's conversations: their messages and their asking for a person.

const noChatbot = (workspaceId: string) =>
  new HttpError(404, `Workspace ${workspaceId} has no chatbot`);

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
    const stored = await storeMessage(
      db,
      {
        workspaceId: customer.workspaceId,
        to: { customerId: customer.id },
        when: 'under-way',
        message: {
          role: 'user',
          senderId: customer.id,
          content: request.content,
          clientId: request.clientId,
        },
      },
      now,
    );
    if (stored) return { message: stored.message, ...answerable(stored.conversation) };
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
