import type { Kysely, Selectable } from 'kysely';
import type { AiTrainingQna } from 'shared-sdk/schemas';
import { randomId } from '../db/random-id';
import type { AiTrainingQnasTable, Database } from '../db/schema';
import { recordChange } from '../live/write-transaction';
import { touchAiTrainingQnaTopics } from './ai-training-qna-topics';
import { adjustAiTrainingQnaCount } from './statistics';

export type AiTrainingQnaRow = Selectable<AiTrainingQnasTable>;

export function toAiTrainingQna(row: AiTrainingQnaRow): AiTrainingQna {
  return {
    id: row.id,
    workspaceId: row.workspaceId,
    topicIds: row.topicIds,
    question: row.question,
    answer: row.answer,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export interface AiTrainingQnaFields {
  topicIds: string[];
  question: string;
  answer: string;
}

/** Each topic once, in the order first given. */
const distinct = (names: string[]) => [...new Set(names)];

/**
 * Creates a Q&A pair, its new topics, and counts it. The change event (collection
 * ai_training_qnas, with the workspace) is what keeps the bot's index of the workspace current.
 */
export async function insertAiTrainingQna(
  trx: Kysely<Database>,
  workspaceId: string,
  fields: AiTrainingQnaFields,
  now: Date,
): Promise<AiTrainingQna> {
  const topicIds = distinct(fields.topicIds);
  const row = await trx
    .insertInto('aiTrainingQnas')
    .values({
      id: randomId(),
      workspaceId,
      topicIds: JSON.stringify(topicIds),
      question: fields.question,
      answer: fields.answer,
      updatedAt: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await touchAiTrainingQnaTopics(trx, workspaceId, topicIds, now);
  await adjustAiTrainingQnaCount(trx, workspaceId, 1, now);
  recordChange(trx, { collection: 'ai_training_qnas', workspaceId, ids: [row.id] });
  return toAiTrainingQna(row);
}

/** Changes the workspace's Q&A pair `id`; undefined when it has none of that id. */
export async function updateAiTrainingQna(
  trx: Kysely<Database>,
  workspaceId: string,
  id: string,
  fields: AiTrainingQnaFields,
  now: Date,
): Promise<AiTrainingQna | undefined> {
  const topicIds = distinct(fields.topicIds);
  const row = await trx
    .updateTable('aiTrainingQnas')
    .set({
      topicIds: JSON.stringify(topicIds),
      question: fields.question,
      answer: fields.answer,
      updatedAt: now,
    })
    .where('id', '=', id)
    .where('workspaceId', '=', workspaceId)
    .returningAll()
    .executeTakeFirst();
  if (!row) return undefined;
  await touchAiTrainingQnaTopics(trx, workspaceId, topicIds, now);
  recordChange(trx, { collection: 'ai_training_qnas', workspaceId, ids: [row.id] });
  return toAiTrainingQna(row);
}

/** Deletes the workspace's Q&A pair `id` and uncounts it; false when it has none of that id. */
export async function deleteAiTrainingQna(
  trx: Kysely<Database>,
  workspaceId: string,
  id: string,
  now: Date,
): Promise<boolean> {
  const row = await trx
    .deleteFrom('aiTrainingQnas')
    .where('id', '=', id)
    .where('workspaceId', '=', workspaceId)
    .returning('id')
    .executeTakeFirst();
  if (!row) return false;
  await adjustAiTrainingQnaCount(trx, workspaceId, -1, now);
  recordChange(trx, { collection: 'ai_training_qnas', workspaceId, ids: [row.id] });
  return true;
}
