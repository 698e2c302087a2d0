import { z } from 'zod';

// The agent's copilot: the workspace's knowledge beside the reply box of a conversation.

const id = z.string().min(1).max(64);

export const copilotSuggestionsQuerySchema = z.object({ workspaceId: id, conversationId: id });
export type CopilotSuggestionsQuery = z.input<typeof copilotSuggestionsQuerySchema>;

/** How sure the bot is that a suggestion answers the question, said in words. */
export const copilotConfidenceLevels = ['high', 'medium', 'low'] as const;
export type CopilotConfidenceLevel = (typeof copilotConfidenceLevels)[number];

export const copilotSuggestionSchema = z.object({
  /** What it comes from: a Q&A pair, a product or a passage of a website's page. */
  kind: z.enum(['qna', 'product', 'webpage']),
  id: z.string(),
  /** The pair's question, the product's name or the page's title. */
  label: z.string(),
  /** The page's address (page passages only). */
  url: z.string().nullable(),
  /** The answer as the agent may insert it into their reply. */
  text: z.string(),
  /** How likely it answers the question, 0 to 1, as the bot reads it. */
  confidence: z.number().min(0).max(1),
  level: z.enum(copilotConfidenceLevels),
});
export type CopilotSuggestion = z.infer<typeof copilotSuggestionSchema>;

export const copilotSuggestionsSchema = z.object({
  /** The customer's latest question the suggestions answer; null when they asked none. */
  question: z.string().nullable(),
  /** The message that asked it. */
  messageId: z.string().nullable(),
  /** Best first, at most three; none when nothing in the training is relevant. */
  suggestions: z.array(copilotSuggestionSchema).max(3),
  /** Whether a language model is set up: drafts, summaries and rewrites are offered only then. */
  languageModel: z.boolean(),
});
export type CopilotSuggestions = z.infer<typeof copilotSuggestionsSchema>;

export const copilotConversationRequestSchema = z.object({ workspaceId: id, conversationId: id });
export type CopilotConversationRequest = z.input<typeof copilotConversationRequestSchema>;

/** A draft reply from the conversation and the training retrieved for it, naming its sources. */
export const copilotDraftSchema = z.object({
  text: z.string(),
  /** What [1], [2]… in the text refer to, in that order. */
  sources: z.array(copilotSuggestionSchema.pick({ kind: true, id: true, label: true, url: true })),
});
export type CopilotDraft = z.infer<typeof copilotDraftSchema>;

export const copilotRewriteRequestSchema = copilotConversationRequestSchema.extend({
  text: z.string().trim().min(1, 'Write a reply first').max(5000),
  style: z.enum(['shorter', 'friendlier']),
});
export type CopilotRewriteRequest = z.input<typeof copilotRewriteRequestSchema>;
export const copilotRewriteSchema = z.object({ text: z.string() });
