import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { LiveChange, LiveDoc } from 'shared-sdk';
import type { Database } from '../db/schema';
import type { ChangeEvent } from './change-events';
import { fetchDocs, isAffected } from './live-collections';
import { LiveError } from './live-error';
import type { QueryPlan } from './query-plan';

/** Sockets written to in one turn of the event loop (see LiveQueries.publish). */
const deliveriesPerTurn = 100;

/** One subscription's end of a live query: where its messages go. */
export interface LiveSubscriber {
  /** The client's subscription id, echoed in every message. */
  readonly id: string;
  /** Sends one serialized server message (UTF-8 bytes when shared by several subscribers). */
  deliver(message: string | Buffer): void;
  /** The query could not be read: the subscription ends with this error. */
  fail(error: LiveError): void;
}

interface QueryState {
  plan: QueryPlan;
  /** Each subscriber, and whether it has had its snapshot. */
  subscribers: Map<LiveSubscriber, { snapshotSent: boolean }>;
  /** The last result, in the query's order; undefined until the first read. */
  docs: LiveDoc[] | undefined;
  /** id → the document's JSON: a change in any field makes it `modified`. */
  versions: Map<string, string>;
  running: boolean;
  /** A change arrived since the last read began: the earliest commit time among them. */
  dirtySince: number | undefined;
  closed: boolean;
}

/** added / modified / removed between two results of one query; removals first. */
function diff(
  previous: LiveDoc[],
  previousVersions: Map<string, string>,
  next: LiveDoc[],
  nextVersions: Map<string, string>,
): LiveChange[] {
  const changes: LiveChange[] = [];
  for (const doc of previous) {
    if (!nextVersions.has(doc.id)) changes.push({ type: 'removed', doc });
  }
  for (const doc of next) {
    const before = previousVersions.get(doc.id);
    if (before === undefined) changes.push({ type: 'added', doc });
    else if (before !== nextVersions.get(doc.id)) changes.push({ type: 'modified', doc });
  }
  return changes;
}

/**
 * The live queries of this instance. Identical queries (same canonical key) are read once for
 * all their subscribers. A change event makes each query it may affect read again, once per
 * batch: events arriving while a read runs are folded into the next one. The new result is
 * compared with the last (by id and document JSON) and each subscriber is sent the difference,
 * in commit order, since reads of one query never overlap and each follows the commits before
 * it. Subscribers joining a query already read get its last result as their snapshot, and from
 * then on the same changes as everyone else.
 */
export class LiveQueries {
  private readonly queries = new Map<string, QueryState>();
  private readonly reads = new Set<Promise<void>>();
  /** Query reads so far (snapshots and re-reads): what coalescing saves shows here. */
  private readCount = 0;
  private closed = false;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Starts sending the query's snapshot, then its changes, to `subscriber`. Returns the detach. */
  attach(plan: QueryPlan, subscriber: LiveSubscriber): () => void {
    let state = this.queries.get(plan.key);
    if (!state) {
      state = {
        plan,
        subscribers: new Map(),
        docs: undefined,
        versions: new Map(),
        running: false,
        dirtySince: undefined,
        closed: false,
      };
      this.queries.set(plan.key, state);
    }
    const entry = { snapshotSent: false };
    state.subscribers.set(subscriber, entry);
    if (state.docs) {
      subscriber.deliver(snapshotMessage(subscriber.id, JSON.stringify(state.docs)));
      entry.snapshotSent = true;
    } else if (!state.running) {
      this.read(state);
    }
    const attached = state;
    return () => this.detach(attached, subscriber);
  }

  /** Events of committed transactions: every query they may affect is read again. */
  apply(events: ChangeEvent[]): void {
    for (const state of this.queries.values()) {
      let since: number | undefined;
      for (const event of events) {
        if (isAffected(event, state.plan, state.docs)) {
          since = Math.min(since ?? event.committedAt, event.committedAt);
        }
      }
      if (since !== undefined) this.markDirty(state, since);
    }
  }

  /** Changes may have been missed (the feed reconnected): every query is read again. */
  refreshAll(): void {
    const now = Date.now();
    for (const state of this.queries.values()) this.markDirty(state, now);
  }

  /** Subscribers sharing the query with this canonical key (0 when nobody holds it). */
  subscriberCount(key: string): number {
    return this.queries.get(key)?.subscribers.size ?? 0;
  }

