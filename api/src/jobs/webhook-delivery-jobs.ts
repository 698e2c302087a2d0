import type { Kysely } from 'kysely';
import {
  webhookDeliveryJobKind,
  webhookPauseAfterFailedDeliveries,
  type WebhookAttempt,
} from 'shared-sdk/schemas';
import { signWebhook } from 'shared-sdk/webhook-signature';
import type { Database } from '../db/schema';
import { writeTransaction } from '../live/write-transaction';
import type { OutboundFetch } from '../outbound/outbound-types';
import {
  abandonDelivery,
  findDeliveryTarget,
  recordDeliveryAttempt,
} from '../repositories/webhook-deliveries';
import { recordWebhookOutcome } from '../repositories/webhooks';
import type { WebhookDeliveryJobPayload } from '../services/webhook-events';
import type { JobHandler } from './job-runner';
import { enqueueJob } from './job-store';

/**
 * The waits between tries, in units of WEBHOOK_RETRY_BASE_MS (one minute by default): tries at
 * 0, 1, 4, 13, 33 and 63 minutes, six in about an hour. Each wait is lengthened by up to
 * `retryJitter` at random, so that the retries of many deliveries failing at once spread out.
 */
export const webhookRetryWaits = [1, 3, 9, 20, 30] as const;
export const webhookMaxTries = webhookRetryWaits.length + 1;
export const retryJitter = 0.1;

/** A receiver must answer within this; longer counts as a failed try. */
export const webhookTimeoutMs = 10_000;
/** What is read of a receiver's answer: it is not used, only its status. */
const maxAnswerBytes = 256 * 1024;

export function retryDelayMs(tryNumber: number, baseMs: number, random: () => number): number {
  const units = webhookRetryWaits[tryNumber - 1] ?? webhookRetryWaits.at(-1)!;
  return Math.round(units * baseMs * (1 + retryJitter * random()));
}

export interface WebhookDeliveryJobOptions {
  db: Kysely<Database>;
  fetch: OutboundFetch;
  /** WEBHOOK_RETRY_BASE_MS: the unit of the retry waits. */
  retryBaseMs: number;
  random?: () => number;
}

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Makes one try of one delivery: a signed JSON POST through the SSRF guard. A 2xx answer
 * delivers it; otherwise another try is queued after the schedule's wait (a new job whose
 * runAfter is the wait), until the sixth fails it. Every try is logged on the delivery, and its
 * outcome on the webhook, which deliveries failing in a row pause.
 */
export function webhookDeliveryJob({
  db,
  fetch,
  retryBaseMs,
  random = Math.random,
}: WebhookDeliveryJobOptions): JobHandler {
  return {
    kind: webhookDeliveryJobKind,
    async run({ job, signal }) {
      const { workspaceId } = job;
      const {
        deliveryId,
        attempt: number,
        manual = false,
      } = job.payload as unknown as WebhookDeliveryJobPayload;
      const target = await findDeliveryTarget(db, workspaceId, deliveryId);
      if (!target) return { note: 'The webhook or its delivery was deleted' };
      if (target.attemptCount >= number) return { note: `Try ${number} was made already` };
      if (target.paused && !manual) {
        await writeTransaction(db, (trx) =>
          abandonDelivery(trx, workspaceId, deliveryId, new Date()),
        );
        return { note: 'The webhook is paused' };
      }

      const timestamp = Math.floor(Date.now() / 1000);
      const started = Date.now();
      let responseStatus: number | null = null;
      let error: string | null = null;
      try {
        const response = await fetch(target.url, {
          maxBytes: maxAnswerBytes,
          accept: '*/*',
          timeoutMs: webhookTimeoutMs,
          signal,
          post: {
            body: target.body,
            contentType: 'application/json',
            headers: {
              'x-parley-delivery': deliveryId,
              'x-parley-timestamp': String(timestamp),
              'x-parley-signature': signWebhook(target.secret, timestamp, target.body),
            },
          },
        });
        responseStatus = response.status;
        if (response.status < 200 || response.status > 299) {
          error = `The receiver answered ${response.status}`;
        }
      } catch (err) {
        // A shutdown hands the job back; this try is made again by the next server.
        if (signal.aborted) throw err;
        error = reasonOf(err);
      }
      const durationMs = Date.now() - started;
      const delivered = error === null;
      const retry = !delivered && !manual && number < webhookMaxTries;
      const now = new Date();
      const nextAttemptAt = retry
        ? new Date(now.getTime() + retryDelayMs(number, retryBaseMs, random))
        : null;
      const attempt: WebhookAttempt = {
        number,
        at: now.toISOString(),
        status: delivered ? 'delivered' : retry ? 'pending-retry' : 'failed',
        responseStatus,
        error,
        durationMs,
        manual,
      };

      await writeTransaction(db, async (trx) => {
        const logged = await recordDeliveryAttempt(
          trx,
          workspaceId,
          deliveryId,
          attempt,
          { status: delivered ? 'delivered' : retry ? 'pending' : 'failed', nextAttemptAt },
          now,
        );
        if (!logged) return;
        await recordWebhookOutcome(
          trx,
          workspaceId,
          target.webhookId,
          {
            delivered,
            deliveryFailed: !delivered && !retry && !manual,
            responseStatus,
            error,
            pauseAfter: webhookPauseAfterFailedDeliveries,
          },
          now,
        );
        if (retry) {
          const payload: WebhookDeliveryJobPayload = { deliveryId, attempt: number + 1 };
          await enqueueJob(trx, {
            workspaceId,
            kind: webhookDeliveryJobKind,
            payload: { ...payload },
            runAfter: nextAttemptAt!,
          });
        }
      });
      return { progress: { deliveryId, attempt: number, status: attempt.status } };
    },
  };
}
