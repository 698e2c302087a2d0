import { z } from 'zod';
import { conversationStatuses } from './conversations';

const id = z.string().min(1).max(64);
const timestamp = z.string();

/** The longest query read: a pasted paragraph is still searched; longer is refused (400). */
export const searchQueryMaxLength = 1000;
export const searchPageSize = 20;

/**
 * GET /api/user/search: the words as a person types them ("quoted phrase", -word, or), never a
 * syntax error. The filters narrow the hits that belong to a conversation.
 */
export const searchRequestSchema = z.object({
  workspaceId: id,
  q: z
    .string()
    .trim()
    .min(1, 'Please enter something to search for')
    .max(searchQueryMaxLength, `A search is at most ${searchQueryMaxLength} characters`),
  status: z.enum(conversationStatuses).optional(),
  assigneeId: id.optional(),
  /** Only hits on or after / before this day (ISO date or date-time). */
  from: z.iso.date().or(z.iso.datetime()).optional(),
  to: z.iso.date().or(z.iso.datetime()).optional(),
  /** The customer's rating of the conversation, 1 to 5. */
  rating: z.coerce.number().int().min(1).max(5).optional(),
  page: z.coerce.number().int().min(1).max(50).default(1),
});
export type SearchRequest = z.input<typeof searchRequestSchema>;

/** A piece of a snippet: `match` marks the words the query found, for the page to highlight. */
export const snippetPartSchema = z.object({ text: z.string(), match: z.boolean() });
export type SnippetPart = z.infer<typeof snippetPartSchema>;

export const searchHitKinds = ['message', 'note', 'ticket'] as const;

/** A message, a note or a ticket the query found, with the conversation it belongs to. */
export const searchHitSchema = z.object({
  kind: z.enum(searchHitKinds),
  id,
  /** Where the hit opens: its conversation (a ticket without one has none). */
  conversationId: id.nullable(),
  ticketId: id.nullable(),
  /** The message's author: customer (user), agent or bot. */
  role: z.enum(['user', 'agent', 'bot']).nullable(),
  customerName: z.string().nullable(),
  conversationStatus: z.enum(conversationStatuses).nullable(),
  snippet: z.array(snippetPartSchema),
  timestamp,
});
export type SearchHit = z.infer<typeof searchHitSchema>;

/** A customer whose name or e-mail address matches, spelled right or nearly. */
export const customerHitSchema = z.object({
  id,
  name: z.string(),
  email: z.string().nullable(),
  lastSeenAt: timestamp,
});
export type CustomerHit = z.infer<typeof customerHitSchema>;

export const searchResponseSchema = z.object({
  /** On the first page only: the customers found by name or e-mail address (up to 5). */
  customers: z.array(customerHitSchema),
  hits: z.array(searchHitSchema),
  page: z.number().int(),
  hasMore: z.boolean(),
});
export type SearchResponse = z.infer<typeof searchResponseSchema>;
