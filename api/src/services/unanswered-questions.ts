import type { Kysely } from 'kysely';
import { maxUnansweredQuestionsRead } from 'shared-sdk/schemas';
import type { UnansweredQuestions, UnansweredQuestionsQuery } from 'shared-sdk/schemas';
import type { BotService } from '../bot';
import type { Database } from '../db/schema';
import {
  dismissUnansweredQuestions,
  listUnansweredQuestions,
} from '../repositories/unanswered-questions';

/** Other wordings shown under a group's question. */
const examplesShown = 3;

/**
 * AI training's unanswered questions: the workspace's latest handed-over questions not
 * dismissed, grouped by meaning (question-groups.ts), less the groups whose question the bot now
 * answers from the training (a pair was added for it), newest or most asked first, at most
 * `limit`.
 */
export async function listUnansweredGroups(
  db: Kysely<Database>,
  bot: BotService,
  workspaceId: string,
  { order, limit }: Pick<UnansweredQuestionsQuery, 'order' | 'limit'>,
): Promise<UnansweredQuestions> {
  const rows = await listUnansweredQuestions(db, workspaceId, maxUnansweredQuestionsRead + 1);
  const read = rows.slice(0, maxUnansweredQuestionsRead);
  const groups = await bot.groupQuestions(
    read.map((row) => ({ id: row.id, text: row.question, askedAt: row.askedAt })),
  );
  if (order === 'count') {
    // Stable: groups asked as often keep newest first.
    groups.sort((a, b) => b.questions.length - a.questions.length);
  }
  const answered = await bot.answered(
    workspaceId,
    groups.map((group) => group.questions[0]!.text),
  );
  const open = groups.filter((_, n) => !answered[n]);
  return {
    groups: open.slice(0, limit).map((group) => {
      const [first, ...others] = group.questions;
      const wordings = [...new Set(others.map((each) => each.text))].filter(
        (text) => text !== first!.text,
      );
      return {
        question: first!.text,
        count: group.questions.length,
        latestAskedAt: group.latestAskedAt.toISOString(),
        questionIds: group.questions.map((each) => each.id),
        examples: wordings.slice(0, examplesShown),
      };
    }),
    truncated: open.length > limit || rows.length > maxUnansweredQuestionsRead,
  };
}

/** Questions the admin has dealt with leave the list; how many did. */
export function dismissQuestions(
  trx: Kysely<Database>,
  workspaceId: string,
  ids: readonly string[],
  now: Date,
): Promise<number> {
  return dismissUnansweredQuestions(trx, workspaceId, ids, now);
}