  stats(): { queries: number; subscribers: number; reads: number } {
    let subscribers = 0;
    for (const state of this.queries.values()) subscribers += state.subscribers.size;
    return { queries: this.queries.size, subscribers, reads: this.readCount };
  }

  /** Stops every query; resolves once reads under way have finished. */
  async close(): Promise<void> {
    this.closed = true;
    for (const state of this.queries.values()) state.closed = true;
    this.queries.clear();
    await Promise.allSettled([...this.reads]);
  }

  private detach(state: QueryState, subscriber: LiveSubscriber) {
    state.subscribers.delete(subscriber);
    if (state.subscribers.size === 0 && this.queries.get(state.plan.key) === state) {
      state.closed = true;
      this.queries.delete(state.plan.key);
    }
  }

  private markDirty(state: QueryState, since: number) {
    state.dirtySince = Math.min(state.dirtySince ?? since, since);
    if (!state.running) this.read(state);
  }

  private read(state: QueryState) {
    const reading = this.readLoop(state).finally(() => this.reads.delete(reading));
    this.reads.add(reading);
  }

  /** Reads until no change is pending; never two reads of one query at a time. */
  private async readLoop(state: QueryState) {
    state.running = true;
    try {
      while (!state.closed && !this.closed && (!state.docs || state.dirtySince !== undefined)) {
        const committedAt = state.dirtySince ?? Date.now();
        state.dirtySince = undefined;
        let docs: LiveDoc[];
        this.readCount += 1;
        try {
          docs = await fetchDocs(this.db, state.plan);
        } catch (err) {
          if (state.closed || this.closed) return;
          this.log.error({ err, collection: state.plan.collection }, 'live query failed');
          this.fail(state, new LiveError('unavailable', `Cannot read ${state.plan.collection}`));
          return;
        }
        if (state.closed || this.closed) return;
        await this.publish(state, docs, committedAt);
      }
    } finally {
      state.running = false;
    }
  }

  /**
   * Sends the new result's difference (or the snapshot, to subscribers still waiting for one).
   * Every deliveriesPerTurn sockets the thread turns to other work: the same thread answers
   * requests and the database's replies to them, and a write waiting on its next statement must
   * not wait for a fan-out to thousands. The next read of this query waits for this to end, so
   * each subscriber still gets the changes in commit order.
   */
  private async publish(state: QueryState, docs: LiveDoc[], committedAt: number) {
    const previous = state.docs;
    const versions = new Map(docs.map((doc) => [doc.id, JSON.stringify(doc)]));
    const changes = previous ? diff(previous, state.versions, docs, versions) : [];
    state.docs = docs;
    state.versions = versions;
    // Serialized once per read, whatever the number of subscribers, and encoded once per
    // subscription id: tabs of one screen use the same ids, and a write may reach thousands.
    const changesJson = changes.length > 0 ? JSON.stringify(changes) : undefined;
    const changesMessages = new Map<string, Buffer>();
    let snapshotJson: string | undefined;
    // Those attached while this runs get `docs` as their snapshot when they attach.
    const recipients = [...state.subscribers];
    for (let index = 0; index < recipients.length; index += 1) {
      if (index > 0 && index % deliveriesPerTurn === 0) {
        await new Promise((resolve) => setImmediate(resolve));
        if (state.closed || this.closed) return;
      }
      const [subscriber, entry] = recipients[index]!;
      if (!state.subscribers.has(subscriber)) continue;
      if (!entry.snapshotSent) {
        snapshotJson ??= JSON.stringify(docs);
        entry.snapshotSent = true;
        subscriber.deliver(snapshotMessage(subscriber.id, snapshotJson));
      } else if (changesJson) {
        let message = changesMessages.get(subscriber.id);
        if (!message) {
          message = Buffer.from(
            `{"type":"changes","id":${JSON.stringify(subscriber.id)},"changes":${changesJson},"committedAt":${committedAt}}`,
          );
          changesMessages.set(subscriber.id, message);
        }
        subscriber.deliver(message);
      }
    }
  }

  private fail(state: QueryState, error: LiveError) {
    state.closed = true;
    if (this.queries.get(state.plan.key) === state) this.queries.delete(state.plan.key);
    for (const subscriber of state.subscribers.keys()) subscriber.fail(error);
    state.subscribers.clear();
  }
}

function snapshotMessage(id: string, docsJson: string): string {
  return `{"type":"snapshot","id":${JSON.stringify(id)},"docs":${docsJson}}`;
}
