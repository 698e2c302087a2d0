import { sql, type Kysely, type Selectable } from 'kysely';
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
 * Creates Q&A pairs, their new topics, and counts them: a statement each, however many pairs.
 * The change event (collection ai_training_qnas, with the workspace) is what keeps the bot's
 * index of the workspace current.
 */
export async function insertAiTrainingQnas(
  trx: Kysely<Database>,
  workspaceId: string,
  pairs: AiTrainingQnaFields[],
  now: Date,
): Promise<AiTrainingQna[]> {
  if (pairs.length === 0) return [];
  const rows = await trx
    .insertInto('aiTrainingQnas')
    .values(
      pairs.map((fields, index) => ({
        id: randomId(),
        workspaceId,
        topicIds: JSON.stringify(distinct(fields.topicIds)),
        question: fields.question,
        answer: fields.answer,
        // A millisecond apart, in the order given: a file's pairs list (and export) in its order.
        createdAt: sql<Date>`now() + ${index}::int * interval '1 millisecond'`,
        updatedAt: now,
      })),
    )
    .returningAll()
    .execute();
  const topics = distinct(pairs.flatMap((fields) => fields.topicIds));
  await touchAiTrainingQnaTopics(trx, workspaceId, topics, now);
  await adjustAiTrainingQnaCount(trx, workspaceId, rows.length, now);
  recordChange(trx, {
    collection: 'ai_training_qnas',
    workspaceId,
    ids: rows.map((row) => row.id),
  });
  return rows.map(toAiTrainingQna);
}

export async function insertAiTrainingQna(
  trx: Kysely<Database>,
  workspaceId: string,
  fields: AiTrainingQnaFields,
  now: Date,
): Promise<AiTrainingQna> {
  const [qna] = await insertAiTrainingQnas(trx, workspaceId, [fields], now);
  return qna!;
}

/** Every pair of the workspace, oldest first. */
export async function listAiTrainingQnas(
  db: Kysely<Database>,
  workspaceId: string,
): Promise<AiTrainingQna[]> {
  const rows = await db
    .selectFrom('aiTrainingQnas')
    .selectAll()
    .where('workspaceId', '=', workspaceId)
    .orderBy('createdAt')
    .orderBy('id')
    .execute();
  return rows.map(toAiTrainingQna);
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
