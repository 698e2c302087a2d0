import type { Kysely, Selectable } from 'kysely';
import { randomId } from '../db/random-id';
import type { AnsweredQuestionsTable, Database } from '../db/schema';

export type AnsweredQuestionRow = Selectable<AnsweredQuestionsTable>;

/**
 * Keeps what the agent answered in a conversation they resolved. Resolved again after the
 * customer wrote more: the newer question and answer replace the older, unless already reviewed.
 */
export async function recordAnsweredQuestion(
  trx: Kysely<Database>,
  row: { workspaceId: string; conversationId: string; question: string; answer: string },
  answeredAt: Date,
): Promise<void> {
  await trx
    .insertInto('answeredQuestions')
    .values({ id: randomId(), ...row, answeredAt })
    .onConflict((conflict) =>
      conflict
        .column('conversationId')
        .doUpdateSet({ question: row.question, answer: row.answer, answeredAt })
        .where('answeredQuestions.review', 'is', null),
    )
    .execute();
}

/** The workspace's latest answered questions, reviewed ones too, newest first, at most `limit`. */
export function listAnsweredQuestions(
  db: Kysely<Database>,
  workspaceId: string,
  limit: number,
): Promise<AnsweredQuestionRow[]> {
  return db
    .selectFrom('answeredQuestions')
    .selectAll()
    .where('workspaceId', '=', workspaceId)
    .orderBy('answeredAt', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** Marks the workspace's unreviewed rows of `ids` (others' ids are ignored); how many it did. */
export async function reviewAnsweredQuestions(
  trx: Kysely<Database>,
  workspaceId: string,
  ids: readonly string[],
  review: 'accepted' | 'dismissed',
  now: Date,
): Promise<number> {
  if (ids.length === 0) return 0;
  const result = await trx
    .updateTable('answeredQuestions')
    .set({ review, reviewedAt: now })
    .where('workspaceId', '=', workspaceId)
    .where('id', 'in', [...ids])
    .where('review', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
