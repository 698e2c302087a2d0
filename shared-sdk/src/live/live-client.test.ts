import type { LiveDoc, LiveQuery } from '../schemas/live';
import { fakeWebSockets, type FakeSocket } from '@testing/fake-web-socket';
import {
  createLiveClient,
  idleCloseMs,
  liveSocketUrl,
  reconnectMaxMs,
  type LiveClientOptions,
  type LiveState,
} from './live-client';

const tickets: LiveQuery = {
  collection: 'tickets',
  workspaceId: 'ws-1',
  orderBy: [{ field: 'createdAt', direction: 'asc' }],
};
const products: LiveQuery = { collection: 'products', workspaceId: 'ws-1' };

const ticket = (id: string, createdAt: string, extra: Record<string, unknown> = {}): LiveDoc => ({
  id,
  createdAt,
  ...extra,
});

/** Lets pending promise callbacks (the token look-up) run. */
async function flush() {
  for (let i = 0; i < 10; i += 1) await Promise.resolve();
}

function setup(overrides: Partial<LiveClientOptions> = {}) {
  const fake = fakeWebSockets();
  let token: string | null = 'token-1';
  const client = createLiveClient({
    url: 'ws://parley.test/api/live',
    getToken: async () => token,
    WebSocket: fake.WebSocket,
    random: () => 0.5,
    ...overrides,
  });
  /** Records every state a listener receives. */
  const watch = (query: LiveQuery) => {
    const states: LiveState[] = [];
    const unsubscribe = client.subscribe(query, (state) => states.push(state));
    return { states, unsubscribe, last: () => states.at(-1) };
  };
  /** Opens the newest socket and accepts its token, as the server would. */
  const accept = async (socket: FakeSocket = fake.last()) => {
    socket.open();
    await flush();
    socket.receive({ type: 'ready', userId: 'user-1' });
  };
  return {
    ...fake,
    client,
    watch,
    accept,
    setToken: (value: string | null) => {
      token = value;
    },
  };
}

const subscribeIds = (socket: FakeSocket) =>
  socket.sent.flatMap((message) => (message.type === 'subscribe' ? [message.id] : []));

afterEach(() => jest.useRealTimers());

