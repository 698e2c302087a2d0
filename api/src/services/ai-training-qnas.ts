import type { Kysely } from 'kysely';
import type { AiTrainingQna } from 'shared-sdk/schemas';
import type { Database } from '../db/schema';
import { HttpError } from '../errors/http-error';
import {
  deleteAiTrainingQna,
  insertAiTrainingQna,
  insertAiTrainingQnas,
  listAiTrainingQnas,
  updateAiTrainingQna,
} from '../repositories/ai-training-qnas';
import type { AiTrainingQnaFields } from '../repositories/ai-training-qnas';

// The question-and-answer pairs the bot answers from. Topics are created on first use.

const qnaNotFound = (qnaId: string) => new HttpError(404, `Q&A pair ${qnaId} not found`);

export function addQna(
  trx: Kysely<Database>,
  workspaceId: string,
  fields: AiTrainingQnaFields,
  now: Date,
): Promise<AiTrainingQna> {
  return insertAiTrainingQna(trx, workspaceId, fields, now);
}

/** A CSV import: every pair, or none (the caller's transaction). Answers how many were added. */
export async function importQnas(
  trx: Kysely<Database>,
  workspaceId: string,
  pairs: AiTrainingQnaFields[],
  now: Date,
): Promise<number> {
  return (await insertAiTrainingQnas(trx, workspaceId, pairs, now)).length;
}

export function listQnas(db: Kysely<Database>, workspaceId: string): Promise<AiTrainingQna[]> {
  return listAiTrainingQnas(db, workspaceId);
}

export async function changeQna(
  trx: Kysely<Database>,
  workspaceId: string,
  qnaId: string,
  fields: AiTrainingQnaFields,
  now: Date,
): Promise<AiTrainingQna> {
  const qna = await updateAiTrainingQna(trx, workspaceId, qnaId, fields, now);
  if (!qna) throw qnaNotFound(qnaId);
  return qna;
}

export async function removeQna(
  trx: Kysely<Database>,
  workspaceId: string,
  qnaId: string,
  now: Date,
): Promise<void> {
  if (!(await deleteAiTrainingQna(trx, workspaceId, qnaId, now))) throw qnaNotFound(qnaId);
}
