import { act } from '@testing-library/react';
import type {
  LiveChange,
  LiveClientMessage,
  LiveCollection,
  LiveDoc,
  LiveQuery,
  LiveServerMessage,
} from 'shared-sdk';
import { compareDocs, configureLiveClient } from 'shared-sdk/live';

type Collections = Partial<Record<LiveCollection, LiveDoc[]>>;

interface Subscription {
  id: string;
  query: LiveQuery;
  socket: FakeSocket;
  docs: LiveDoc[];
}

interface FakeSocket {
  readyState: number;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: string }) => void) | null;
  onclose: ((event: { code: number; reason: string }) => void) | null;
  onerror: ((event: unknown) => void) | null;
  send(data: string): void;
  close(): void;
}

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
export function connectFakeLive(
  collections: Collections,
  { unavailable = [] }: { unavailable?: LiveCollection[] } = {},
) {
  const subscriptions: Subscription[] = [];

  const reply = (socket: FakeSocket, message: LiveServerMessage) =>
    // As a real socket does, messages arrive in a later task.
    setTimeout(() => socket.onmessage?.({ data: JSON.stringify(message) }), 0);

  class FakeWebSocket implements FakeSocket {
    readyState = 0;
    onopen: FakeSocket['onopen'] = null;
    onmessage: FakeSocket['onmessage'] = null;
    onclose: FakeSocket['onclose'] = null;
    onerror: FakeSocket['onerror'] = null;
    constructor(readonly url: string) {
      setTimeout(() => {
        this.readyState = 1;
        this.onopen?.({});
      }, 0);
    }
    send(data: string) {
      const message = JSON.parse(data) as LiveClientMessage;
      if (message.type === 'auth') reply(this, { type: 'ready', userId: 'usr_ada' });
      if (message.type === 'subscribe') {
        const { id, query } = message;
        if (unavailable.includes(query.collection)) {
          reply(this, {
            type: 'error',
            id,
            code: 'not-found',
            message: `${query.collection} are not available yet`,
          });
          return;
        }
        const docs = evaluate(collections, query);
        subscriptions.push({ id, query, socket: this, docs });
        reply(this, { type: 'snapshot', id, docs });
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

  configureLiveClient({
    url: 'ws://localhost/api/live',
    getToken: async () => 'id-token-1',
    WebSocket: FakeWebSocket as unknown as typeof WebSocket,
  });

  let committedAt = 0;
  return {
    collections,
    /** The server ends every subscription to `collection` with an error (e.g. access removed). */
    async refuse(collection: LiveCollection, code: string, message: string) {
      for (const subscription of subscriptions.filter(
        (item) => item.query.collection === collection,
      )) {
        subscriptions.splice(subscriptions.indexOf(subscription), 1);
        const { id, socket } = subscription;
        await act(async () => {
          socket.onmessage?.({ data: JSON.stringify({ type: 'error', id, code, message }) });
        });
      }
    },
    /** The queries subscribed now. */
    queries: (collection?: LiveCollection) =>
      subscriptions
        .filter((item) => !collection || item.query.collection === collection)
        .map((item) => item.query),
    /**
     * A commit on the server: `write` changes the collections, then every subscription whose
     * result changed hears the difference.
     */
    async commit(write: (data: Collections) => void) {
      write(collections);
      committedAt += 1;
      for (const subscription of [...subscriptions]) {
        const docs = evaluate(collections, subscription.query);
        const changes = diff(subscription.docs, docs);
        subscription.docs = docs;
        if (changes.length === 0) continue;
        const message = { type: 'changes', id: subscription.id, changes, committedAt };
        await act(async () => {
          subscription.socket.onmessage?.({ data: JSON.stringify(message) });
        });
      }
    },
  };
}

export type FakeLive = ReturnType<typeof connectFakeLive>;