describe('live client', () => {
  it('connects on the first subscription, authenticates, then subscribes', async () => {
    const { client, sockets, watch, last } = setup();
    expect(sockets).toHaveLength(0);
    expect(client.status).toBe('idle');

    const view = watch(tickets);
    expect(view.last()).toEqual({ status: 'loading', docs: [] });
    expect(sockets).toHaveLength(1);
    expect(last().url).toBe('ws://parley.test/api/live');
    expect(client.status).toBe('connecting');

    last().open();
    await flush();
    // Subscriptions wait until the server has accepted the token.
    expect(last().sent).toEqual([{ type: 'auth', token: 'token-1' }]);
    last().receive({ type: 'ready', userId: 'user-1' });
    expect(last().sent).toEqual([
      { type: 'auth', token: 'token-1' },
      { type: 'subscribe', id: expect.any(String), query: tickets },
    ]);
    expect(client.status).toBe('open');

    // Once ready, a new subscription is sent at once.
    watch(products);
    expect(last().sent.at(-1)).toEqual({
      type: 'subscribe',
      id: expect.any(String),
      query: products,
    });
  });

  it('applies a snapshot, then added, modified and removed changes in commit order', async () => {
    const { watch, accept, last } = setup();
    const view = watch(tickets);
    await accept();
    const [id] = subscribeIds(last());
    last().receive({
      type: 'snapshot',
      id: id!,
      docs: [ticket('a', '2026-01-01'), ticket('c', '2026-01-03')],
    });
    expect(view.last()).toEqual({
      status: 'live',
      docs: [ticket('a', '2026-01-01'), ticket('c', '2026-01-03')],
    });

    last().receive({
      type: 'changes',
      id: id!,
      committedAt: 1,
      changes: [
        // Lands between a and c by the query's order.
        { type: 'added', doc: ticket('b', '2026-01-02') },
        { type: 'modified', doc: ticket('a', '2026-01-01', { subject: 'Refund' }) },
      ],
    });
    expect(view.last()?.docs).toEqual([
      ticket('a', '2026-01-01', { subject: 'Refund' }),
      ticket('b', '2026-01-02'),
      ticket('c', '2026-01-03'),
    ]);

    last().receive({
      type: 'changes',
      id: id!,
      committedAt: 2,
      changes: [
        // Modified so that it moves to the end; then removed and re-added in one commit.
        { type: 'modified', doc: ticket('a', '2026-01-04') },
        { type: 'removed', doc: ticket('b', '2026-01-02') },
      ],
    });
    expect(view.last()).toEqual({
      status: 'live',
      docs: [ticket('c', '2026-01-03'), ticket('a', '2026-01-04')],
    });
  });

  it('multiplexes subscriptions over one socket and routes each message by its id', async () => {
    const { watch, accept, sockets, last } = setup();
    const ticketView = watch(tickets);
    const productView = watch(products);
    // The same query again shares the server subscription.
    const sameTickets = watch({ ...tickets });
    await accept();
    expect(sockets).toHaveLength(1);
    const [ticketId, productId] = subscribeIds(last());
    expect(subscribeIds(last())).toHaveLength(2);
    expect(ticketId).not.toBe(productId);

    last().receive({ type: 'snapshot', id: productId!, docs: [{ id: 'p1', name: 'Lamp' }] });
    last().receive({ type: 'snapshot', id: ticketId!, docs: [ticket('t1', '2026-01-01')] });
    expect(productView.last()?.docs).toEqual([{ id: 'p1', name: 'Lamp' }]);
    expect(ticketView.last()?.docs).toEqual([ticket('t1', '2026-01-01')]);
    expect(sameTickets.last()?.docs).toEqual([ticket('t1', '2026-01-01')]);

    // One reader leaving keeps the shared subscription; the last one ends it.
    sameTickets.unsubscribe();
    expect(last().sent.filter((message) => message.type === 'unsubscribe')).toEqual([]);
    ticketView.unsubscribe();
    expect(last().sent.at(-1)).toEqual({ type: 'unsubscribe', id: ticketId });
    last().receive({ type: 'snapshot', id: productId!, docs: [] });
    expect(productView.last()?.docs).toEqual([]);
  });

  it('ends a subscription the server ends with an error, and reports it', async () => {
    jest.useFakeTimers();
    const { client, watch, accept, last, sockets } = setup();
    const ticketView = watch(tickets);
    const productView = watch(products);
    await accept();
    const [ticketId, productId] = subscribeIds(last());
    last().receive({ type: 'snapshot', id: ticketId!, docs: [ticket('t1', '2026-01-01')] });
    last().receive({ type: 'snapshot', id: productId!, docs: [] });

    last().receive({
      type: 'error',
      id: ticketId!,
      code: 'permission-denied',
      message: 'You are no longer a member of this workspace',
    });
    expect(ticketView.last()).toEqual({
      status: 'error',
      docs: [ticket('t1', '2026-01-01')],
      error: { code: 'permission-denied', message: 'You are no longer a member of this workspace' },
    });
    expect(productView.last()?.status).toBe('live');
    // Later messages for the ended subscription are ignored.
    last().receive({
      type: 'changes',
      id: ticketId!,
      committedAt: 1,
      changes: [{ type: 'removed', doc: ticket('t1', '2026-01-01') }],
    });
    expect(ticketView.last()?.status).toBe('error');

    // After a reconnect only the live subscription is sent again.
    last().drop();
    jest.advanceTimersByTime(reconnectMaxMs);
    expect(sockets).toHaveLength(2);
    await accept();
    expect(last().sent.filter((message) => message.type === 'subscribe')).toEqual([
      { type: 'subscribe', id: productId, query: products },
    ]);
    // Unsubscribing from an ended subscription sends nothing.
    ticketView.unsubscribe();
    expect(last().sent.filter((message) => message.type === 'unsubscribe')).toEqual([]);

    // "Try again" subscribes afresh under a new id.
    const again = watch(tickets);
    expect(again.last()?.status).toBe('loading');
    const retriedId = subscribeIds(last()).at(-1);
    expect(retriedId).not.toBe(ticketId);
    client.retry(products); // not ended: nothing to do
    expect(subscribeIds(last())).toEqual([productId, retriedId]);
  });

  it('retry() subscribes again to an ended query for the readers it still has', async () => {
    const { client, watch, accept, last } = setup();
    const view = watch({ collection: 'ai_training_websites', workspaceId: 'ws-1' });
    await accept();
    const [id] = subscribeIds(last());
    last().receive({ type: 'error', id: id!, code: 'not-found', message: 'Not available yet' });
    expect(view.last()?.status).toBe('error');
    client.retry({ workspaceId: 'ws-1', collection: 'ai_training_websites' });
    expect(view.last()?.status).toBe('loading');
    const [, retriedId] = subscribeIds(last());
    last().receive({ type: 'snapshot', id: retriedId!, docs: [{ id: 'w1' }] });
    expect(view.last()).toEqual({ status: 'live', docs: [{ id: 'w1' }] });
  });

  it('reconnects after a jittered, doubling backoff capped at 30 s', async () => {
    jest.useFakeTimers();
    let jitter = 0.5;
    const { client, watch, accept, sockets } = setup({ random: () => jitter });
    const view = watch(tickets);
    await accept();

    // Each failed attempt doubles the ceiling: 0.5 s, 1 s, 2 s … 30 s; the delay is the jitter's
    // share of it.
    const expected = [250, 500, 1000, 2000, 4000, 8000, 15_000, 15_000];
    for (const delay of expected) {
      const before = sockets.length;
      sockets.at(-1)!.drop();
      expect(client.status).toBe('reconnecting');
      expect(view.last()?.status).toBe('reconnecting');
      jest.advanceTimersByTime(delay - 1);
      expect(sockets).toHaveLength(before);
      jest.advanceTimersByTime(1);
      expect(sockets).toHaveLength(before + 1);
    }

    // The jitter spans the whole window: near 1 waits almost the ceiling, 0 retries at once.
    jitter = 0.999;
    sockets.at(-1)!.drop();
    jest.advanceTimersByTime(reconnectMaxMs * 0.999 - 1);
    const count = sockets.length;
    jest.advanceTimersByTime(1);
    expect(sockets).toHaveLength(count + 1);

    // A connection the server accepted starts the backoff over.
    await accept();
    jitter = 0.5;
    sockets.at(-1)!.drop();
    jest.advanceTimersByTime(250);
    expect(sockets).toHaveLength(count + 2);
  });

  it('after a reconnect, re-authenticates, re-subscribes and converges on the new snapshot', async () => {
    jest.useFakeTimers();
    const { watch, accept, sockets, last, setToken } = setup();
    const view = watch(tickets);
    await accept();
    const [firstId] = subscribeIds(last());
    last().receive({
      type: 'snapshot',
      id: firstId!,
      docs: [ticket('a', '2026-01-01'), ticket('b', '2026-01-02'), ticket('c', '2026-01-03')],
    });

    last().drop();
    // While disconnected the last docs stay on screen, marked as reconnecting.
    expect(view.last()).toEqual({
      status: 'reconnecting',
      docs: [ticket('a', '2026-01-01'), ticket('b', '2026-01-02'), ticket('c', '2026-01-03')],
    });
    setToken('token-2');
    jest.advanceTimersByTime(250);
    expect(sockets).toHaveLength(2);
    await accept();
    expect(last().sent).toEqual([
      { type: 'auth', token: 'token-2' },
      { type: 'subscribe', id: expect.any(String), query: tickets },
    ]);

    // Meanwhile b was removed, c changed and d was added: the snapshot is the truth.
    const [secondId] = subscribeIds(last());
    last().receive({
      type: 'snapshot',
      id: secondId!,
      docs: [
        ticket('a', '2026-01-01'),
        ticket('c', '2026-01-03', { status: 'closed' }),
        ticket('d', '2026-01-04'),
      ],
    });
    expect(view.last()).toEqual({
      status: 'live',
      docs: [
        ticket('a', '2026-01-01'),
        ticket('c', '2026-01-03', { status: 'closed' }),
        ticket('d', '2026-01-04'),
      ],
    });
    // Messages still arriving from the old socket change nothing.
    sockets[0]!.receive({ type: 'snapshot', id: firstId!, docs: [] });
    expect(view.last()?.docs).toHaveLength(3);
  });

  it('sends the new token when the session refreshed it', async () => {
    const { client, watch, accept, last, setToken } = setup();
    watch(tickets);
    await accept();
    await client.reauthenticate();
    // Unchanged token: nothing to send.
    expect(last().sent.filter((message) => message.type === 'auth')).toHaveLength(1);
    setToken('token-2');
    await client.reauthenticate();
    expect(last().sent.at(-1)).toEqual({ type: 'auth', token: 'token-2' });
  });

  it('without a token reports unauthenticated, then connects once there is one', async () => {
    const { client, watch, sockets, last, setToken, accept } = setup();
    setToken(null);
    const view = watch(tickets);
    last().open();
    await flush();
    expect(last().sent).toEqual([]);
    expect(last().closed).toBe(true);
    expect(view.last()).toEqual({
      status: 'error',
      docs: [],
      error: { code: 'unauthenticated', message: expect.any(String) },
    });

    setToken('token-1');
    await client.reauthenticate();
    expect(sockets).toHaveLength(2);
    await accept();
    expect(subscribeIds(last())).toHaveLength(1);
  });

  it('reports an error about the connection to every subscription, which then resumes', async () => {
    const { watch, accept, last } = setup();
    const view = watch(tickets);
    await accept();
    const [id] = subscribeIds(last());
    last().receive({ type: 'error', code: 'unauthenticated', message: 'Token expired' });
    expect(view.last()).toEqual({
      status: 'error',
      docs: [],
      error: { code: 'unauthenticated', message: 'Token expired' },
    });
    last().receive({ type: 'snapshot', id: id!, docs: [ticket('a', '2026-01-01')] });
    expect(view.last()).toEqual({ status: 'live', docs: [ticket('a', '2026-01-01')] });
  });

  it("sends typing and viewing once signed in, and hands the server's signals to listeners", async () => {
    const { client, watch, accept, last } = setup();
    watch(tickets);
    const heard: unknown[] = [];
    const stop = client.onSignal((signal) => heard.push(signal));
    // Before the socket is signed in the news is stale by the time it could go: dropped.
    client.signal({ type: 'typing', conversationId: 'conv-1' });
    await accept();
    client.signal({ type: 'typing', conversationId: 'conv-1' });
    client.signal({ type: 'viewing', conversationId: null });
    expect(last().sent.filter((sent) => sent.type === 'typing' || sent.type === 'viewing')).toEqual(
      [
        { type: 'typing', conversationId: 'conv-1' },
        { type: 'viewing', conversationId: null },
      ],
    );
    const typing = {
      type: 'typing',
      conversationId: 'conv-1',
      from: 'customer',
      senderId: 'cust-1',
    } as const;
    last().receive(typing);
    stop();
    last().receive({ type: 'presence', conversationId: 'conv-1', userId: 'u-2', viewing: true });
    expect(heard).toEqual([typing]);
  });

  it('closes the socket a short while after the last subscription ends', async () => {
    jest.useFakeTimers();
    const { client, watch, accept, last, sockets } = setup();
    const first = watch(tickets);
    await accept();
    first.unsubscribe();
    expect(last().sent.at(-1)).toEqual({ type: 'unsubscribe', id: expect.any(String) });

    // A subscription within the idle delay reuses the socket.
    jest.advanceTimersByTime(idleCloseMs - 1);
    expect(last().closed).toBe(false);
    const second = watch(products);
    jest.advanceTimersByTime(idleCloseMs);
    expect(last().closed).toBe(false);
    expect(sockets).toHaveLength(1);

    second.unsubscribe();
    jest.advanceTimersByTime(idleCloseMs);
    expect(last().closed).toBe(true);
    expect(client.status).toBe('idle');
    // Closed on purpose: no reconnection.
    jest.advanceTimersByTime(reconnectMaxMs);
    expect(sockets).toHaveLength(1);

    // The next subscription connects again.
    watch(tickets);
    expect(sockets).toHaveLength(2);
  });

  it('close() drops the socket and every subscription at once (sign-out)', async () => {
    jest.useFakeTimers();
    const { client, watch, accept, last, sockets } = setup();
    const view = watch(tickets);
    await accept();
    const [id] = subscribeIds(last());
    const socket = last();
    client.close();
    expect(socket.closed).toBe(true);
    expect(client.status).toBe('idle');
    socket.receive({ type: 'snapshot', id: id!, docs: [ticket('a', '2026-01-01')] });
    expect(view.last()?.status).toBe('loading');
    jest.advanceTimersByTime(reconnectMaxMs);
    expect(sockets).toHaveLength(1);
    view.unsubscribe(); // harmless after close
  });
});

describe('liveSocketUrl', () => {
  it("is /api/live on the API's origin, over ws or wss like the page", () => {
    expect(liveSocketUrl('', 'https://app.parley.example/dashboard')).toBe(
      'wss://app.parley.example/api/live',
    );
    expect(liveSocketUrl('', 'http://localhost:3000/')).toBe('ws://localhost:3000/api/live');
    expect(liveSocketUrl('https://api.parley.example/', 'http://localhost:3000/')).toBe(
      'wss://api.parley.example/api/live',
    );
  });
});
