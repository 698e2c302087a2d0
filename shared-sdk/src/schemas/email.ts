import { z } from 'zod';

const id = z.string().min(1).max(64);

/**
 * Settings › E-mail (admins): the workspace's own address the business forwards its support
 * mailbox to, who its replies come from, and whether the bot answers a new mail first.
 */
export const emailSettingsSchema = z.object({
  workspaceId: id,
  /** <inbox-key>@<INBOUND_MAIL_DOMAIN>: mail to it lands in the inbox. */
  inboxAddress: z.string(),
  /** Signs mails a host posts to /api/inbound-mail/<inbox-key> (as webhooks are signed). */
  inboxSecret: z.string(),
  /** Replies come from this name; null: the workspace's name. */
  senderName: z.string().nullable(),
  /** Replies come from this address; null: the inbox address. */
  senderAddress: z.string().nullable(),
  /** Added under every reply sent by e-mail. */
  signature: z.string(),
  /** "Let the bot answer e-mail first": off, new mail waits for a person. */
  botAnswersFirst: z.boolean(),
});
export type EmailSettings = z.infer<typeof emailSettingsSchema>;

export const updateEmailSettingsRequestSchema = z.object({
  workspaceId: id,
  senderName: z.string().trim().max(120).nullable().optional(),
  senderAddress: z
    .union([z.literal(''), z.email('Please enter a valid e-mail address').max(254)])
    .nullable()
    .optional(),
  signature: z.string().max(2000).optional(),
  botAnswersFirst: z.boolean().optional(),
});
export type UpdateEmailSettingsRequest = z.infer<typeof updateEmailSettingsRequestSchema>;

export const emailTestRequestSchema = z.object({ workspaceId: id });

/** "Send a test mail": sent through the receiver; answers the conversation it arrived in. */
export const emailTestResponseSchema = z.object({
  arrived: z.boolean(),
  conversationId: id.nullable(),
});
export type EmailTestResponse = z.infer<typeof emailTestResponseSchema>;

/** Forward a conversation's mail to an address, with a note above it. */
export const forwardConversationRequestSchema = z.object({
  workspaceId: id,
  conversationId: id,
  to: z.email('Please enter a valid e-mail address').max(254),
  note: z.string().trim().max(5000).default(''),
});
export type ForwardConversationRequest = z.infer<typeof forwardConversationRequestSchema>;

/** Send an agent's e-mail reply again after it failed. */
export const retryEmailRequestSchema = z.object({
  workspaceId: id,
  messageId: id,
});
export type RetryEmailRequest = z.infer<typeof retryEmailRequestSchema>;
