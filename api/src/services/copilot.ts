import type { Kysely } from 'kysely';
import type { CopilotSuggestions, CopilotSuggestionsQuery } from 'shared-sdk/schemas';
import { asksSomething, type BotService, type CopilotCandidate } from '../bot';
import type { Database } from '../db/schema';
import { HttpError } from '../errors/http-error';
import { noneOfTheseText } from './none-of-these';

/** The customer's recent messages read back for their latest question. */
const recentMessages = 20;

/** How sure, in words: the bot answers by itself from about 0.44 (pair-decision.ts). */
export function confidenceLevel(confidence: number): CopilotSuggestions['suggestions'][0]['level'] {
  if (confidence >= 0.7) return 'high';
  if (confidence >= 0.4) return 'medium';
  return 'low';
}

/**
 * The customer's latest question in the conversation: their newest message that asks something,
 * not "a person please", "thanks" or their "None of these" to the bot's suggestions.
 */
export async function latestQuestion(
  db: Kysely<Database>,
  workspaceId: string,
  conversationId: string,
): Promise<{ id: string; content: string } | undefined> {
  const conversation = await db
    .selectFrom('conversations')
    .select('id')
    .where('id', '=', conversationId)
    .where('workspaceId', '=', workspaceId)
    .executeTakeFirst();
  if (!conversation) throw new HttpError(404, `Conversation ${conversationId} not found`);
  const messages = await db
    .selectFrom('messages')
    .select(['id', 'content'])
    .where('conversationId', '=', conversationId)
    .where('workspaceId', '=', workspaceId)
    .where('role', '=', 'user')
    .orderBy('timestamp', 'desc')
    .limit(recentMessages)
    .execute();
  return messages.find(
    ({ content }) => content.trim() !== noneOfTheseText && asksSomething(content),
  );
}

const suggestionOf = ({ passage: _forTheModel, ...candidate }: CopilotCandidate) => ({
  ...candidate,
  confidence: Math.round(candidate.confidence * 100) / 100,
  level: confidenceLevel(candidate.confidence),
});

/**
 * GET /api/user/copilot-suggestions: the workspace's training that answers the customer's
 * latest question, from the bot's own retrieval, for the agent to insert into their reply.
 */
export async function copilotSuggestions(
  db: Kysely<Database>,
  bot: Pick<BotService, 'suggest'>,
  { workspaceId, conversationId }: CopilotSuggestionsQuery,
  languageModel: boolean,
): Promise<CopilotSuggestions> {
  const asked = await latestQuestion(db, workspaceId, conversationId);
  if (!asked) return { question: null, messageId: null, suggestions: [], languageModel };
  const candidates = await bot.suggest(workspaceId, asked.content);
  return {
    question: asked.content,
    messageId: asked.id,
    suggestions: candidates.map(suggestionOf),
    languageModel,
  };
}
