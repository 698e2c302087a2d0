import { z } from 'zod';
import { webAddressSchema } from './websites';
import { webhookEventNames } from './constants';

const id = z.string().min(1).max(64);
const timestamp = z.string();

export type WebhookEventName = (typeof webhookEventNames)[number];

/** Sent by POST /api/user/webhooks-test only, whatever the webhook subscribes to. */
export const webhookTestEvent = 'webhook.test';
export type WebhookDeliveryEvent = WebhookEventName | typeof webhookTestEvent;

/** A workspace keeps at most this many webhooks. */
export const maxWebhooksPerWorkspace = 10;

/**
 * A webhook is paused automatically once this many deliveries in a row have failed every try
 * (about an hour each): the endpoint has been down for hours, not a blip.
 */
export const webhookPauseAfterFailedDeliveries = 3;

/** The background job that makes one attempt of one delivery. */
export const webhookDeliveryJobKind = 'webhook-delivery';

const eventsSchema = z
  .array(
    z.enum(webhookEventNames, {
      error: (issue) =>
        `Unknown event ${JSON.stringify(issue.input)}; known: ${webhookEventNames.join(', ')}`,
    }),
  )
  .min(1, 'Choose at least one event')
  .refine((events) => new Set(events).size === events.length, 'Each event once');

export const webhookDeliveryStatuses = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof webhookDeliveryStatuses)[number];

/** A webhook as GET /api/user/webhooks and the live `webhooks` collection show it: never its secret. */
export const webhookSchema = z.object({
  id,
  workspaceId: id,
  url: z.string(),
  events: z.array(z.enum(webhookEventNames)),
  paused: z.boolean(),
  /** Why it was paused: by an admin (null) or automatically, with the last answer. */
  pausedReason: z.string().nullable(),
  /** Deliveries in a row that failed every try; a delivered one (or unpausing) resets it. */
  consecutiveFailures: z.number().int(),
  lastDeliveryStatus: z.enum(['delivered', 'failed']).nullable(),
  lastDeliveryAt: timestamp.nullable(),
  /** The last attempt's HTTP status; null when it got none (refused, timed out). */
  lastResponseStatus: z.number().int().nullable(),
  createdAt: timestamp,
  updatedAt: timestamp,
});
export type Webhook = z.infer<typeof webhookSchema>;
export const webhooksSchema = z.array(webhookSchema);

export const createWebhookRequestSchema = z.object({
  workspaceId: id,
  url: webAddressSchema,
  events: eventsSchema,
});
export type CreateWebhookRequest = z.input<typeof createWebhookRequestSchema>;

/** The secret is shown here once: the receiver verifies signatures with it. */
export const createWebhookResponseSchema = z.object({ id, secret: z.string() });
export type CreateWebhookResponse = z.infer<typeof createWebhookResponseSchema>;

export const updateWebhookRequestSchema = z.object({
  workspaceId: id,
  webhookId: id,
  url: webAddressSchema.optional(),
  events: eventsSchema.optional(),
  /** false resumes it and forgets its failures. */
  paused: z.boolean().optional(),
});
export type UpdateWebhookRequest = z.input<typeof updateWebhookRequestSchema>;

export const webhookRequestSchema = z.object({ workspaceId: id, webhookId: id });
export type WebhookRequest = z.input<typeof webhookRequestSchema>;

export const resendWebhookDeliveryRequestSchema = z.object({ workspaceId: id, deliveryId: id });
export type ResendWebhookDeliveryRequest = z.input<typeof resendWebhookDeliveryRequestSchema>;

/** What the test and resend calls answer: the delivery to watch in the log. */
export const webhookDeliveryQueuedResponseSchema = z.object({ deliveryId: id });
export type WebhookDeliveryQueuedResponse = z.infer<typeof webhookDeliveryQueuedResponseSchema>;

/** One try of a delivery. `pending-retry`: it failed and another try is scheduled. */
export const webhookAttemptSchema = z.object({
  number: z.number().int(),
  at: timestamp,
  status: z.enum(['delivered', 'failed', 'pending-retry']),
  /** The receiver's HTTP status; null when there was no answer. */
  responseStatus: z.number().int().nullable(),
  /** Why it failed, when there was no answer (or a non-2xx one). */
  error: z.string().nullable(),
  durationMs: z.number().int(),
  /** A test event or a resend asked for by an admin: one try, not part of the retry schedule. */
  manual: z.boolean(),
});
export type WebhookAttempt = z.infer<typeof webhookAttemptSchema>;

/** A delivery as the live `webhook_deliveries` collection shows it (the delivery log). */
export const webhookDeliverySchema = z.object({
  id,
  workspaceId: id,
  webhookId: id,
  event: z.string(),
  status: z.enum(webhookDeliveryStatuses),
  /** The tries so far, oldest first (the latest 20). */
  attempts: z.array(webhookAttemptSchema),
  /** When the next try is due, while one is scheduled. */
  nextAttemptAt: timestamp.nullable(),
  /** The JSON body sent, as sent. */
  body: z.string(),
  createdAt: timestamp,
  updatedAt: timestamp,
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

/** The JSON body of every delivery. */
export interface WebhookPayload<D = unknown> {
  /** The delivery's id: the X-Parley-Delivery header, the same on every try. */
  id: string;
  event: WebhookDeliveryEvent;
  workspaceId: string;
  createdAt: string;
  data: D;
}
