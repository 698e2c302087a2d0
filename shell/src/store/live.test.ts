import { waitFor } from '@testing-library/react';
import { liveClient } from 'shared-sdk/live';
import { connectFakeLive } from '@testing/fake-live-server';
import { importLive, loadLive, withLive } from './live';
import { makeStore, signedOut } from './store';

const query = { collection: 'statistics' as const, workspaceId: 'ws-1' };

describe('live queries in the store', () => {
  it('load once a store, when first used', async () => {
    connectFakeLive();
    const store = makeStore();
    const load = loadLive(store);
    expect(loadLive(store)).toBe(load);
    expect(loadLive(makeStore())).not.toBe(load);
    expect((await load).liveClient()).toBe(liveClient());
  });

  it('join a store being made at once once their chunk has loaded, so `use` need not suspend', async () => {
    connectFakeLive();
    await importLive();
    const store = withLive(makeStore());
    expect(loadLive(store)).toMatchObject({ status: 'fulfilled' });
  });

  it('stream documents, and sign-out ends the subscriptions and closes the socket at once', async () => {
    const server = connectFakeLive(() => [{ id: 'ws-1', tickets: { open: 1, closed: 0 } }]);
    const store = makeStore();
    await loadLive(store);
    let latest: unknown;
    const unsubscribe = liveClient().subscribe(query, (state) => (latest = state));
    await waitFor(() =>
      expect(latest).toEqual({
        status: 'live',
        docs: [{ id: 'ws-1', tickets: { open: 1, closed: 0 } }],
      }),
    );
    expect(liveClient().status).toBe('open');

    store.dispatch(signedOut());
    // The socket is closed at once, not after the idle delay.
    expect(server.sockets[0]?.readyState).toBe(3);
    expect(liveClient().status).toBe('idle');
    unsubscribe();
  });
});
