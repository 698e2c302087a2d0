import { act } from '@testing-library/react';
import {
  compareDocs,
  type LiveCollection,
  configureLiveClient,
  type LiveChange,
  type LiveClientMessage,
  type LiveDoc,
  type LiveQuery,
  type LiveServerMessage,
  type LiveSignal,
} from 'shared-sdk/live';

interface Subscription {
  id: string;
  query: LiveQuery;
  socket: FakeServerSocket;
}

interface FakeServerSocket {
  readyState: number;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: string }) => void) | null;
  onclose: ((event: { code: number; reason: string }) => void) | null;
  onerror: ((event: unknown) => void) | null;
  send(data: string): void;
  close(): void;
}

/** How the server turns a subscription down (with the product-spec.md §8 code), instead of a snapshot. */
export interface LiveRefusal {
  code: string;
  message: string;
}

/** What the server answers the subscription `subscriptionId` to `query` with. */
export type LiveAnswer = (query: LiveQuery, subscriptionId: string) => LiveDoc[] | LiveRefusal;

/**
 * An in-memory live server behind a WebSocket class: it accepts any token, answers each
 * subscription with `docs(query)` in the query's order (or refuses it), and pushes changes when
 * the test says so.
 */
export function fakeLiveServer(docs: LiveAnswer = () => []) {
  const received: LiveClientMessage[] = [];
  const subscriptions: Subscription[] = [];
  const sockets: FakeServerSocket[] = [];
  const urls: string[] = [];

  // What each socket was sent and has not delivered yet: later messages wait for it, so that a
  // subscription's snapshot always arrives before the changes committed after it, as on a socket.
  const pending = new Map<FakeServerSocket, Promise<void>>();
  const reply = (socket: FakeServerSocket, message: LiveServerMessage) => {
    // As a real socket does, messages arrive in a later task.
    const delivered = new Promise<void>((resolve) =>
      setTimeout(() => {
        socket.onmessage?.({ data: JSON.stringify(message) });
        resolve();
      }, 0),
    );
    pending.set(socket, delivered);
  };

  class FakeWebSocket implements FakeServerSocket {
    readyState = 0;
    onopen: FakeServerSocket['onopen'] = null;
    onmessage: FakeServerSocket['onmessage'] = null;
    onclose: FakeServerSocket['onclose'] = null;
    onerror: FakeServerSocket['onerror'] = null;
    constructor(readonly url: string) {
      urls.push(url);
      sockets.push(this);
      setTimeout(() => {
        this.readyState = 1;
        this.onopen?.({});
      }, 0);
    }
    send(data: string) {
      const message = JSON.parse(data) as LiveClientMessage;
      received.push(message);
      if (message.type === 'auth') reply(this, { type: 'ready', userId: 'user-1' });
      if (message.type === 'subscribe') {
        const { id, query } = message;
        const answer = docs(query, id);
        if (!Array.isArray(answer)) {
          reply(this, { type: 'error', id, ...answer });
          return;
        }
        subscriptions.push({ id, query, socket: this });
        // As the server does, the snapshot comes in the query's order.
        const { orderBy } = query;
        const snapshot = orderBy ? [...answer].sort((a, b) => compareDocs(a, b, orderBy)) : answer;
        reply(this, { type: 'snapshot', id, docs: snapshot });
      }
      if (message.type === 'unsubscribe') {
        const index = subscriptions.findIndex((item) => item.id === message.id);
        if (index >= 0) subscriptions.splice(index, 1);
      }
    }
    close() {
      this.readyState = 3;
      for (const item of subscriptions.filter((entry) => entry.socket === this)) {
        subscriptions.splice(subscriptions.indexOf(item), 1);
      }
    }
  }

  let committedAt = 0;
  /** A commit on the server: each subscription hears `changesFor(it)`, or nothing if undefined. */
  async function commitEach(changesFor: (subscription: Subscription) => LiveChange[] | undefined) {
    committedAt += 1;
    for (const subscription of [...subscriptions]) {
      const changes = changesFor(subscription);
      if (!changes) continue;
      const { id, socket } = subscription;
      await act(async () => {
        await pending.get(socket);
        socket.onmessage?.({ data: JSON.stringify({ type: 'changes', id, changes, committedAt }) });
      });
    }
  }

  return {
    WebSocket: FakeWebSocket as unknown as typeof WebSocket,
    received,
    subscriptions,
    sockets,
    /** The address of every socket opened. */
    urls,
    /** The queries subscribed to now (the page's live reads), or only those to `collection`. */
    queries: (collection?: LiveQuery['collection']) =>
      subscriptions
        .filter((subscription) => !collection || subscription.query.collection === collection)
        .map((subscription) => subscription.query),
    commitEach,
    /** A commit on the server: every subscription to `collection` hears the changes. */
    commit: (collection: LiveQuery['collection'], changes: LiveChange[]) =>
      commitEach(({ query }) => (query.collection === collection ? changes : undefined)),
    /**
     * Ephemeral news from the server to every open socket: the customer typing, a colleague's
     * presence. What the page sends (typing, viewing) is in `received`.
     */
    async signal(message: LiveSignal) {
      for (const socket of sockets.filter((item) => item.readyState === 1)) {
        await act(async () => {
          await pending.get(socket);
          socket.onmessage?.({ data: JSON.stringify(message) });
        });
      }
    },
    /** The server ends the subscriptions to `collection` with an error. */
    async refuse(collection: LiveQuery['collection'], code: string, message: string) {
      for (const subscription of subscriptions.filter(
        (item) => item.query.collection === collection,
      )) {
        // With an id, the error ends that subscription.
        subscriptions.splice(subscriptions.indexOf(subscription), 1);
        const { id, socket } = subscription;
        await act(async () => {
          socket.onmessage?.({ data: JSON.stringify({ type: 'error', id, code, message }) });
        });
      }
    },
  };
}

