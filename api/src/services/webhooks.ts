import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type {
  CreateWebhookResponse,
  UpdateWebhookRequest,
  Webhook,
  WebhookEventName,
} from 'shared-sdk/schemas';
import {
  maxWebhooksPerWorkspace,
  webhookDeliveryJobKind,
  webhookTestEvent,
} from 'shared-sdk/schemas';
import { randomId } from '../db/random-id';
import type { Database } from '../db/schema';
import { HttpError } from '../errors/http-error';
import { enqueueJob } from '../jobs/job-store';
import { findWebhookDelivery, markDeliveryPending } from '../repositories/webhook-deliveries';
import {
  countWebhooksLocked,
  deleteWebhook,
  findWebhook,
  insertWebhook,
  listWebhooks,
  toWebhook,
  updateWebhook,
  type WebhookChange,
} from '../repositories/webhooks';
import { queueWebhookDeliveries, type WebhookDeliveryJobPayload } from './webhook-events';

// The webhook rules over the repositories; each runs inside the caller's write transaction,
// after the caller was checked (an admin of the workspace).

export const webhookNotFound = (id: string) => new HttpError(404, `Webhook ${id} not found`);
const deliveryNotFound = (id: string) => new HttpError(404, `Delivery ${id} not found`);

/** 32 random bytes: the key of the HMAC every delivery is signed with. */
const newSecret = () => `whsec_${randomBytes(32).toString('base64url')}`;

export async function createWebhook(
  trx: Kysely<Database>,
  request: { workspaceId: string; url: string; events: WebhookEventName[] },
  now: Date,
): Promise<CreateWebhookResponse> {
  if ((await countWebhooksLocked(trx, request.workspaceId)) >= maxWebhooksPerWorkspace) {
    throw new HttpError(
      400,
      `A workspace has at most ${maxWebhooksPerWorkspace} webhooks: delete one to add another`,
    );
  }
  const secret = newSecret();
  const row = await insertWebhook(trx, { id: randomId(), ...request, secret }, now);
  return { id: row.id, secret };
}

/** Unpausing starts afresh: the run of failures that paused it is forgotten. */
export async function changeWebhook(
  trx: Kysely<Database>,
  {
    workspaceId,
    webhookId,
    url,
    events,
    paused,
  }: UpdateWebhookRequest & {
    events?: WebhookEventName[];
  },
  now: Date,
): Promise<Webhook> {
  const before = await findWebhook(trx, workspaceId, webhookId);
  if (!before) throw webhookNotFound(webhookId);
  const change: WebhookChange = { url, events };
  if (paused === false && before.paused) {
    Object.assign(change, { paused, pausedReason: null, consecutiveFailures: 0 });
  } else if (paused === true && !before.paused) {
    Object.assign(change, { paused, pausedReason: 'Paused by an admin' });
  }
  const row = await updateWebhook(trx, workspaceId, webhookId, change, now);
  if (!row) throw webhookNotFound(webhookId);
  return toWebhook(row);
}

export async function removeWebhook(
  trx: Kysely<Database>,
  workspaceId: string,
  webhookId: string,
): Promise<void> {
  if (!(await deleteWebhook(trx, workspaceId, webhookId))) throw webhookNotFound(webhookId);
}

/**
 * A `webhook.test` delivery, sent whatever the webhook subscribes to, paused or not: one try,
 * whose answer the admin reads in the log.
 */
export async function sendTestEvent(
  trx: Kysely<Database>,
  workspaceId: string,
  webhookId: string,
  now: Date,
): Promise<{ deliveryId: string }> {
  if (!(await findWebhook(trx, workspaceId, webhookId))) throw webhookNotFound(webhookId);
  const [deliveryId] = await queueWebhookDeliveries(
    trx,
    workspaceId,
    [webhookId],
    webhookTestEvent,
    { webhookId, message: 'A test event from Parley: your endpoint is reached.' },
    now,
    { manual: true },
  );
  return { deliveryId: deliveryId! };
}

/** One more try of the delivery, now, with its id and body unchanged. */
export async function resendDelivery(
  trx: Kysely<Database>,
  workspaceId: string,
  deliveryId: string,
  now: Date,
): Promise<{ deliveryId: string }> {
  const delivery = await findWebhookDelivery(trx, workspaceId, deliveryId);
  if (!delivery) throw deliveryNotFound(deliveryId);
  await markDeliveryPending(trx, workspaceId, deliveryId, now);
  const payload: WebhookDeliveryJobPayload = {
    deliveryId,
    attempt: delivery.attemptCount + 1,
    manual: true,
  };
  await enqueueJob(trx, { workspaceId, kind: webhookDeliveryJobKind, payload: { ...payload } });
  return { deliveryId };
}

/** The workspace's webhooks, as the admin sees them. */
export async function webhooksOf(db: Kysely<Database>, workspaceId: string): Promise<Webhook[]> {
  return (await listWebhooks(db, workspaceId)).map(toWebhook);
}
