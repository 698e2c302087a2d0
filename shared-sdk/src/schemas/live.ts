import { z } from 'zod';
import { wellFormedText } from './text';

// product-spec.md §7 live reads: a subscription names a collection, its workspace, where filters, orderBy,
// limit and a startAfter cursor. The server answers with a snapshot, then changes in commit order.
export const liveCollections = [
  'users',
  'workspaces',
  'workspace_user',
  'chatbots',
  'customers',
  'conversations',
  'tickets',
  'ai_training_qnas',
  'ai_training_qna_topics',
  'ai_training_websites',
  'products',
  'statistics',
  'messages',
  /** Background jobs (website discovery): their progress, live. */
  'jobs',
  /** Outgoing webhooks and their delivery log; admins only. */
  'webhooks',
  'webhook_deliveries',
  /** A workspace's saved replies; every member reads them. */
  'canned_responses',
  /** Members' private notes of one conversation (read like `messages`); never the widget's. */
  'conversation_notes',
] as const;
export type LiveCollection = (typeof liveCollections)[number];

const scalar = z.union([z.string(), z.number(), z.boolean(), z.null()]);

export const liveQuerySchema = z.object({
  collection: z.enum(liveCollections),
  /** Every collection but `users` belongs to a workspace; the server checks membership. */
  workspaceId: z.string().min(1).max(64).optional(),
  /** For `messages`: the conversation whose messages are read. */
  conversationId: z.string().min(1).max(64).optional(),
  where: z
    .array(
      z.object({
        field: z.string().min(1).max(64),
        /** `contains`: a search box, on the fields a collection lets be searched. */
        op: z.enum(['==', '!=', '<', '<=', '>', '>=', 'in', 'contains']),
        value: z.union([scalar, z.array(scalar).max(30)]),
      }),
    )
    .max(8)
    .optional(),
  orderBy: z
    .array(z.object({ field: z.string().min(1).max(64), direction: z.enum(['asc', 'desc']) }))
    .max(3)
    .optional(),
  limit: z.number().int().min(1).max(500).optional(),
  /** Cursor: the orderBy values of the last document of the previous page. */
  startAfter: z.array(scalar).max(3).optional(),
  /**
   * Documents to skip before the first one, so a page deep in a list (`?page=57`) opens
   * directly. Not with startAfter; next and previous pages use the cursor, which stays fast at
   * any depth.
   */
  offset: z.number().int().min(0).max(100_000).optional(),
});
export type LiveQuery = z.infer<typeof liveQuerySchema>;

/** A document as the client sees it: the entity's JSON, always with its id. */
export type LiveDoc = { id: string } & Record<string, unknown>;

export const liveClientMessageSchema = wellFormedText(
  z.discriminatedUnion('type', [
    /** First message, and again whenever the access token is refreshed. */
    z.object({ type: z.literal('auth'), token: z.string() }),
    z.object({
      type: z.literal('subscribe'),
      id: z.string().min(1).max(64),
      query: liveQuerySchema,
    }),
    z.object({ type: z.literal('unsubscribe'), id: z.string().min(1).max(64) }),
    /**
     * The sender is typing in the conversation (an agent, or the widget's visitor in their
     * own). Delivered to the other side only: the visitor of that conversation, or the members
     * of its workspace whose connection reads its workspace's conversations or its messages.
     * Not stored; the server drops events closer together than `typingMinGapMs`.
     */
    z.object({ type: z.literal('typing'), conversationId: z.string().min(1).max(64) }),
    /**
     * Agents only: the conversation this connection has open (null: none any more), sent again
     * every `presenceRefreshMs`. Colleagues reading the workspace's conversations hear it as
     * `presence`; the customer never does. A closed connection is heard as `viewing: false`.
     */
    z.object({
      type: z.literal('viewing'),
      conversationId: z.string().min(1).max(64).nullable(),
    }),
  ]),
);
export type LiveClientMessage = z.infer<typeof liveClientMessageSchema>;

export type LiveChange = { type: 'added' | 'modified' | 'removed'; doc: LiveDoc };

export type LiveServerMessage =
  | { type: 'ready'; userId: string }
  | { type: 'snapshot'; id: string; docs: LiveDoc[] }
  | { type: 'changes'; id: string; changes: LiveChange[]; committedAt: number }
  /** With an id the subscription has ended (e.g. permission-denied when a member is removed). */
  | { type: 'error'; id?: string; code: string; message: string }
  | LiveSignal;

/**
 * Ephemeral news of the other side, not tied to a subscription. `typing`: `from` says who typed
 * (a member: `senderId` is their user id; the customer: their customer id). `presence`: a
 * colleague opened (`viewing: true`, repeated while open) or left a conversation.
 */
export type LiveSignal =
  | { type: 'typing'; conversationId: string; from: 'agent' | 'customer'; senderId: string }
  | { type: 'presence'; conversationId: string; userId: string; viewing: boolean };

/** What a client may send besides its subscriptions. */
export type LiveSignalMessage = Extract<LiveClientMessage, { type: 'typing' | 'viewing' }>;
