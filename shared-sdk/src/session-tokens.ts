import type { ClientUser, SessionState } from './session';

// product-spec.md §9: a token counts as expired 30 s early; refresh is scheduled 5 minutes before expiry;
// a failed refresh is retried after 30 s, doubling up to 16 minutes.
export const expirySkewMs = 30_000;
export const refreshLeadMs = 5 * 60_000;
export const refreshRetryStartMs = 30_000;
export const refreshRetryMaxMs = 16 * 60_000;

/**
 * What every sign-in provider's session keeps the same way (product-spec.md §9): the state pages subscribe
 * to, the access token and when it counts as expired, its refresh scheduled before expiry, and
 * the backoff after a refresh that failed for a reason that may pass. The provider brings how to
 * refresh (`force`: get a new token even when the one kept is still good).
 */
export function createSessionTokens(
  refreshNow: (force: boolean) => Promise<void>,
  now: () => number,
) {
  let state: SessionState = { status: 'loading', user: null };
  let idToken: string | null = null;
  let expiresAt = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let retryDelay = refreshRetryStartMs;
  let refreshing: Promise<void> | null = null;
  const listeners = new Set<() => void>();

  const setState = (next: SessionState) => {
    state = next;
    for (const listener of listeners) listener();
  };

  /** One refresh at a time: callers arriving while one runs share it. */
  const refresh = (force = true): Promise<void> => {
    refreshing ??= refreshNow(force).finally(() => {
      refreshing = null;
    });
    return refreshing;
  };

  const schedule = (delay: number) => {
    clearTimeout(timer);
    timer = setTimeout(() => void refresh().catch(() => undefined), Math.max(0, delay));
  };

  return {
    getState: () => state,
    setState,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    refresh,
    /** A new token, valid until `expiry` (epoch ms): refreshed refreshLeadMs before then. */
    setToken(token: string, expiry: number) {
      idToken = token;
      expiresAt = expiry;
      retryDelay = refreshRetryStartMs;
      schedule(expiresAt - refreshLeadMs - now());
    },
    /** The signed-in user's details changed (a saved profile); nothing when nobody is signed in. */
    updateUser(user: ClientUser) {
      if (state.status === 'signed-in') setState({ status: 'signed-in', user });
    },
    /** A restore that could not finish (offline at start): signed out until a retry succeeds. */
    restoreFailed() {
      if (state.status === 'loading') setState({ status: 'signed-out', user: null });
    },
    /** No token any more, nothing scheduled: signed out. */
    clear() {
      clearTimeout(timer);
      idToken = null;
      expiresAt = 0;
      setState({ status: 'signed-out', user: null });
    },
    /** A refresh failed for a reason that may pass: tried again later, each wait doubling. */
    retryLater() {
      schedule(retryDelay);
      retryDelay = Math.min(retryDelay * 2, refreshRetryMaxMs);
    },
    /** The current token, refreshed first when it counts as expired. */
    async getIdToken() {
      if (idToken && now() >= expiresAt - expirySkewMs) await refresh().catch(() => undefined);
      return idToken;
    },
  };
}
