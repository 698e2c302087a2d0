import type { LiveSignal } from 'shared-sdk';
import { z } from 'zod';

/**
 * Typing or presence news on its way to the connections that may hear it, on any instance
 * (the change feed carries it). The sender was authorized where it connected; each instance
 * only picks its recipients.
 */
export interface SignalEvent {
  workspaceId: string;
  conversationId: string;
  /** The conversation's customer: their widget hears what is sent `to: 'customer'`. */
  customerId: string;
  /** The conversation's customer, or the members watching it (live-session `watches`). */
  to: 'customer' | 'agents';
  /** Members signed in as this user do not hear it (an agent's own presence). */
  exceptUserId?: string;
  message: LiveSignal;
}

const id = z.string().min(1).max(64);

/** Signals crossing instances are checked: another version of the api may have sent them. */
export const signalEventSchema: z.ZodType<SignalEvent> = z.object({
  workspaceId: id,
  conversationId: id,
  customerId: id,
  to: z.enum(['customer', 'agents']),
  exceptUserId: id.optional(),
  message: z.discriminatedUnion('type', [
    z.object({
      type: z.literal('typing'),
      conversationId: id,
      from: z.enum(['agent', 'customer']),
      senderId: id,
    }),
    z.object({
      type: z.literal('presence'),
      conversationId: id,
      userId: id,
      viewing: z.boolean(),
    }),
  ]),
});
