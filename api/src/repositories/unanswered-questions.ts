import type { Kysely, Selectable } from 'kysely';
import { randomId } from '../db/random-id';
import type { Database, UnansweredQuestionsTable } from '../db/schema';

export type UnansweredQuestionRow = Selectable<UnansweredQuestionsTable>;

/** Keeps a customer's question the bot handed over, in the transaction of the handoff. */
export async function recordUnansweredQuestion(
  trx: Kysely<Database>,
  conversation: { id: string; workspaceId: string },
  message: { messageId: string; text: string },
  askedAt: Date,
): Promise<void> {
  const question = message.text.trim();
  // A message of attachments only asks nothing a pair could answer.
  if (!question) return;
  await trx
    .insertInto('unansweredQuestions')
    .values({
      id: randomId(),
      workspaceId: conversation.workspaceId,
      conversationId: conversation.id,
      messageId: message.messageId,
      question,
      askedAt,
    })
    .execute();
}

/** The workspace's latest questions not dismissed, newest first, at most `limit`. */
export function listUnansweredQuestions(
  db: Kysely<Database>,
  workspaceId: string,
  limit: number,
): Promise<UnansweredQuestionRow[]> {
  return db
    .selectFrom('unansweredQuestions')
    .selectAll()
    .where('workspaceId', '=', workspaceId)
    .where('dismissedAt', 'is', null)
    .orderBy('askedAt', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** Dismisses the workspace's questions of `ids` (others' ids are ignored); how many it did. */
export async function dismissUnansweredQuestions(
  trx: Kysely<Database>,
  workspaceId: string,
  ids: readonly string[],
  now: Date,
): Promise<number> {
  const result = await trx
    .updateTable('unansweredQuestions')
    .set({ dismissedAt: now })
    .where('workspaceId', '=', workspaceId)
    .where('id', 'in', ids)
    .where('dismissedAt', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
