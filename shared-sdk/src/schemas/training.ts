import { z } from 'zod';
import { maxQnaImportPairs } from './constants';

const id = z.string().min(1).max(64);
const timestamp = z.string();

// product-spec.md §3 ai_training_qna_topic: the name is the id.
export const aiTrainingQnaTopicSchema = z.object({
  id: z.string(),
  workspaceId: id,
  createdAt: timestamp,
  lastUsedAt: timestamp,
});
export type AiTrainingQnaTopic = z.infer<typeof aiTrainingQnaTopicSchema>;

// product-spec.md §3 ai_training_qna.
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

// product-spec.md §7 ai-training-qnas calls. Topics are created on first use.
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

/**
 * GET /api/user/unanswered-questions: the customer questions the bot handed over, grouped by
 * meaning; the newest groups first, or the most asked. At most `limit` groups, built from the
 * workspace's latest questions not dismissed (`maxUnansweredQuestionsRead`).
 */
export const unansweredQuestionsQuerySchema = z.object({
  workspaceId: id,
  order: z.enum(['newest', 'count']).default('newest'),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export type UnansweredQuestionsQuery = z.infer<typeof unansweredQuestionsQuerySchema>;

/**
 * The latest questions read to build the groups (grouping 500 takes about half a second on two
 * busy cores): older ones wait until these are answered or dismissed.
 */
export const maxUnansweredQuestionsRead = 500;

export const unansweredQuestionGroupSchema = z.object({
  /** The group's most recent question stands for it (what a new pair is prefilled with). */
  question: z.string(),
  count: z.number().int(),
  latestAskedAt: timestamp,
  /** Every question of the group (what dismissing it dismisses), newest first. */
  questionIds: z.array(id),
  /** Up to three other wordings of it, newest first. */
  examples: z.array(z.string()),
});
export type UnansweredQuestionGroup = z.infer<typeof unansweredQuestionGroupSchema>;

export const unansweredQuestionsSchema = z.object({
  groups: z.array(unansweredQuestionGroupSchema),
  /** More groups than `limit`, or more questions than were read. */
  truncated: z.boolean(),
});
export type UnansweredQuestions = z.infer<typeof unansweredQuestionsSchema>;

/** POST /api/user/unanswered-questions-dismiss: no longer listed. */
export const dismissUnansweredQuestionsRequestSchema = z.object({
  workspaceId: id,
  questionIds: z.array(id).min(1).max(maxUnansweredQuestionsRead),
});
export const dismissUnansweredQuestionsResponseSchema = z.object({
  dismissed: z.number().int(),
});
