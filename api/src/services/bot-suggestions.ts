import type { Kysely } from 'kysely';
import { noneOfTheseChoice } from 'shared-sdk/schemas';
import type { Conversation, WidgetSuggestionRequest } from 'shared-sdk/schemas';
import type { Database } from '../db/schema';
import { HttpError } from '../errors/http-error';
import { recordChange } from '../live/write-transaction';
import { lockLatestConversationOfCustomer } from '../repositories/conversation-locks';
import { markBotAnswered } from '../repositories/conversations';
import type { CustomerRow } from '../repositories/customers';
import { recordUnansweredQuestion } from '../repositories/unanswered-questions';
import { addMessage, handOver, readBack } from './conversations';
import { noneOfTheseText } from './none-of-these';

export { noneOfTheseText };

const suggestionsNotFound = (messageId: string) =>
  new HttpError(404, `Message ${messageId} with suggestions not found in your conversation`);
const alreadyChosen = () => new HttpError(400, 'These suggestions were answered already');
const notSuggested = (pairId: string) =>
  new HttpError(400, `Pair ${pairId} was not suggested in this message`);
const notWithTheBot = () => new HttpError(400, 'A person is answering this conversation now');

/**
 * POST /api/widget/suggestion: the visitor's choice among the suggestions of a bot message of
 * their current conversation, once. A pair the message offered is asked as the customer's
 * message and answered with the pair's answer (the conversation counts as answered by the bot);
 * "None of these" hands over as the bot does when not sure, and keeps the question the
 * suggestions answered for AI training's unanswered questions.
 */
export async function chooseSuggestion(
  trx: Kysely<Database>,
  customer: CustomerRow,
  { messageId, pairId }: WidgetSuggestionRequest,
  now: Date,
): Promise<{ conversation: Conversation }> {
  const row = await lockLatestConversationOfCustomer(trx, customer.id);
  const message =
    row &&
    (await trx
      .selectFrom('messages')
      .select(['id', 'suggestions', 'suggestionChoice', 'timestamp'])
      .where('id', '=', messageId)
      .where('conversationId', '=', row.id)
      .where('role', '=', 'bot')
      .executeTakeFirst());
  if (!row || !message?.suggestions) throw suggestionsNotFound(messageId);
  if (message.suggestionChoice !== null) throw alreadyChosen();
  const suggestion =
    pairId === null ? undefined : message.suggestions.find((each) => each.pairId === pairId);
  if (pairId !== null && !suggestion) throw notSuggested(pairId);
  if (row.status !== 'open' || row.agentIds.length > 0) throw notWithTheBot();
  // The pair may have been deleted since it was offered: then nobody can answer but a person.
  const pair =
    pairId === null
      ? undefined
      : await trx
          .selectFrom('aiTrainingQnas')
          .select(['answer'])
          .where('id', '=', pairId)
          .where('workspaceId', '=', row.workspaceId)
          .executeTakeFirst();

  await trx
    .updateTable('messages')
    .set({ suggestionChoice: pairId ?? noneOfTheseChoice })
    .where('id', '=', message.id)
    .execute();
  recordChange(trx, {
    collection: 'messages',
    workspaceId: row.workspaceId,
    ids: [message.id],
    conversationIds: [row.id],
  });
  const asked = await addMessage(
    trx,
    row,
    { role: 'user', senderId: customer.id, content: suggestion?.question ?? noneOfTheseText },
    now,
  );
  if (pair) {
    const answered = await addMessage(
      trx,
      asked.conversation,
      { role: 'bot', senderId: row.chatbotId, content: pair.answer },
      now,
    );
    return {
      conversation: await readBack(trx, await markBotAnswered(trx, answered.conversation, now)),
    };
  }
  const question = await questionBefore(trx, row.id, message.timestamp);
  if (question) await recordUnansweredQuestion(trx, row, question, now);
  const { conversation } = await handOver(trx, asked.conversation, 'not-confident', now);
  return { conversation: await readBack(trx, conversation) };
}

/** The customer's message the suggestions answered: their latest before it. */
async function questionBefore(trx: Kysely<Database>, conversationId: string, before: Date) {
  const row = await trx
    .selectFrom('messages')
    .select(['id', 'content'])
    .where('conversationId', '=', conversationId)
    .where('role', '=', 'user')
    .where('timestamp', '<', before)
    .orderBy('timestamp', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row && { messageId: row.id, text: row.content };
}
