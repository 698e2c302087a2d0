/**
 * @jest-environment jsdom
 */
import { act, renderHook, waitFor } from '@testing-library/react';
import { connectFakeLive, type FakeLiveServer } from '@testing/fake-live-server';
import type { LiveDoc, LiveQuery } from '../schemas/live';
import { useLiveDocs } from './use-live-docs';

const ticket = (id: string, createdAt: string): LiveDoc => ({ id, createdAt }) as LiveDoc;
const ticketsQuery = (workspaceId: string): LiveQuery => ({
  collection: 'tickets',
  workspaceId,
  orderBy: [{ field: 'createdAt', direction: 'desc' }],
});
const unsubscribed = (server: FakeLiveServer) =>
  server.received.filter((message) => message.type === 'unsubscribe').length;

describe('useLiveDocs', () => {
  it('waits for the live client when the page renders before it is configured', async () => {
    const { result } = renderHook(() => useLiveDocs(ticketsQuery('ws_1')));
    expect(result.current.status).toBe('loading');

    connectFakeLive(() => [ticket('t1', '2025-03-01T12:00:00.000Z')]);

    await waitFor(() => expect(result.current.status).toBe('live'));
    expect(result.current.docs.map((doc) => doc.id)).toEqual(['t1']);
  });

  it('follows changes, keeps one subscription across renders and ends it on unmount', async () => {
    const server = connectFakeLive(() => [ticket('t1', '2025-03-01T12:00:00.000Z')]);
    // A new, equal query object on every render.
    const { result, rerender, unmount } = renderHook(() => useLiveDocs(ticketsQuery('ws_1')));
    await waitFor(() => expect(result.current.status).toBe('live'));
    rerender();
    expect(server.queries('tickets')).toHaveLength(1);

    await server.commit('tickets', [
      { type: 'added', doc: ticket('t2', '2025-03-02T12:00:00.000Z') },
    ]);
    expect(result.current.docs.map((doc) => doc.id)).toEqual(['t2', 't1']);

    unmount();
    await act(async () => undefined);
    expect(unsubscribed(server)).toBe(1);
    expect(server.queries('tickets')).toHaveLength(0);
  });

  it('swaps the subscription when the query changes, showing nothing stale meanwhile', async () => {
    const server = connectFakeLive((query) => [
      ticket(`${query.workspaceId}-t1`, '2025-03-01T12:00:00.000Z'),
    ]);
    const { result, rerender } = renderHook(
      ({ workspaceId }) => useLiveDocs(ticketsQuery(workspaceId)),
      {
        initialProps: { workspaceId: 'ws_1' },
      },
    );
    await waitFor(() => expect(result.current.status).toBe('live'));

    rerender({ workspaceId: 'ws_2' });
    expect(result.current.status).toBe('loading');
    expect(result.current.docs).toEqual([]);
    await waitFor(() => expect(result.current.docs.map((doc) => doc.id)).toEqual(['ws_2-t1']));
    expect(server.queries('tickets').map((query) => query.workspaceId)).toEqual(['ws_2']);
  });

  it('reads nothing for a null query', () => {
    const server = connectFakeLive();
    const { result } = renderHook(() => useLiveDocs(null));
    expect(result.current.status).toBe('loading');
    expect(server.received.filter((message) => message.type === 'subscribe')).toHaveLength(0);
  });
});
