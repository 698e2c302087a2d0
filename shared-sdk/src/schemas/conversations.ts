import { z } from 'zod';
import { storedFileSchema } from './storage';

const id = z.string().min(1).max(64);
const timestamp = z.string();

// product-spec.md §3 customer: a visitor of the business's site who chats through the widget.
export const customerSchema = z.object({
  id,
  workspaceId: id,
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  orderId: z.string().nullable(),
  photoUrl: z.string().nullable(),
  /**
   * The business's id of its user, when the visitor identified with a valid signature: then the
   * customer is the same on every browser and device (widget/README.md, identity verification).
   */
  userId: z.string().nullable(),
  createdAt: timestamp,
  updatedAt: timestamp,
});
export type Customer = z.infer<typeof customerSchema>;

/** What a visitor may tell about themselves (the widget form and its JavaScript API). */
export const customerIdentitySchema = z.object({
  firstName: z.string().trim().max(120).optional(),
  lastName: z.string().trim().max(120).optional(),
  email: z
    .union([z.literal(''), z.email('Please enter a valid e-mail address').max(254)])
    .optional(),
  orderId: z.string().trim().max(120).optional(),
});
export type CustomerIdentity = z.infer<typeof customerIdentitySchema>;

/**
 * product-spec.md §4 conversation status. `open`: the bot (or an agent who took it over) is answering;
 * `pending`: waiting for a person (the takeover list shows these first); `resolved`.
 * The statistics count `pending` as every conversation not resolved (product-spec.md §3 "unresolved").
 */
export const conversationStatuses = ['open', 'pending', 'resolved'] as const;
export type ConversationStatus = (typeof conversationStatuses)[number];

/** Where a conversation came in: the widget's chat, or a mail to the workspace's address. */
export const conversationChannels = ['widget', 'email'] as const;
export type ConversationChannel = (typeof conversationChannels)[number];

export const messageRoles = ['user', 'agent', 'bot'] as const;
export type MessageRole = (typeof messageRoles)[number];

export const statusChangeSchema = z.object({
  status: z.enum(conversationStatuses),
  changedAt: timestamp,
  /** The agent who changed it; null for the customer, the bot or the idle timeout. */
  changedBy: id.nullable(),
  reason: z.enum([
    'created',
    'handoff',
    'not-confident',
    'takeover',
    'resolved',
    'idle',
    'reopened',
  ]),
});
export type StatusChange = z.infer<typeof statusChangeSchema>;

/** What the customer said of a resolved conversation (POST /api/widget/rating, once). */
export const conversationRatingSchema = z.object({
  /** 1 (poor) to 5 (great). */
  value: z.number().int().min(1).max(5),
  comment: z.string().nullable(),
  ratedAt: timestamp,
});
export type ConversationRating = z.infer<typeof conversationRatingSchema>;

export const lastMessageSchema = z.object({
  role: z.enum(messageRoles),
  content: z.string(),
  timestamp,
});

/**
 * product-spec.md §3 conversation, as the live `conversations` collection returns it: enriched with its
 * customer's name (the takeover list shows it), and with messagesSeenCount per user id.
 */
export const conversationSchema = z.object({
  id,
  workspaceId: id,
  chatbotId: id,
  customerId: id,
  subject: z.string().nullable(),
  channel: z.enum(conversationChannels),
  status: z.enum(conversationStatuses),
  /** status == 'pending': the takeover list orders by it (pending first), as clients sort too. */
  isPending: z.boolean(),
  statusHistory: z.array(statusChangeSchema),
  agentIds: z.array(id),
  lastMessage: lastMessageSchema.nullable(),
  messagesCount: z.number().int(),
  /** product-spec.md §3 "messagesSeenCount per conversation and per user": user id → messages seen. */
  messagesSeenCount: z.record(z.string(), z.number().int()),
  customer: customerSchema
    .pick({ firstName: true, lastName: true, email: true, orderId: true })
    .extend({
      /** The customer identified with a valid signature of their user id ("Verified"). */
      verified: z.boolean(),
    }),
  /**
   * The member answering it (POST /api/user/assign-conversation); null: unassigned. The live
   * `conversations` collection filters on it (`conversationAssigneeWhere`: mine, unassigned).
   */
  assigneeId: id.nullable(),
  /**
   * When an agent last read the conversation (POST /api/user/seen-message): the widget shows
   * "Seen" under the customer's messages sent before it.
   */
  agentLastSeenAt: timestamp.nullable(),
  /** The customer's rating, once they gave it after the conversation was resolved. */
  rating: conversationRatingSchema.nullable(),
  createdAt: timestamp,
  updatedAt: timestamp,
});
export type Conversation = z.infer<typeof conversationSchema>;

/** A file attached to a message: what the storage upload answered. */
export const messageAttachmentSchema = storedFileSchema;
export type MessageAttachment = z.infer<typeof messageAttachmentSchema>;

/** product-spec.md §3 message "optional form": field name → value (shape not shown by the spec). */
export const messageFormSchema = z.record(z.string().max(64), z.string().max(2000));

/**
 * What a bot answer about one product shows beside its text in the widget: the product as the
 * bot read it when it answered (a later change of price does not rewrite the conversation).
 */
