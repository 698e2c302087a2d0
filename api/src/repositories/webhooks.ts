import { sql, type Kysely, type Selectable } from 'kysely';
import type { Webhook, WebhookEventName } from 'shared-sdk/schemas';
import { lockRows } from '../db/lock-rows';
import type { Database, WebhooksTable } from '../db/schema';
import { readThroughCache } from '../live/change-cache';
import { recordChange } from '../live/write-transaction';

export type WebhookRow = Selectable<WebhooksTable>;

/** A webhook as admins read it: everything but its secret. */
export function toWebhook(row: WebhookRow): Webhook {
  return {
    id: row.id,
    workspaceId: row.workspaceId,
    url: row.url,
    events: row.events,
    paused: row.paused,
    pausedReason: row.pausedReason,
    consecutiveFailures: row.consecutiveFailures,
    lastDeliveryStatus: row.lastDeliveryStatus,
    lastDeliveryAt: row.lastDeliveryAt?.toISOString() ?? null,
    lastResponseStatus: row.lastResponseStatus,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const changed = (trx: Kysely<Database>, workspaceId: string, ids: string[]) =>
  recordChange(trx, { collection: 'webhooks', workspaceId, ids });

export function listWebhooks(db: Kysely<Database>, workspaceId: string): Promise<WebhookRow[]> {
  return db
    .selectFrom('webhooks')
    .selectAll()
    .where('workspaceId', '=', workspaceId)
    .orderBy('createdAt')
    .orderBy('id')
    .execute();
}

export function findWebhook(
  db: Kysely<Database>,
  workspaceId: string,
  id: string,
): Promise<WebhookRow | undefined> {
  return db
    .selectFrom('webhooks')
    .selectAll()
    .where('workspaceId', '=', workspaceId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/**
 * Which webhooks each workspace has that are not paused, and their events: asked by every write
 * that tells of a change (the outbox), changed by the Integrations screen and by deliveries
 * failing. Kept in memory until a change to the workspace's webhooks commits.
 */
const activeWebhooks = {
  name: 'active-webhooks',
  collections: ['webhooks', 'workspaces'],
} as const;

/** The workspace's webhooks that take `event` now (not paused). */
export async function findSubscribedWebhookIds(
  db: Kysely<Database>,
  workspaceId: string,
  event: WebhookEventName,
): Promise<string[]> {
  const rows = await readThroughCache(db, activeWebhooks, workspaceId, '', () =>
    db
      .selectFrom('webhooks')
      .select(['id', 'events'])
      .where('workspaceId', '=', workspaceId)
      .where('paused', '=', false)
      .execute(),
  );
  return rows.filter((row) => row.events.includes(event)).map((row) => row.id);
}

/**
 * How many webhooks the workspace has, its row locked first: two creates at once count one
 * after the other, so neither passes the limit unseen.
 */
export async function countWebhooksLocked(
  trx: Kysely<Database>,
  workspaceId: string,
): Promise<number> {
  await lockRows(
    trx,
    trx.selectFrom('workspaces').select('id').where('id', '=', workspaceId).forUpdate(),
  );
  const { count } = await trx
    .selectFrom('webhooks')
    .select(sql<number>`count(*)::int`.as('count'))
    .where('workspaceId', '=', workspaceId)
    .executeTakeFirstOrThrow();
  return Number(count);
}

export async function insertWebhook(
  trx: Kysely<Database>,
  webhook: {
    id: string;
    workspaceId: string;
    url: string;
    events: WebhookEventName[];
    secret: string;
  },
  now: Date,
): Promise<WebhookRow> {
  const row = await trx
    .insertInto('webhooks')
    .values({
      ...webhook,
      events: JSON.stringify(webhook.events),
      pausedReason: null,
      lastDeliveryStatus: null,
      lastDeliveryAt: null,
      lastResponseStatus: null,
      updatedAt: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  changed(trx, webhook.workspaceId, [row.id]);
  return row;
}

export interface WebhookChange {
  url?: string;
  events?: WebhookEventName[];
  paused?: boolean;
  pausedReason?: string | null;
  consecutiveFailures?: number;
}

export async function updateWebhook(
  trx: Kysely<Database>,
  workspaceId: string,
  id: string,
  change: WebhookChange,
  now: Date,
): Promise<WebhookRow | undefined> {
  const { events, ...rest } = change;
  const row = await trx
    .updateTable('webhooks')
    .set({ ...rest, ...(events ? { events: JSON.stringify(events) } : {}), updatedAt: now })
    .where('workspaceId', '=', workspaceId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
  if (row) changed(trx, workspaceId, [id]);
  return row;
}

/** Deletes the webhook and, by cascade, its delivery log. Returns whether it existed. */
export async function deleteWebhook(
  trx: Kysely<Database>,
  workspaceId: string,
  id: string,
): Promise<boolean> {
  const row = await trx
    .deleteFrom('webhooks')
    .where('workspaceId', '=', workspaceId)
    .where('id', '=', id)
    .returning('id')
    .executeTakeFirst();
  if (!row) return false;
  changed(trx, workspaceId, [id]);
  recordChange(trx, { collection: 'webhook_deliveries', workspaceId, ids: [], manyIds: true });
  return true;
}

/** What one try tells the webhook's state: its last answer, and its run of failed deliveries. */
export interface WebhookOutcome {
  delivered: boolean;
  /** The delivery failed its last scheduled try. */
  deliveryFailed: boolean;
  responseStatus: number | null;
  /** Why, when there was no 2xx answer. */
  error: string | null;
  /** Failed deliveries in a row that pause the webhook. */
  pauseAfter: number;
}

/**
 * Records a try's outcome on the webhook: a delivery that got through ends its run of failures;
 * one that failed every try adds to it, and the run reaching `pauseAfter` pauses the webhook,
 * saying why. Returns the row.
 */
export async function recordWebhookOutcome(
  trx: Kysely<Database>,
  workspaceId: string,
  id: string,
  outcome: WebhookOutcome,
  now: Date,
): Promise<WebhookRow | undefined> {
  const before = await trx
    .selectFrom('webhooks')
    .selectAll()
    .where('id', '=', id)
    .where('workspaceId', '=', workspaceId)
    .forUpdate()
    .executeTakeFirst();
  if (!before) return undefined;
  const failures = outcome.delivered
    ? 0
    : before.consecutiveFailures + (outcome.deliveryFailed ? 1 : 0);
  const pause = !before.paused && failures >= outcome.pauseAfter;
  const lastAnswer =
    outcome.responseStatus !== null
      ? `last answer: ${outcome.responseStatus}`
      : `last error: ${outcome.error ?? 'no answer'}`;
  const row = await trx
    .updateTable('webhooks')
    .set({
      consecutiveFailures: failures,
      lastDeliveryStatus: outcome.delivered ? 'delivered' : 'failed',
      lastDeliveryAt: now,
      lastResponseStatus: outcome.responseStatus,
      ...(pause
        ? {
            paused: true,
            pausedReason: `Paused after ${failures} failed deliveries in a row; ${lastAnswer}`,
          }
        : {}),
      updatedAt: now,
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
  changed(trx, workspaceId, [id]);
  return row;
}
