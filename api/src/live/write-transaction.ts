import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { mergeChanges } from './change-events';
import type { RecordedChange } from './change-events';
import type { ChangeFeed } from './change-feed';

/** The changes each open write transaction has recorded so far. */
const recorders = new WeakMap<Kysely<Database>, RecordedChange[]>();

/** Where commits on a database handle are announced (set by the live plugin). */
const feeds = new WeakMap<Kysely<Database>, ChangeFeed>();

/** The database handle each open write transaction runs on. */
const owners = new WeakMap<Kysely<Database>, Kysely<Database>>();

export function attachChangeFeed(db: Kysely<Database>, feed: ChangeFeed): void {
  feeds.set(db, feed);
}

export function detachChangeFeed(db: Kysely<Database>): void {
  feeds.delete(db);
}

/**
 * Runs `write` in one transaction and, once it has COMMITTED, publishes what it recorded with
 * `recordChange`, so that live queries never show a write that was rolled back and always see
 * the committed rows when they read again. Every write to a live collection goes through here:
 * the repositories record their changes, and refuse a transaction that would not publish them.
 * Without a change feed attached to `db` (the statistics check, scripts) nothing is published.
 */
export async function writeTransaction<T>(
  db: Kysely<Database>,
  write: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  return recording(db, (body) => db.transaction().execute(body), write);
}

/**
 * Runs `write`, which makes exactly ONE writing statement, on a connection of its own without a
 * transaction around it, and publishes what it recorded as writeTransaction does once the
 * statement is done. A statement is atomic by itself; `begin` and `commit` around it would only
 * add round trips (two more on PostgreSQL; on PGlite, the one connection held until a reply
 * crosses back from its thread), which the busiest writes, a message in a conversation under
 * way, cannot afford. Reads before the statement are fine; a second write is the caller's bug.
 */
export async function writeStatement<T>(
  db: Kysely<Database>,
  write: (handle: Kysely<Database>) => Promise<T>,
): Promise<T> {
  return recording(db, (body) => db.connection().execute(body), write);
}

/** Runs `write` in what `open` gives it, and publishes the changes it recorded once that is done. */
async function recording<H extends Kysely<Database>, T>(
  db: Kysely<Database>,
  open: (body: (handle: H) => Promise<T>) => Promise<T>,
  write: (handle: H) => Promise<T>,
): Promise<T> {
  const changes: RecordedChange[] = [];
  const result = await open((handle) => {
    recorders.set(handle, changes);
    owners.set(handle, db);
    return write(handle);
  });
  if (changes.length > 0) feeds.get(db)?.publish(mergeChanges(changes, Date.now()));
  return result;
}

/**
 * Notes that the transaction `trx` changes documents of a live collection; published after its
 * commit. Called by the repositories next to the statement that writes.
 */
export function recordChange(trx: Kysely<Database>, change: RecordedChange): void {
  const changes = recorders.get(trx);
  if (!changes) {
    throw new Error(
      `A write to ${change.collection} must run in writeTransaction() or writeStatement(), so that live queries hear of it`,
    );
  }
  changes.push(change);
}

/** The change feed of `handle`, a database handle or one of its write transactions; if any. */
export function changeFeedOf(handle: Kysely<Database>): ChangeFeed | undefined {
  return feeds.get(owners.get(handle) ?? handle);
}
