import { liveClientMessageSchema } from 'shared-sdk/schemas';
import type { LiveClientMessage, LiveServerMessage } from 'shared-sdk';
import type { RawData } from 'ws';
import { z } from 'zod';

/** A client's message as the protocol has it, or the error that answers it. */
export type ParsedClientMessage =
  { ok: true; message: LiveClientMessage } | { ok: false; error: LiveServerMessage };

/** Reads one WebSocket message of a client: JSON text that the protocol's schema accepts. */
export function parseClientMessage(data: RawData, isBinary: boolean): ParsedClientMessage {
  let raw: unknown;
  try {
    if (isBinary) throw new Error('binary');
    raw = JSON.parse(rawText(data));
  } catch {
    return {
      ok: false,
      error: { type: 'error', code: 'invalid-argument', message: 'Messages are JSON text' },
    };
  }
  const parsed = liveClientMessageSchema.safeParse(raw);
  if (parsed.success) return { ok: true, message: parsed.data };
  return {
    ok: false,
    error: {
      type: 'error',
      ...subscriptionIdOf(raw),
      code: 'invalid-argument',
      message: z.prettifyError(parsed.error),
    },
  };
}

function rawText(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return Buffer.isBuffer(data) ? data.toString('utf8') : Buffer.from(data).toString('utf8');
}

/** A refused subscribe still names its subscription, so the client knows which one failed. */
function subscriptionIdOf(raw: unknown): { id?: string } {
  if (typeof raw !== 'object' || raw === null) return {};
  const { type, id } = raw as { type?: unknown; id?: unknown };
  return type === 'subscribe' && typeof id === 'string' && id.length > 0 && id.length <= 64
    ? { id }
    : {};
}
