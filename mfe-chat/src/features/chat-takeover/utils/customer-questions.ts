import type { Message } from 'shared-sdk/schemas';

/** What the widget sends when the customer turns the bot's suggestions down: no question. */
const noneOfThese = 'None of these';

/**
 * For each agent message, the question it answers: the customer's latest message before it
 * with text (not their "None of these" to the bot's suggestions). Messages in time order.
 */
export function customerQuestions(messages: readonly Message[]): Map<string, string> {
  const questions = new Map<string, string>();
  let latest: string | undefined;
  for (const message of messages) {
    const text = message.content.trim();
    if (message.role === 'user' && text && text !== noneOfThese) latest = text;
    else if (message.role === 'agent' && latest) questions.set(message.id, latest);
  }
  return questions;
}