/** Points the page's live client at a fake live server (see `fakeLiveServer`). */
export function connectFakeLive(docs?: LiveAnswer) {
  const server = fakeLiveServer(docs);
  configureLiveClient({
    url: 'ws://localhost/api/live',
    getToken: async () => 'id-token-1',
    WebSocket: server.WebSocket,
  });
  return server;
}

export type FakeLiveServer = ReturnType<typeof fakeLiveServer>;

type Collections = Partial<Record<LiveCollection, LiveDoc[]>>;

// The server's default orders (api/README.md "Live queries").
const defaultOrder: Partial<Record<LiveCollection, NonNullable<LiveQuery['orderBy']>>> = {
  tickets: [
    { field: 'isFollowedUp', direction: 'desc' },
    { field: 'createdAt', direction: 'desc' },
  ],
};

function matches(doc: LiveDoc, query: LiveQuery): boolean {
  if (query.workspaceId && 'workspaceId' in doc && doc.workspaceId !== query.workspaceId) {
    return false;
  }
  if (query.conversationId && doc.conversationId !== query.conversationId) return false;
  return (query.where ?? []).every(({ field, op, value }) => {
    const actual = doc[field];
    switch (op) {
      case '==':
        return actual === value;
      case '!=':
        return actual !== value;
      case 'in':
        return Array.isArray(value) && value.includes(actual as never);
      case 'contains': {
        // The server's searchable fields: products' `search` is the name and the SKU.
        const text = field === 'search' ? `${String(doc.name)} ${String(doc.sku)}` : String(actual);
        return text.toLowerCase().includes(String(value).toLowerCase());
      }
      default:
        throw new Error(`The fake live server does not do ${op}`);
    }
  });
}

/** What the server answers a query with: filtered, ordered, then offset and limit. */
function evaluate(collections: Collections, query: LiveQuery): LiveDoc[] {
  const orderBy = query.orderBy ?? defaultOrder[query.collection] ?? [];
  const docs = (collections[query.collection] ?? [])
    .filter((doc) => matches(doc, query))
    .sort((a, b) => compareDocs(a, b, orderBy));
  const start = query.offset ?? 0;
  return docs.slice(start, query.limit === undefined ? undefined : start + query.limit);
}

function diff(before: LiveDoc[], after: LiveDoc[]): LiveChange[] {
  const removed = before
    .filter((doc) => !after.some((next) => next.id === doc.id))
    .map((doc): LiveChange => ({ type: 'removed', doc }));
  const addedOrModified = after.flatMap((doc): LiveChange[] => {
    const previous = before.find((old) => old.id === doc.id);
    if (!previous) return [{ type: 'added', doc }];
    return JSON.stringify(previous) === JSON.stringify(doc) ? [] : [{ type: 'modified', doc }];
  });
  return [...removed, ...addedOrModified];
}

/**
 * An in-memory live server behind the page's live client: it answers each subscription from
 * `collections` as the real one would (where, orderBy, offset, limit), and after `commit` sends
 * every subscription the changes of its result. Collections listed in `unavailable` answer
 * not-found, as the server does for collections whose tables do not exist yet.
 */
export function connectFakeLiveCollections(
  collections: Collections,
  { unavailable = [] }: { unavailable?: LiveCollection[] } = {},
) {
  // What each subscription was last sent, so that a commit sends it only the difference.
  const sent = new Map<string, LiveDoc[]>();
  const server = connectFakeLive((query, subscriptionId) => {
    if (unavailable.includes(query.collection)) {
      return { code: 'not-found', message: `${query.collection} are not available yet` };
    }
    const docs = evaluate(collections, query);
    sent.set(subscriptionId, docs);
    return docs;
  });

  return {
    collections,
    /** The server ends every subscription to `collection` with an error (e.g. access removed). */
    refuse: server.refuse,
    /** The queries subscribed now. */
    queries: server.queries,
    /** What the page sent (typing and viewing news among it). */
    received: server.received,
    signal: server.signal,
    /**
     * A commit on the server: `write` changes the collections, then every subscription whose
     * result changed hears the difference.
     */
    async commit(write: (data: Collections) => void) {
      write(collections);
      await server.commitEach(({ id, query }) => {
        const docs = evaluate(collections, query);
        const changes = diff(sent.get(id) ?? [], docs);
        sent.set(id, docs);
        return changes.length > 0 ? changes : undefined;
      });
    },
  };
}

export type FakeLiveCollections = ReturnType<typeof connectFakeLiveCollections>;
