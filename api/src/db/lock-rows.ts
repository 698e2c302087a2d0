import type { Compilable, CompiledQuery, Kysely } from 'kysely';
import type { Database } from './schema';
import type { Statement } from './statements';

const lockOnly = new WeakSet<CompiledQuery>();

/**
 * `query` (a `select … for update` or the like, whose rows nobody reads) as a statement run only
 * for the row locks it takes until the transaction ends, so that a concurrent transaction waits
 * for this one. On PGlite, one connection whose transactions already run one at a time, nothing
 * could wait, so its dialect does not send such a statement at all (isLockOnly): a round trip
 * less while the transaction holds the only connection.
 */
export function lockStatement(query: Compilable): Statement<void> {
  const compiled = query.compile();
  lockOnly.add(compiled);
  return { query: compiled, read: () => undefined };
}

/** Runs lockStatement's statement. */
export async function lockRows(trx: Kysely<Database>, query: Compilable): Promise<void> {
  await trx.executeQuery(lockStatement(query).query);
}

/** Whether `query` was made by lockStatement. */
export const isLockOnly = (query: CompiledQuery) => lockOnly.has(query);
