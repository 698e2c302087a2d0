import type { Session } from 'shared-sdk';

export interface LiveSetup {
  /** From the runtime configuration ('' is this origin); the socket is `/api/live` there. */
  apiBaseUrl: string;
  getToken: () => Promise<string | null>;
  /** Its changes re-authenticate the socket (a refreshed token) or close it (sign-out). */
  session: Pick<Session, 'getState' | 'subscribe'>;
}

let setup: LiveSetup | undefined;

/**
 * Says how the page's live client connects. Nothing loads yet: the client loads when a page
 * first reads live data (`store/live.ts`), so the public site does not pay for it.
 */
export function configureLive(options: LiveSetup) {
  setup = options;
}

export function liveSetup(): LiveSetup | undefined {
  return setup;
}
