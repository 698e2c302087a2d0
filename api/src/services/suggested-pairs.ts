import type { Kysely } from 'kysely';
import { maxAnsweredQuestionsRead } from 'shared-sdk/schemas';
import type {
  AcceptSuggestedPairRequest,
  AiTrainingQna,
  SuggestedPairs,
  SuggestedPairsQuery,
} from 'shared-sdk/schemas';
import { asksSomething, type BotService } from '../bot';
import type { Database } from '../db/schema';
import { HttpError } from '../errors/http-error';
import { insertAiTrainingQna } from '../repositories/ai-training-qnas';
import {
  listAnsweredQuestions,
  recordAnsweredQuestion,
  reviewAnsweredQuestions,
} from '../repositories/answered-questions';
import { noneOfTheseText } from './none-of-these';

/** Other wordings shown under a suggestion's question. */
const examplesShown = 3;

interface TimelineMessage {
  role: 'user' | 'agent' | 'bot';
  content: string;
}

/**
 * What an agent answered in a conversation: the customer's question the agent first replied to
 * (their latest message that asks something before that reply) and the agent's replies to it,
 * up to the customer's next message. Undefined when no agent answered a question.
 */
export function agentAnswerOf(
  messages: readonly TimelineMessage[],
): { question: string; answer: string } | undefined {
  let question: string | undefined;
  for (let n = 0; n < messages.length; n++) {
    const { role, content } = messages[n]!;
    const text = content.trim();
    if (role === 'user' && text !== noneOfTheseText && asksSomething(text)) question = text;
    if (role !== 'agent' || !question || !text) continue;
    const replies: string[] = [];
    for (let m = n; m < messages.length && messages[m]!.role !== 'user'; m++) {
      const reply = messages[m]!;
      if (reply.role === 'agent' && reply.content.trim()) replies.push(reply.content.trim());
    }
    return { question, answer: replies.join('\n\n') };
  }
  return undefined;
}

/**
 * When an agent resolves a conversation they answered, what they answered is kept for AI
 * training's suggested pairs, in the transaction of the resolve.
 */
export async function keepAgentAnswer(
  trx: Kysely<Database>,
  { workspaceId, conversationId }: { workspaceId: string; conversationId: string },
  now: Date,
): Promise<void> {
  const messages = await trx
    .selectFrom('messages')
    .select(['role', 'content'])
    .where('conversationId', '=', conversationId)
    .where('workspaceId', '=', workspaceId)
    .orderBy('timestamp', 'asc')
    .execute();
  const answered = agentAnswerOf(messages);
  if (!answered) return;
  await recordAnsweredQuestion(trx, { workspaceId, conversationId, ...answered }, now);
}

/**
 * AI training's suggested pairs: the workspace's latest answered questions grouped by meaning
 * (question-groups.ts), less every group holding one already accepted or dismissed (it does not
 * come back in other words); newest first.
 */
export async function listSuggestedPairs(
  db: Kysely<Database>,
  bot: Pick<BotService, 'groupQuestions'>,
  workspaceId: string,
  { limit }: Pick<SuggestedPairsQuery, 'limit'>,
): Promise<SuggestedPairs> {
  const rows = await listAnsweredQuestions(db, workspaceId, maxAnsweredQuestionsRead + 1);
  const read = rows.slice(0, maxAnsweredQuestionsRead);
  const byId = new Map(read.map((row) => [row.id, row]));
  const groups = await bot.groupQuestions(
    read.map((row) => ({ id: row.id, text: row.question, askedAt: row.answeredAt })),
  );
  // The bot's own answer to the question is no reason to leave it out: the agent answered
  // because the customer needed more than the bot gave.
  const open = groups.filter((group) =>
    group.questions.every((question) => byId.get(question.id)!.review === null),
  );
  return {
    suggestions: open.slice(0, limit).map((group) => {
      const [first, ...others] = group.questions;
      const newest = byId.get(first!.id)!;
      const wordings = [...new Set(others.map((each) => each.text))].filter(
        (text) => text !== newest.question,
      );
      return {
        question: newest.question,
        answer: newest.answer,
        count: group.questions.length,
        latestAnsweredAt: group.latestAskedAt.toISOString(),
        sourceIds: group.questions.map((each) => each.id),
        examples: wordings.slice(0, examplesShown),
      };
    }),
    truncated: open.length > limit || rows.length > maxAnsweredQuestionsRead,
  };
}

const suggestionGone = () =>
  new HttpError(404, 'This suggested pair was accepted or dismissed already, or does not exist');

/**
 * Accepts a suggested pair as the admin left it: the pair is added to the training and its
 * answered questions are marked accepted, in one transaction.
 */
export async function acceptSuggestedPair(
  trx: Kysely<Database>,
  { workspaceId, sourceIds, ...fields }: AcceptSuggestedPairRequest & { topicIds: string[] },
  now: Date,
): Promise<AiTrainingQna> {
  const reviewed = await reviewAnsweredQuestions(trx, workspaceId, sourceIds, 'accepted', now);
  if (reviewed === 0) throw suggestionGone();
  return insertAiTrainingQna(trx, workspaceId, fields, now);
}

/** Dismisses a suggested pair for good: its answered questions are never proposed again. */
export async function dismissSuggestedPair(
  trx: Kysely<Database>,
  workspaceId: string,
  sourceIds: readonly string[],
  now: Date,
): Promise<{ dismissed: number }> {
  return {
    dismissed: await reviewAnsweredQuestions(trx, workspaceId, sourceIds, 'dismissed', now),
  };
}
