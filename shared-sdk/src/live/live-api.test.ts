/**
 * @jest-environment jsdom
 */
import '@testing-library/jest-dom';
import { createElement } from 'react';
import { configureStore } from '@reduxjs/toolkit';
import { act, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import type { LiveQuery } from '../schemas/live';
import { fakeWebSockets } from '@testing/fake-web-socket';
import { useLiveQuery, liveApi } from './live-api';
import { configureLiveClient } from './live-client';

interface Ticket {
  subject: string;
  createdAt: string;
}

const rendered = jest.fn();

function TicketList({ workspaceId }: { workspaceId: string }) {
  rendered();
  // A new query object on every render, as components write them.
  const { docs, status, error } = useLiveQuery<Ticket>({
    collection: 'tickets',
    workspaceId,
    orderBy: [{ field: 'createdAt', direction: 'asc' }],
  });
  return createElement(
    'div',
    null,
    createElement('p', { 'data-testid': 'status' }, error ? `${status}: ${error.code}` : status),
    createElement(
      'ul',
      null,
      docs.map((doc) => createElement('li', { key: doc.id }, doc.subject)),
    ),
  );
}

function setup() {
  const fake = fakeWebSockets();
  configureLiveClient({
    url: 'ws://parley.test/api/live',
    getToken: async () => 'token-1',
    WebSocket: fake.WebSocket,
  });
  const store = configureStore({
    reducer: { [liveApi.reducerPath]: liveApi.reducer },
    middleware: (getDefaultMiddleware) => getDefaultMiddleware().concat(liveApi.middleware),
  });
  const view = render(
    createElement(Provider, {
      store,
      children: createElement(TicketList, { workspaceId: 'ws-1' }),
    }),
  );
  /** The server accepts the socket and answers the subscription with `docs`. */
  const serve = async () => {
    await waitFor(() => expect(fake.sockets).toHaveLength(1));
    const socket = fake.last();
    await act(async () => {
      socket.open();
      await Promise.resolve();
    });
    await waitFor(() => expect(socket.sent[0]).toEqual({ type: 'auth', token: 'token-1' }));
    act(() => socket.receive({ type: 'ready', userId: 'user-1' }));
    const subscribe = socket.sent[1];
    if (subscribe?.type !== 'subscribe') throw new Error('The client did not subscribe');
    return { socket, id: subscribe.id, query: subscribe.query };
  };
  return { ...fake, store, view, serve };
}

const items = () => screen.queryAllByRole('listitem').map((item) => item.textContent);

describe('useLiveQuery', () => {
  it('re-renders as documents are added, changed and removed', async () => {
    const { serve } = setup();
    expect(screen.getByTestId('status')).toHaveTextContent('loading');
    const { socket, id, query } = await serve();
    expect(query).toEqual<LiveQuery>({
      collection: 'tickets',
      workspaceId: 'ws-1',
      orderBy: [{ field: 'createdAt', direction: 'asc' }],
    });

    act(() =>
      socket.receive({
        type: 'snapshot',
        id,
        docs: [{ id: 't1', subject: 'Refund', createdAt: '2026-01-01' }],
      }),
    );
    // Cache updates reach React on the store's next batch (RTK's auto-batching), hence waitFor.
    await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('live'));
    expect(items()).toEqual(['Refund']);

    act(() =>
      socket.receive({
        type: 'changes',
        id,
        committedAt: 1,
        changes: [{ type: 'added', doc: { id: 't0', subject: 'Login', createdAt: '2025-12-31' } }],
      }),
    );
    await waitFor(() => expect(items()).toEqual(['Login', 'Refund']));

    act(() =>
      socket.receive({
        type: 'changes',
        id,
        committedAt: 2,
        changes: [
          { type: 'modified', doc: { id: 't1', subject: 'Refund sent', createdAt: '2026-01-01' } },
        ],
      }),
    );
    await waitFor(() => expect(items()).toEqual(['Login', 'Refund sent']));

    act(() =>
      socket.receive({
        type: 'changes',
        id,
        committedAt: 3,
        changes: [{ type: 'removed', doc: { id: 't0' } }],
      }),
    );
    await waitFor(() => expect(items()).toEqual(['Refund sent']));

    act(() => socket.receive({ type: 'error', id, code: 'permission-denied', message: 'Removed' }));
    await waitFor(() =>
      expect(screen.getByTestId('status')).toHaveTextContent('error: permission-denied'),
    );
    // Re-renders with an equal query never subscribed again.
    expect(socket.sent.filter((message) => message.type === 'subscribe')).toHaveLength(1);
    expect(rendered.mock.calls.length).toBeGreaterThan(5);
  });

  it('unsubscribes when its cache entry goes (e.g. the store is reset)', async () => {
    const { serve, store } = setup();
    const { socket, id } = await serve();
    act(() => {
      store.dispatch(liveApi.util.resetApiState());
    });
    await waitFor(() => expect(socket.sent).toContainEqual({ type: 'unsubscribe', id }));
  });
});
