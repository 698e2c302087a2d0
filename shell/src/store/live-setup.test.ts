import { waitFor } from '@testing-library/react';
import type { SessionState } from 'shared-sdk';
import { liveClient } from 'shared-sdk/live';
import { fakeLiveServer } from '@testing/fake-live-server';
import { loadLive } from './live';
import { configureLive } from './live-setup';
import { makeStore } from './store';

/** A session that the test signs in, refreshes and signs out. */
function fakeSession() {
  let state: SessionState = { status: 'signed-in', user: null };
  let token: string | null = 'token-1';
  const listeners = new Set<() => void>();
  return {
    getState: () => state,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getIdToken: async () => token,
    set(next: SessionState, nextToken: string | null) {
      state = next;
      token = nextToken;
      for (const listener of listeners) listener();
    },
  };
}

describe('configureLive (bootstrap)', () => {
  it("connects to the API's /api/live with the session's token, sends refreshed tokens and closes on sign-out", async () => {
    const server = fakeLiveServer(() => [{ id: 'ws-1' }]);
    const original = window.WebSocket;
    window.WebSocket = server.WebSocket;
    try {
      const session = fakeSession();
      configureLive({ apiBaseUrl: '', getToken: session.getIdToken, session });
      const store = makeStore();
      await loadLive(store);
      liveClient().subscribe({ collection: 'statistics', workspaceId: 'ws-1' }, () => {});
      await waitFor(() => expect(server.subscriptions).toHaveLength(1));
      expect(server.urls).toEqual(['ws://localhost/api/live']);
      expect(server.received[0]).toEqual({ type: 'auth', token: 'token-1' });

      // The session refreshed its token.
      session.set({ status: 'signed-in', user: null }, 'token-2');
      await waitFor(() =>
        expect(server.received.at(-1)).toEqual({ type: 'auth', token: 'token-2' }),
      );

      session.set({ status: 'signed-out', user: null }, null);
      expect(liveClient().status).toBe('idle');
      expect(server.sockets[0]?.readyState).toBe(3);
    } finally {
      window.WebSocket = original;
    }
  });
});
