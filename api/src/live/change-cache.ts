import type { Kysely } from 'kysely';
import type { LiveCollection } from 'shared-sdk';
import type { Database } from '../db/schema';
import type { ChangeEvent } from './change-events';
import type { ChangeFeed } from './change-feed';
import { changeFeedOf } from './write-transaction';

/** Keys kept per cache before it starts again from empty (a bound, not an expected size). */
const maxEntries = 50_000;

/**
 * Rows that nearly every request reads and that rarely change (a caller's membership of a
 * workspace), kept in memory until a committed change to one of `collections` in their workspace
 * says they may be stale. The change feed carries those changes to every instance, as it does for
 * live queries; when it may have lost some (Redis reconnecting) everything is dropped. A read that
 * began before an invalidation of its workspace is returned but not kept.
 */
export class ChangeCache<V> {
  private entries = new Map<string, Map<string, V>>();
  private size = 0;
  /** Invalidations so far, per workspace and in all (clear): a read that saw one is not kept. */
  private readonly invalidations = new Map<string, number>();
  private clears = 0;

  constructor(private readonly collections: readonly LiveCollection[]) {}

  /** Listens to `feed` until the returned function is called. */
  follow(feed: ChangeFeed): () => void {
    return feed.subscribe({
      changes: (events) => this.invalidate(events),
      missed: () => this.clear(),
    });
  }

  async get(workspaceId: string, key: string, read: () => Promise<V>): Promise<V> {
    const kept = this.entries.get(workspaceId)?.get(key);
    if (kept !== undefined) return kept;
    const clears = this.clears;
    const invalidations = this.invalidations.get(workspaceId);
    const value = await read();
    if (clears === this.clears && invalidations === this.invalidations.get(workspaceId)) {
      if (this.size >= maxEntries) this.clear();
      let workspace = this.entries.get(workspaceId);
      if (!workspace) {
        workspace = new Map();
        this.entries.set(workspaceId, workspace);
      }
      if (!workspace.has(key)) this.size += 1;
      workspace.set(key, value);
    }
    return value;
  }

  invalidate(events: ChangeEvent[]): void {
    for (const event of events) {
      if (!this.collections.includes(event.collection)) continue;
      if (event.workspaceId === null) {
        this.clear();
        return;
      }
      this.invalidations.set(
        event.workspaceId,
        (this.invalidations.get(event.workspaceId) ?? 0) + 1,
      );
      this.size -= this.entries.get(event.workspaceId)?.size ?? 0;
      this.entries.delete(event.workspaceId);
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

/**
 * `read`, through the cache `name` of the app whose database `db` is (or whose write transaction
 * it is). Without a change feed (scripts, the statistics check) nobody would hear of changes, so
 * nothing is kept.
 */
export function readThroughCache<V>(
  db: Kysely<Database>,
  cache: { name: string; collections: readonly LiveCollection[] },
  workspaceId: string,
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
    kept = new ChangeCache<V>(cache.collections);
    kept.follow(feed);
    named.set(cache.name, kept as ChangeCache<unknown>);
  }
  return kept.get(workspaceId, key, read);
}
