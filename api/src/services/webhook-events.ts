import type { Kysely } from 'kysely';
import type { WebhookDeliveryEvent, WebhookEventName } from 'shared-sdk/schemas';
import { webhookDeliveryJobKind } from 'shared-sdk/schemas';
import type { Database } from '../db/schema';
import { enqueueJob } from '../jobs/job-store';
import { writeStatement, writeTransaction } from '../live/write-transaction';
import { insertWebhookDeliveries } from '../repositories/webhook-deliveries';
import { findSubscribedWebhookIds } from '../repositories/webhooks';

/** What a `webhook-delivery` job is asked to do: try number `attempt` of one delivery. */
export interface WebhookDeliveryJobPayload {
  deliveryId: string;
  /** 1 for the first try; a try whose number is logged already is not made again. */
  attempt: number;
  /**
   * Asked for by an admin (a test event, a resend): one try, outside the retry schedule, made
   * even while the webhook is paused, and not counted toward pausing it.
   */
  manual?: boolean;
}

export type WebhookEventData = Record<string, unknown>;

/**
 * Queues one delivery of `event` per webhook, each with the job that sends it, in the caller's
 * transaction. `manual`: asked for by an admin (a test), one try. Returns the deliveries' ids.
 */
export async function queueWebhookDeliveries(
  trx: Kysely<Database>,
  workspaceId: string,
  webhookIds: string[],
  event: WebhookDeliveryEvent,
  data: WebhookEventData,
  now: Date,
  { manual = false }: { manual?: boolean } = {},
): Promise<string[]> {
  const ids = await insertWebhookDeliveries(trx, workspaceId, webhookIds, event, data, now);
  for (const deliveryId of ids) {
    const payload: WebhookDeliveryJobPayload = { deliveryId, attempt: 1, manual };
    await enqueueJob(trx, { workspaceId, kind: webhookDeliveryJobKind, payload: { ...payload } });
  }
  return ids;
}

/**
 * The outbox: called by a service in the transaction of the change it tells of, so the
 * deliveries commit (or roll back) with the change, and a crash after the commit still delivers
 * them once the server is back. Costs one indexed select when the workspace has no webhook for
 * the event; `data` may be a function, then read only when some webhook takes the event.
 */
export async function emitWebhookEvent(
  trx: Kysely<Database>,
  workspaceId: string,
  event: WebhookEventName,
  data: WebhookEventData | (() => Promise<WebhookEventData>),
  now: Date,
): Promise<void> {
  const webhookIds = await findSubscribedWebhookIds(trx, workspaceId, event);
  if (webhookIds.length === 0) return;
  const resolved = typeof data === 'function' ? await data() : data;
  await queueWebhookDeliveries(trx, workspaceId, webhookIds, event, resolved, now);
}

/**
 * Runs `write`, whose one statement makes the change `event` tells of (undefined when it changed
 * nothing), and tells the workspace's webhooks waiting for `event` of it (`data`). With none
 * waiting, as in most workspaces, the statement runs alone (writeStatement, or `alone`, which
 * makes the same change): no `begin` and `commit` round trips. With one, in one transaction with
 * the deliveries it queues, so that they commit with the change (the outbox, as emitWebhookEvent).
 */
export async function writeAndTell<T>(
  db: Kysely<Database>,
  workspaceId: string,
  event: WebhookEventName,
  now: Date,
  write: (handle: Kysely<Database>) => Promise<T | undefined>,
  data: (written: T) => WebhookEventData,
  alone: () => Promise<T | undefined> = () => writeStatement(db, write),
): Promise<T | undefined> {
  if ((await findSubscribedWebhookIds(db, workspaceId, event)).length === 0) return alone();
  return writeTransaction(db, async (trx) => {
    const written = await write(trx);
    if (written !== undefined) await emitWebhookEvent(trx, workspaceId, event, data(written), now);
    return written;
  });
}
