import type { Kysely, Selectable } from 'kysely';
import type { AiTrainingQnaTopic } from 'shared-sdk/schemas';
import type { AiTrainingQnaTopicsTable, Database } from '../db/schema';
import { recordChange } from '../live/write-transaction';

export type AiTrainingQnaTopicRow = Selectable<AiTrainingQnaTopicsTable>;

/** product-spec.md §3 ai_training_qna_topic: the name is its id. */
export function toAiTrainingQnaTopic(row: AiTrainingQnaTopicRow): AiTrainingQnaTopic {
  return {
    id: row.name,
    workspaceId: row.workspaceId,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt.toISOString(),
  };
}

/**
 * Topics are created on first use; using one again moves its lastUsedAt to `now`. One
 * statement, so two Q&A pairs naming a new topic at once create it once.
 */
export async function touchAiTrainingQnaTopics(
  trx: Kysely<Database>,
  workspaceId: string,
  names: string[],
  now: Date,
): Promise<void> {
  if (names.length === 0) return;
  await trx
    .insertInto('aiTrainingQnaTopics')
    .values(names.map((name) => ({ workspaceId, name, lastUsedAt: now })))
    .onConflict((conflict) =>
      conflict.columns(['workspaceId', 'name']).doUpdateSet({ lastUsedAt: now }),
    )
    .execute();
  recordChange(trx, { collection: 'ai_training_qna_topics', workspaceId, ids: names });
}
