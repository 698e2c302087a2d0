import type { CompiledQuery, Kysely, UnknownRow } from 'kysely';
import { allOf } from './all-of';
import type { Database } from './schema';

/** A compiled statement and what its caller makes of the rows it answers. */
export interface Statement<T> {
  query: CompiledQuery;
  read: (rows: unknown[]) => T;
}

/** Runs one statement on `handle` (a transaction or the database). */
export async function runStatement<T>(handle: Kysely<Database>, statement: Statement<T>) {
  return statement.read((await handle.executeQuery(statement.query)).rows);
}

const committing = new WeakSet<CompiledQuery>();

/** Whether the transaction commits with `query` (sendTogether's `commit`). */
export const commitsWith = (query: CompiledQuery) => committing.has(query);

/**
 * Runs `statements` on the transaction's connection, each sent right behind the one before
 * without waiting for its answer: Kysely sends a transaction's next statement only once the one
 * before has answered, a round trip each (on PGlite, a crossing to the database's thread and back
 * through this thread's busy event loop). The connection runs them in order, so each sees what
 * the ones before it did; when one fails the transaction has failed, and the first failure is
 * thrown once all have answered. Their rows reach `read` as the app's plugins make them
 * (camelCase names), as Kysely's own execution would.
 *
 * `commit`: the transaction writes nothing after these, and may commit with the last of them.
 * PGlite's dialect sends the commit with it (commitsWith), so the transaction ends a crossing
 * to the database's thread and back sooner, and the commit Kysely sends after is nothing; should
 * a statement fail, its transaction rolls back there and then. Elsewhere Kysely commits as usual.
 */
export async function sendTogether<T extends readonly unknown[]>(
  trx: Kysely<Database>,
  statements: { readonly [K in keyof T]: Statement<T[K]> },
  options: { commit?: boolean } = {},
): Promise<T> {
  const executor = trx.getExecutor();
  const list = statements as readonly Statement<unknown>[];
  const last = list[list.length - 1];
  if (options.commit && last) committing.add(last.query);
  const results = await executor.provideConnection((connection) =>
    allOf(list.map((statement) => connection.executeQuery<UnknownRow>(statement.query))),
  );
  const read = await Promise.all(
    results.map(async (result, index) => {
      let transformed = result;
      for (const plugin of executor.plugins) {
        transformed = await plugin.transformResult({
          result: transformed,
          queryId: list[index]!.query.queryId,
        });
      }
      return list[index]!.read(transformed.rows);
    }),
  );
  return read as unknown as T;
}
