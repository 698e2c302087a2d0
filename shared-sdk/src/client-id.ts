/**
 * A new id for one send (32 hex digits). A send retried after a lost response keeps its id, so
 * the server stores it once. getRandomValues, not randomUUID: the widget also runs on pages
 * served over plain http, where randomUUID does not exist.
 */
export function newClientId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * The id for sending `content`: the failed send's id when the same content is sent again (its
 * response may have been lost after the server stored it), else a new one. Call `settled` with
 * whether the send went through.
 */
export function retryableSendIds() {
  let failed: { key: string; clientId: string } | null = null;
  return {
    idFor(content: unknown): { clientId: string; settled: (ok: boolean) => void } {
      const key = JSON.stringify(content);
      const clientId = failed?.key === key ? failed.clientId : newClientId();
      return {
        clientId,
        settled: (ok) => {
          failed = ok ? null : { key, clientId };
        },
      };
    },
  };
}
