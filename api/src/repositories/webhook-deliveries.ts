import type { Kysely, Selectable } from 'kysely';
import type {
  WebhookAttempt,
  WebhookDelivery,
  WebhookDeliveryEvent,
  WebhookDeliveryStatus,
  WebhookPayload,
} from 'shared-sdk/schemas';
import { randomId } from '../db/random-id';
import type { Database, WebhookDeliveriesTable } from '../db/schema';
import { recordChange } from '../live/write-transaction';

export type WebhookDeliveryRow = Selectable<WebhookDeliveriesTable>;

/** The log keeps a delivery's latest tries: resends could otherwise grow it without end. */
const keptAttempts = 20;

export function toWebhookDelivery(row: WebhookDeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    workspaceId: row.workspaceId,
    webhookId: row.webhookId,
    event: row.event,
    status: row.status,
    attempts: row.attempts,
    nextAttemptAt: row.nextAttemptAt?.toISOString() ?? null,
    body: row.body,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const changed = (trx: Kysely<Database>, workspaceId: string, ids: string[]) =>
  recordChange(trx, { collection: 'webhook_deliveries', workspaceId, ids });

/**
 * One delivery of `event` per webhook, each with its own id and its body fixed now: every try
 * sends the same bytes, so a receiver may compare them. Returns the new deliveries' ids.
 */
export async function insertWebhookDeliveries(
  trx: Kysely<Database>,
  workspaceId: string,
  webhookIds: string[],
  event: WebhookDeliveryEvent,
  data: unknown,
  now: Date,
): Promise<string[]> {
  if (webhookIds.length === 0) return [];
  const rows = webhookIds.map((webhookId) => {
    const id = randomId();
    const payload: WebhookPayload = { id, event, workspaceId, createdAt: now.toISOString(), data };
    return {
      id,
      workspaceId,
      webhookId,
      event,
      body: JSON.stringify(payload),
      nextAttemptAt: now,
      updatedAt: now,
    };
  });
  await trx.insertInto('webhookDeliveries').values(rows).execute();
  const ids = rows.map((row) => row.id);
  changed(trx, workspaceId, ids);
  return ids;
}

export function findWebhookDelivery(
  db: Kysely<Database>,
  workspaceId: string,
  id: string,
): Promise<WebhookDeliveryRow | undefined> {
  return db
    .selectFrom('webhookDeliveries')
    .selectAll()
    .where('workspaceId', '=', workspaceId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** A delivery and where it goes: its webhook's address, secret and state. */
export function findDeliveryTarget(db: Kysely<Database>, workspaceId: string, id: string) {
  return db
    .selectFrom('webhookDeliveries as d')
    .innerJoin('webhooks as w', 'w.id', 'd.webhookId')
    .select(['d.id', 'd.webhookId', 'd.body', 'd.attemptCount', 'w.url', 'w.secret', 'w.paused'])
    .where('d.workspaceId', '=', workspaceId)
    .where('d.id', '=', id)
    .executeTakeFirst();
}

/** A resend: the delivery waits for its next try again. */
export async function markDeliveryPending(
  trx: Kysely<Database>,
  workspaceId: string,
  id: string,
  now: Date,
): Promise<void> {
  await trx
    .updateTable('webhookDeliveries')
    .set({ status: 'pending', nextAttemptAt: now, updatedAt: now })
    .where('workspaceId', '=', workspaceId)
    .where('id', '=', id)
    .execute();
  changed(trx, workspaceId, [id]);
}

/** A scheduled try that will not be made (its webhook was paused meanwhile). */
export async function abandonDelivery(
  trx: Kysely<Database>,
  workspaceId: string,
  id: string,
  now: Date,
): Promise<void> {
  await trx
    .updateTable('webhookDeliveries')
    .set({ status: 'failed', nextAttemptAt: null, updatedAt: now })
    .where('workspaceId', '=', workspaceId)
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .execute();
  changed(trx, workspaceId, [id]);
}

/**
 * Appends a try to the delivery's log and sets where the delivery stands after it. Locked, and
 * only when no try of this number is logged yet: a try re-run after a crash is not logged twice.
 * Returns false when it was.
 */
export async function recordDeliveryAttempt(
  trx: Kysely<Database>,
  workspaceId: string,
  id: string,
  attempt: WebhookAttempt,
  after: { status: WebhookDeliveryStatus; nextAttemptAt: Date | null },
  now: Date,
): Promise<boolean> {
  const row = await trx
    .selectFrom('webhookDeliveries')
    .select(['attempts', 'attemptCount'])
    .where('workspaceId', '=', workspaceId)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  if (!row || row.attemptCount >= attempt.number) return false;
  await trx
    .updateTable('webhookDeliveries')
    .set({
      attempts: JSON.stringify([...row.attempts, attempt].slice(-keptAttempts)),
      attemptCount: attempt.number,
      status: after.status,
      nextAttemptAt: after.nextAttemptAt,
      updatedAt: now,
    })
    .where('id', '=', id)
    .execute();
  changed(trx, workspaceId, [id]);
  return true;
}
