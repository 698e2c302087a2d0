import type { LiveChange, LiveCollection, LiveDoc, LiveQuery } from 'shared-sdk';
import { compareDocs } from 'shared-sdk/live';
import { connectFakeLive as connectFakeLiveServer } from '@testing/fake-live-server';

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
  // What each subscription was last sent, so that a commit sends it only the difference.
  const sent = new Map<string, LiveDoc[]>();
  const server = connectFakeLiveServer((query, subscriptionId) => {
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

export type FakeLive = ReturnType<typeof connectFakeLive>;