export const productCardSchema = z.object({
  productId: id,
  name: z.string(),
  price: z.number(),
  /** ISO 4217, the workspace's. */
  currency: z.string(),
  stock: z.number().int(),
  photoUrl: z.string().nullable(),
});
export type ProductCard = z.infer<typeof productCardSchema>;

/** A bot answer drawn from a web page of the training: the page, linked under the answer. */
export const sourceLinkSchema = z.object({ url: z.string(), title: z.string() });
export type SourceLink = z.infer<typeof sourceLinkSchema>;

/** A pair a bot message suggests ("Did you mean…"): the widget shows its question as a button. */
export const pairSuggestionSchema = z.object({ pairId: id, question: z.string() });
export type PairSuggestion = z.infer<typeof pairSuggestionSchema>;

/** What the customer chose of a message's suggestions: a pair's id, or "None of these". */
export const noneOfTheseChoice = 'none';

/**
 * Why a received mail is never answered automatically: an auto-reply (Auto-Submitted), bulk
 * mail (Precedence), or a delivery-status report (a bounce). Two robots never ping-pong.
 */
export const automaticMailKinds = ['auto-reply', 'bulk', 'bounce'] as const;

/** A sent mail's delivery: under way (or waiting for a retry), sent, or failed with a reason. */
export const emailDeliveryStatuses = ['sending', 'sent', 'failed'] as const;
export type EmailDeliveryStatus = (typeof emailDeliveryStatuses)[number];

/** An e-mail message: received from the customer, or an agent's reply sent by e-mail. */
export const messageEmailSchema = z.object({
  messageId: z.string(),
  from: z.string(),
  to: z.string(),
  subject: z.string(),
  /** The mail's HTML, sanitized on the server: no scripts, remote images as data-src only. */
  html: z.string().nullable(),
  /** Received: the SPF, DKIM or DMARC check the sender failed (null: passed or not checked). */
  authFailure: z.string().nullable(),
  automatic: z.enum(automaticMailKinds).nullable(),
  /** Sent: whether it went out, and why not. */
  delivery: z
    .object({
      status: z.enum(emailDeliveryStatuses),
      error: z.string().nullable(),
      attempts: z.number().int(),
    })
    .nullable(),
});
export type MessageEmail = z.infer<typeof messageEmailSchema>;

// product-spec.md §3 message, ordered by timestamp (the live `messages` collection, one conversation).
export const messageSchema = z.object({
  id,
  conversationId: id,
  role: z.enum(messageRoles),
  /** The customer's, the agent's user id, or the chatbot's id. */
  senderId: id,
  content: z.string(),
  form: messageFormSchema.nullable(),
  attachments: z.array(messageAttachmentSchema),
  /** A bot answer about one product: its card (absent on every other message). */
  productCard: productCardSchema.optional(),
  /** A bot answer from a web page: the page (absent on every other message). */
  sourceLink: sourceLinkSchema.optional(),
  /** A bot message that asked "Did you mean…": the pairs offered (absent on every other). */
  suggestions: z.array(pairSuggestionSchema).optional(),
  /** With `suggestions`: the pair chosen, 'none' ("None of these"), or null while open. */
  suggestionChoice: z.string().nullable().optional(),
  /** A mail received or sent in an e-mail conversation (absent on every other message). */
  email: messageEmailSchema.optional(),
  timestamp,
});
export type Message = z.infer<typeof messageSchema>;

/**
 * The id the sender's client gives a send (a UUID, say), kept with the message: the same send
 * retried after a lost response is answered with the message stored the first time.
 */
export const clientMessageIdSchema = z
  .string()
  .min(8)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, 'Letters, digits, - and _ only');

export const messageContentSchema = z
  .string()
  .trim()
  .max(5000, 'Messages are at most 5,000 characters');
const attachments = z.array(messageAttachmentSchema.pick({ path: true })).max(10);

// product-spec.md §7 POST /api/user/messages (role agent: messages sent from the dashboard).
export const sendMessageRequestSchema = z
  .object({
    workspaceId: id,
    conversationId: id,
    content: messageContentSchema,
    form: messageFormSchema.optional(),
    attachments: attachments.optional(),
    role: z.literal('agent'),
    clientId: clientMessageIdSchema.optional(),
  })
  // A message says something: text, a file, or a form with at least one field.
  .refine(
    (m) =>
      m.content.length > 0 ||
      (m.attachments?.length ?? 0) > 0 ||
      Object.keys(m.form ?? {}).length > 0,
    { message: 'Please write a message, attach a file or add details', path: ['content'] },
  );
export type SendMessageRequest = z.infer<typeof sendMessageRequestSchema>;

// product-spec.md §7 POST /api/user/seen-message.
export const seenMessageRequestSchema = z.object({
  workspaceId: id,
  conversationId: id,
  messagesSeenCount: z.number().int().min(0),
});

// product-spec.md §7 POST /api/user/resolve-conversation; the takeover call has the same payload.
export const conversationRequestSchema = z.object({ workspaceId: id, conversationId: id });

// POST /api/user/assign-conversation: assigneeId null unassigns; else an active member.
export const assignConversationRequestSchema = z.object({
  workspaceId: id,
  conversationId: id,
  assigneeId: id.nullable(),
});
export type AssignConversationRequest = z.infer<typeof assignConversationRequestSchema>;
