import type { Kysely } from 'kysely';
import { isWithinBusinessHours } from 'shared-sdk';
import { awayHandoffMessages, handoffMessages, type HandoffReason } from '../bot';
import type { Database } from '../db/schema';

/**
 * What the bot says when it hands a conversation to a person: inside the chatbot's business hours
 * that someone will reply shortly; outside them that the team is away and will reply later,
 * followed by the admin's away message.
 */
export async function handoffWords(
  trx: Kysely<Database>,
  chatbotId: string,
  reason: HandoffReason,
  now: Date,
): Promise<string> {
  const chatbot = await trx
    .selectFrom('chatbots')
    .select(['businessHours', 'awayMessage'])
    .where('id', '=', chatbotId)
    .executeTakeFirst();
  if (!chatbot || isWithinBusinessHours(chatbot.businessHours, now)) return handoffMessages[reason];
  return [awayHandoffMessages[reason], chatbot.awayMessage].filter(Boolean).join('\n\n');
}
