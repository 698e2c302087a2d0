import type { RawData } from 'ws';

// What a live connection's frames say beyond the messages' schemas: the close codes the client
// acts on, the limits a connection is held to, and how a frame's text and a refused
// subscription's id are read.

/** Close codes (4000–4999 are the application's): the client reconnects with a fresh token. */
export const liveCloseCodes = {
  /** Refused, expired or revoked token. */
  unauthenticated: 4401,
  /** `auth` with another user's token on a signed-in connection. */
  otherUser: 4403,
  /** The client reads too slowly: more than `maxBufferedBytes` waiting to be sent. */
  tooSlow: 4408,
} as const;

/** A connection holds at most this many subscriptions. */
export const maxSubscriptionsPerConnection = 100;
/** Unsent data above this closes the connection: a client that does not read is let go. */
export const maxBufferedBytes = 8 * 1024 * 1024;

export function rawText(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return Buffer.isBuffer(data) ? data.toString('utf8') : Buffer.from(data).toString('utf8');
}

/** A refused subscribe still names its subscription, so the client knows which one failed. */
export function subscriptionIdOf(raw: unknown): { id?: string } {
  if (typeof raw !== 'object' || raw === null) return {};
  const { type, id } = raw as { type?: unknown; id?: unknown };
  return type === 'subscribe' && typeof id === 'string' && id.length > 0 && id.length <= 64
    ? { id }
    : {};
}
