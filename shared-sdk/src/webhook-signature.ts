import { createHmac, timingSafeEqual } from 'node:crypto';

// The signature of Parley's webhooks, written once: the API signs with signWebhook, receivers
// (and the tests) check with verifyWebhook. Node only ('shared-sdk/webhook-signature'), so that
// no browser bundle pulls in node:crypto.

export const webhookDeliveryHeader = 'x-parley-delivery';
export const webhookTimestampHeader = 'x-parley-timestamp';
export const webhookSignatureHeader = 'x-parley-signature';

/** A receiver refuses a request signed longer ago than this (a replay). */
export const defaultWebhookToleranceSeconds = 300;

/** `sha256=` and the hex HMAC-SHA256, keyed with the secret, of `<timestamp>.<raw body>`. */
export function signWebhook(secret: string, timestamp: number, body: string | Buffer): string {
  const hmac = createHmac('sha256', secret);
  hmac.update(`${timestamp}.`);
  hmac.update(body);
  return `sha256=${hmac.digest('hex')}`;
}

type HeaderValue = string | string[] | undefined;
/** Node's `request.headers` (lower-case names), or a fetch `Headers`. */
export type WebhookRequestHeaders =
  Record<string, HeaderValue> | { get(name: string): string | null };

export interface VerifyWebhookOptions {
  secret: string;
  headers: WebhookRequestHeaders;
  /** The body exactly as received, before any JSON parsing. */
  body: string | Buffer;
  /** Unix milliseconds; defaults to Date.now(). */
  now?: number;
  toleranceSeconds?: number;
  /**
   * Delivery ids already handled. Add an id only once its event is handled: a try that the
   * receiver failed (answered 5xx) comes again with the same id, and must then be accepted.
   */
  seen?: { has(deliveryId: string): boolean };
}

export type VerifyWebhookResult =
  | { ok: true; deliveryId: string; timestamp: number }
  | {
      ok: false;
      reason: 'missing-headers' | 'bad-signature' | 'stale-timestamp' | 'duplicate';
      message: string;
    };

function header(headers: WebhookRequestHeaders, name: string): string | undefined {
  if (typeof headers.get === 'function') {
    return (headers as { get(name: string): string | null }).get(name) ?? undefined;
  }
  const value = (headers as Record<string, HeaderValue>)[name];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * Whether a request is a genuine, fresh, first delivery from Parley: the signature matches
 * (compared in constant time), the timestamp is within the tolerance either way, and the
 * delivery id is not one already handled.
 */
export function verifyWebhook({
  secret,
  headers,
  body,
  now = Date.now(),
  toleranceSeconds = defaultWebhookToleranceSeconds,
  seen,
}: VerifyWebhookOptions): VerifyWebhookResult {
  const deliveryId = header(headers, webhookDeliveryHeader);
  const timestampText = header(headers, webhookTimestampHeader);
  const signature = header(headers, webhookSignatureHeader);
  if (!deliveryId || !timestampText || !signature || !/^\d{1,12}$/.test(timestampText)) {
    return {
      ok: false,
      reason: 'missing-headers',
      message: 'The X-Parley-Delivery, X-Parley-Timestamp or X-Parley-Signature header is missing',
    };
  }
  const timestamp = Number(timestampText);
  const expected = Buffer.from(signWebhook(secret, timestamp, body));
  const received = Buffer.from(signature);
  // timingSafeEqual needs equal lengths; a length mismatch says nothing about the secret.
  if (expected.length !== received.length || !timingSafeEqual(expected, received)) {
    return { ok: false, reason: 'bad-signature', message: 'The signature does not match' };
  }
  // Checked after the signature, so that the timestamp itself is known to be Parley's.
  if (Math.abs(now / 1000 - timestamp) > toleranceSeconds) {
    return {
      ok: false,
      reason: 'stale-timestamp',
      message: `Signed more than ${toleranceSeconds} s away from now: a replay, or a wrong clock`,
    };
  }
  if (seen?.has(deliveryId)) {
    return {
      ok: false,
      reason: 'duplicate',
      message: `Delivery ${deliveryId} was handled already`,
    };
  }
  return { ok: true, deliveryId, timestamp };
}
