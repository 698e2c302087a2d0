import { waitFor } from '@testing-library/react';
import { liveApi, liveClient } from 'shared-sdk/live';
import { connectFakeLive } from '@testing/fake-live-server';
import { importLive, loadLive, withLive } from './live';
import { makeStore, signedOut } from './store';

const query = { collection: 'statistics' as const, workspaceId: 'ws-1' };

describe('live queries in the store', () => {
  it('join the store only when first used', async () => {
    connectFakeLive();
    const store = makeStore();
    expect(store.getState()).not.toHaveProperty('live');
    const load = loadLive(store);
    expect(loadLive(store)).toBe(load);
    await load;
    expect(store.getState().live).toMatchObject({ queries: {} });
  });

  it('join a store being made at once once their chunk has loaded, so `use` need not suspend', async () => {
    connectFakeLive();
    await importLive();
    const store = withLive(makeStore());
    // In the store already, before any await.
    expect(store.getState().live).toMatchObject({ queries: {} });
    expect(loadLive(store)).toMatchObject({ status: 'fulfilled' });
  });

  it('stream documents into the cache, and sign-out ends the subscriptions and empties it', async () => {
    const server = connectFakeLive(() => [{ id: 'ws-1', tickets: { open: 1, closed: 0 } }]);
    const store = makeStore();
    await loadLive(store);
    const subscription = store.dispatch(liveApi.endpoints.liveQuery.initiate(query));
    const cached = () => Object.values(store.getState().live?.queries ?? {})[0]?.data;
    await waitFor(() =>
      expect(cached()).toEqual({
        status: 'live',
        docs: [{ id: 'ws-1', tickets: { open: 1, closed: 0 } }],
      }),
    );
    expect(liveClient().status).toBe('open');

    store.dispatch(signedOut());
    expect(cached()).toBeUndefined();
    expect(store.getState().live?.queries).toEqual({});
    // The socket is closed at once, not after the idle delay.
    expect(server.sockets[0]?.readyState).toBe(3);
    expect(liveClient().status).toBe('idle');
    subscription.unsubscribe();
  });
});
