import { z } from 'zod';
import { chatbotSchema } from './workspace';
import {
  clientMessageIdSchema,
  conversationSchema,
  customerIdentitySchema,
  messageContentSchema,
  messageSchema,
} from './conversations';
import { signedIdentitySchema, widgetIdentityResultSchema } from './identity-verification';

const id = z.string().min(1).max(64);

/** `scheme://host[:port]`, as `location.origin` gives it. */
export const pageOriginSchema = z
  .string()
  .max(200)
  .regex(/^https?:\/\/[^/\s?#]+$/, 'An origin: http(s)://host[:port]');

/** Where a workspace's widget was seen: the page's origin and when a session last started there. */
export const widgetInstallSchema = z.object({ origin: z.string(), seenAt: z.string() });
export type WidgetInstall = z.infer<typeof widgetInstallSchema>;
/** GET /api/user/widget-installs: the latest origins first (at most 5). */
export const widgetInstallsSchema = z.object({ installs: z.array(widgetInstallSchema) });
export type WidgetInstalls = z.infer<typeof widgetInstallsSchema>;

/**
 * The widget's calls (public, under /api/widget/). Every call but POST sessions carries the
 * visitor token as `Authorization: Bearer <visitorToken>`; it reaches only its own customer's
 * conversation. The same token authenticates the widget on /api/live ({type:'auth', token}),
 * where it may read only `messages` of its conversation and `conversations` where id == it.
 */
export const widgetSessionRequestSchema = z.object({
  workspaceId: id,
  chatbotId: id.optional(),
  /** `Parley.identify`: the details, and the business's signature of its user id when it has one. */
  customer: customerIdentitySchema.extend(signedIdentitySchema.shape).optional(),
  /**
   * The origin of the page that embeds the widget (the chat window runs in an iframe of the
   * API's origin, so the request's own Origin header is not the shop's). Shown to the
   * workspace's admins as where the widget was last seen.
   */
  pageOrigin: pageOriginSchema.optional(),
});
export type WidgetSessionRequest = z.infer<typeof widgetSessionRequestSchema>;

/** What the chat window shows of its chatbot and does for it, and the colour of its header. */
export const widgetChatbotSchema = chatbotSchema
  .pick({
    id: true,
    name: true,
    photoUrl: true,
    messageBackgroundColor: true,
    greetingMessage: true,
    launcherPosition: true,
    launcherLabel: true,
    preChatForm: true,
    businessHours: true,
    awayMessage: true,
  })
  .extend({
    /** The workspace's background colour (product-spec.md §3), set in its settings. */
    headerColor: z.string(),
  });
export type WidgetChatbot = z.infer<typeof widgetChatbotSchema>;

/** What the widget knows of its visitor: the pre-chat form asks only for what is missing. */
export const widgetVisitorSchema = z.object({
  /** The visitor is the customer of a signed user id (their details come from the business). */
  verified: z.boolean(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  /** The visitor has answered the pre-chat form (optional questions may be left blank). */
  preChatAnswered: z.boolean(),
});
export type WidgetVisitor = z.infer<typeof widgetVisitorSchema>;

/**
 * POST /api/widget/sessions answer. Sent again with a stored visitor token (Authorization
 * header) it resumes that visitor, updating the identity given.
 */
export const widgetSessionSchema = z.object({
  visitorToken: z.string(),
  customerId: id,
  chatbot: widgetChatbotSchema,
  visitor: widgetVisitorSchema,
  /** The visitor's latest conversation, if any. */
  conversation: conversationSchema.nullable(),
  /** What became of the identity given; null when none was. */
  identity: widgetIdentityResultSchema.nullable(),
});
export type WidgetSession = z.infer<typeof widgetSessionSchema>;

/** POST /api/widget/messages: creates the conversation on the first message (or after resolve). */
export const widgetMessageRequestSchema = z
  .object({
    content: messageContentSchema,
    attachments: z
      .array(z.object({ path: z.string() }))
      .max(10)
      .optional(),
    clientId: clientMessageIdSchema.optional(),
  })
  .refine((m) => m.content.length > 0 || (m.attachments?.length ?? 0) > 0, {
    message: 'Please write a message or attach a file',
    path: ['content'],
  });
export type WidgetMessageRequest = z.infer<typeof widgetMessageRequestSchema>;

/** GET /api/widget/messages: the visitor's current conversation, messages by timestamp. */
export const widgetConversationSchema = z.object({
  conversation: conversationSchema.nullable(),
  messages: z.array(messageSchema),
});
export type WidgetConversation = z.infer<typeof widgetConversationSchema>;

/**
 * POST /api/widget/rating: the customer rates their latest resolved conversation, once; the
 * answer is that conversation with its rating.
 */
export const widgetRatingRequestSchema = z.object({
  rating: z
    .number({ error: 'Please choose a rating from 1 to 5' })
    .int('Please choose a rating from 1 to 5')
    .min(1, 'Please choose a rating from 1 to 5')
    .max(5, 'Please choose a rating from 1 to 5'),
  comment: z.string().trim().max(1000, 'Comments are at most 1,000 characters').optional(),
});
export type WidgetRatingRequest = z.infer<typeof widgetRatingRequestSchema>;

/**
 * POST /api/widget/suggestion: the customer's choice among a bot message's suggestions: one of
 * the pairs it offered (the bot answers with it), or null for "None of these" (a person is asked
 * to join). The server checks the message is the visitor's, still open, and offered the pair.
 */
export const widgetSuggestionRequestSchema = z.object({
  messageId: z.string().min(1).max(64),
  pairId: z.string().min(1).max(64).nullable(),
});
export type WidgetSuggestionRequest = z.infer<typeof widgetSuggestionRequestSchema>;
export const widgetSuggestionResponseSchema = z.object({ conversation: conversationSchema });

/**
 * POST /api/widget/pre-chat: the answers to the chatbot's pre-chat form, saved on the visitor's
 * customer record (the agents' conversation page shows them). The server checks them against
 * the chatbot's form: a required answer left blank is refused, a question not asked is ignored.
 */
export const widgetPreChatRequestSchema = z.object({
  name: z.string().trim().max(120, 'Your name is at most 120 characters').optional(),
  email: z
    .union([
      z.literal(''),
      z.email('Please enter a valid e-mail address, like ada@example.com').max(254),
    ])
    .optional(),
});
export type WidgetPreChatRequest = z.infer<typeof widgetPreChatRequestSchema>;

/** GET /api/widget/launcher: what the loader needs before the window is ever opened. */
export const widgetLauncherQuerySchema = z.object({ workspaceId: id, chatbotId: id.optional() });
export const widgetLauncherSchema = z.object({
  name: z.string(),
  color: z.string(),
  /** The readable text colour on `color` (the loader carries no contrast code of its own). */
  textColor: z.string(),
  position: z.enum(['left', 'right']),
  /** Empty: the icon alone. */
  label: z.string(),
});
export type WidgetLauncher = z.infer<typeof widgetLauncherSchema>;
