import { useRef } from 'react';

// zod and the message schemas load when the agent first writes (a focus in a composer, or a
// send), not with the conversation: a visit that only reads never loads them.
export const loadMessageSchemas = () => import('shared-sdk/schemas');

export type MessageSchemas = Awaited<ReturnType<typeof loadMessageSchemas>>;

/** Starts the load early (on focus) so that the first send does not wait for it. */
export function preloadMessageSchemas() {
  loadMessageSchemas().catch(() => undefined);
}

/**
 * The schemas a send checks its message with. Undefined while an earlier send still waits for
 * them (another Enter is ignored, as while sending), or when they cannot load: `onFailure` then
 * says why the message was not sent.
 */
export function useSchemasForSend(onFailure: (failure: unknown) => void) {
  const waiting = useRef(false);
  return async (): Promise<MessageSchemas | undefined> => {
    if (waiting.current) return undefined;
    waiting.current = true;
    try {
      return await loadMessageSchemas();
    } catch (failure) {
      onFailure(failure);
      return undefined;
    } finally {
      waiting.current = false;
    }
  };
}
