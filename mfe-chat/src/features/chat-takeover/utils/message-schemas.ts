// zod and the message schemas load when the agent first writes (a focus in a composer, or a
// send), not with the conversation: a visit that only reads never loads them.
export const loadMessageSchemas = () => import('shared-sdk/schemas');

export type MessageSchemas = Awaited<ReturnType<typeof loadMessageSchemas>>;

/** Starts the load early (on focus) so that the first send does not wait for it. */
export function preloadMessageSchemas() {
  loadMessageSchemas().catch(() => undefined);
}
