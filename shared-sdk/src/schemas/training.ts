import { z } from 'zod';

const id = z.string().min(1).max(64);
const timestamp = z.string();

// spec §3 ai_training_qna_topic: the name is the id.
export const aiTrainingQnaTopicSchema = z.object({
  id: z.string(),
  workspaceId: id,
  createdAt: timestamp,
  lastUsedAt: timestamp,
});
export type AiTrainingQnaTopic = z.infer<typeof aiTrainingQnaTopicSchema>;

// spec §3 ai_training_qna.
export const aiTrainingQnaSchema = z.object({
  id,
  workspaceId: id,
  topicIds: z.array(z.string()),
  question: z.string(),
  answer: z.string(),
  createdAt: timestamp,
  updatedAt: timestamp,
});
export type AiTrainingQna = z.infer<typeof aiTrainingQnaSchema>;

const topicIds = z
  .array(z.string().trim().min(1, 'Topics need a name').max(60, 'Topics are at most 60 characters'))
  .max(10, 'At most 10 topics')
  .default([]);
const question = z.string().trim().min(1, 'Please enter the question').max(500);
const answer = z.string().trim().min(1, 'Please enter the answer').max(5000);

// spec §7 ai-training-qnas calls. Topics are created on first use.
export const createAiTrainingQnaRequestSchema = z.object({
  workspaceId: id,
  topicIds,
  question,
  answer,
});
export const updateAiTrainingQnaRequestSchema = createAiTrainingQnaRequestSchema.extend({
  qnaId: id,
});
export const deleteAiTrainingQnaRequestSchema = z.object({ workspaceId: id, qnaId: id });
export type CreateAiTrainingQnaRequest = z.input<typeof createAiTrainingQnaRequestSchema>;

/** Every pair of a workspace, oldest first (the CSV export). */
export const aiTrainingQnasSchema = z.array(aiTrainingQnaSchema);

/** One pair of an import (a CSV row): what the create call takes, without the workspace. */
export const aiTrainingQnaImportPairSchema = z.object({ topicIds, question, answer });
export type AiTrainingQnaImportPair = z.input<typeof aiTrainingQnaImportPairSchema>;

/** An import is one transaction; a longer file is imported in parts. */
export const maxQnaImportPairs = 1000;

/** Every pair is stored, or none: a file with one bad row changes nothing. */
export const importAiTrainingQnasRequestSchema = z.object({
  workspaceId: id,
  pairs: z
    .array(aiTrainingQnaImportPairSchema)
    .min(1, 'The file has no pairs')
    .max(maxQnaImportPairs, `At most ${maxQnaImportPairs} pairs per import`),
});
export type ImportAiTrainingQnasRequest = z.input<typeof importAiTrainingQnasRequestSchema>;
export const importAiTrainingQnasResponseSchema = z.object({ imported: z.number().int() });
export type UpdateAiTrainingQnaRequest = z.input<typeof updateAiTrainingQnaRequestSchema>;
