import type { Kysely } from 'kysely';
import type { LiveCollection } from 'shared-sdk';
import type { Database } from '../db/schema';
import type { ChangeEvent } from './change-events';
import type { ChangeFeed } from './change-feed';
import { changeFeedOf } from './write-transaction';

/** Values kept per workspace: a change in no workspace (an account) may make any stale. */
const workspaceScope = (event: ChangeEvent) =>
  event.workspaceId === null ? ('all' as const) : [event.workspaceId];

/** Keys kept per cache before it starts again from empty (a bound, not an expected size). */
const maxEntries = 50_000;

/**
 * Rows that nearly every request reads and that rarely change (a caller's membership of a
 * workspace), kept in memory until a committed change to one of `collections` in their scope
 * (by default their workspace) says they may be stale. The change feed carries those changes to
 * every instance, as it does for live queries; when it may have lost some (Redis reconnecting)
 * everything is dropped. A read that began before an invalidation of its scope is returned but
 * not kept.
 */
export class ChangeCache<V> {
  private entries = new Map<string, Map<string, V>>();
  private size = 0;
  /** Invalidations so far, per scope and in all (clear): a read that saw one is not kept. */
  private readonly invalidations = new Map<string, number>();
  private clears = 0;

  constructor(
    private readonly collections: readonly LiveCollection[],
    /** The scopes (keys of get's first argument) an event may make stale; 'all': every one. */
    private readonly scopesOf: (event: ChangeEvent) => readonly string[] | 'all' = workspaceScope,
  ) {}

  /** Listens to `feed` until the returned function is called. */
  follow(feed: ChangeFeed): () => void {
    return feed.subscribe({
      changes: (events) => this.invalidate(events),
      missed: () => this.clear(),
    });
  }

  /** `read`'s value, kept under (scope, key); `usable` says whether a kept one may serve still. */
  async get(
    scope: string,
    key: string,
    read: () => Promise<V>,
    usable: (value: V) => boolean = () => true,
  ): Promise<V> {
    const kept = this.entries.get(scope)?.get(key);
    if (kept !== undefined && usable(kept)) return kept;
    const clears = this.clears;
    const invalidations = this.invalidations.get(scope);
    const value = await read();
    if (clears === this.clears && invalidations === this.invalidations.get(scope)) {
      if (this.size >= maxEntries) this.clear();
      let scoped = this.entries.get(scope);
      if (!scoped) {
        scoped = new Map();
        this.entries.set(scope, scoped);
      }
      if (!scoped.has(key)) this.size += 1;
      scoped.set(key, value);
    }
    return value;
  }

  invalidate(events: ChangeEvent[]): void {
    for (const event of events) {
      if (!this.collections.includes(event.collection)) continue;
      const scopes = this.scopesOf(event);
      if (scopes === 'all') {
        this.clear();
        return;
      }
      for (const scope of scopes) {
        this.invalidations.set(scope, (this.invalidations.get(scope) ?? 0) + 1);
        this.size -= this.entries.get(scope)?.size ?? 0;
        this.entries.delete(scope);
      }
    }
  }

  clear(): void {
    this.entries = new Map();
    this.size = 0;
    this.invalidations.clear();
    this.clears += 1;
  }
}

/** One cache of each name per change feed (per app), created when first used. */
const caches = new WeakMap<ChangeFeed, Map<string, ChangeCache<unknown>>>();

/** A cache of one kind of row: what makes its values stale, and when a kept one may serve. */
export interface CacheDefinition<V> {
  name: string;
  collections: readonly LiveCollection[];
  scopesOf?: (event: ChangeEvent) => readonly string[] | 'all';
  /** Whether a kept value may serve still (else it is read again). */
  usable?: (value: V) => boolean;
}

/**
 * `read`, through the cache `name` of the app whose database `db` is (or whose write transaction
 * it is). Without a change feed (scripts, the statistics check) nobody would hear of changes, so
 * nothing is kept.
 */
export function readThroughCache<V>(
  db: Kysely<Database>,
  cache: CacheDefinition<V>,
  scope: string,
  key: string,
  read: () => Promise<V>,
): Promise<V> {
  const feed = changeFeedOf(db);
  if (!feed) return read();
  let named = caches.get(feed);
  if (!named) {
    named = new Map();
    caches.set(feed, named);
  }
  let kept = named.get(cache.name) as ChangeCache<V> | undefined;
  if (!kept) {
    kept = new ChangeCache<V>(cache.collections, cache.scopesOf);
    kept.follow(feed);
    named.set(cache.name, kept as ChangeCache<unknown>);
  }
  return kept.get(scope, key, read, cache.usable);
}
