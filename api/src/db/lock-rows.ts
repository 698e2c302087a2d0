import type { Compilable, CompiledQuery, Kysely } from 'kysely';
import type { Database } from './schema';

const lockOnly = new WeakSet<CompiledQuery>();

/**
 * Runs `query` (a `select … for update` or the like, whose rows nobody reads) only for the row
 * locks it takes until the transaction ends, so that a concurrent transaction waits for this
 * one. On PGlite, one connection whose transactions already run one at a time, nothing could
 * wait, so its dialect does not send such a statement at all (isLockOnly): a round trip less
 * while the transaction holds the only connection.
 */
export async function lockRows(trx: Kysely<Database>, query: Compilable): Promise<void> {
  const compiled = query.compile();
  lockOnly.add(compiled);
  await trx.executeQuery(compiled);
}

/** Whether `query` was sent by lockRows. */
export const isLockOnly = (query: CompiledQuery) => lockOnly.has(query);
