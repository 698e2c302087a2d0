import { z } from 'zod';
import { createAiTrainingQnaRequestSchema } from './training';

// AI training › Suggested pairs: what agents answered in resolved conversations, grouped by
// meaning, proposed as new Q&A pairs for an admin to accept, edit or dismiss.

const id = z.string().min(1).max(64);

/** The latest answered questions read for the list (grouping reads each one's meaning). */
export const maxAnsweredQuestionsRead = 500;

export const suggestedPairsQuerySchema = z.object({
  workspaceId: id,
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export type SuggestedPairsQuery = z.infer<typeof suggestedPairsQuerySchema>;

export const suggestedPairSchema = z.object({
  /** The question proposed: the group's most recent customer question. */
  question: z.string(),
  /** The answer proposed: what an agent answered it with most recently. */
  answer: z.string(),
  /** How many resolved conversations asked it. */
  count: z.number().int(),
  latestAnsweredAt: z.string(),
  /** Every answered question of the group (what accepting or dismissing reviews), newest first. */
  sourceIds: z.array(id),
  /** Other wordings customers used. */
  examples: z.array(z.string()),
});
export type SuggestedPair = z.infer<typeof suggestedPairSchema>;

export const suggestedPairsSchema = z.object({
  suggestions: z.array(suggestedPairSchema),
  /** More groups than `limit`, or more answered questions than were read. */
  truncated: z.boolean(),
});
export type SuggestedPairs = z.infer<typeof suggestedPairsSchema>;

/** POST /api/user/suggested-pairs-accept: the pair as the admin left it (edited or not). */
export const acceptSuggestedPairRequestSchema = createAiTrainingQnaRequestSchema.extend({
  sourceIds: z.array(id).min(1).max(maxAnsweredQuestionsRead),
});
export type AcceptSuggestedPairRequest = z.input<typeof acceptSuggestedPairRequestSchema>;

/** POST /api/user/suggested-pairs-dismiss: never proposed again. */
export const dismissSuggestedPairRequestSchema = z.object({
  workspaceId: id,
  sourceIds: z.array(id).min(1).max(maxAnsweredQuestionsRead),
});
export type DismissSuggestedPairRequest = z.input<typeof dismissSuggestedPairRequestSchema>;
export const dismissSuggestedPairResponseSchema = z.object({ dismissed: z.number().int() });
