import { CompiledQuery } from 'kysely';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../src/db/schema';

/**
 * The plan PostgreSQL makes for `query` once `fill` has added rows (many, so that the planner
 * is told of a large table) and the tables it names are analyzed: the lines of `explain`. All of
 * it is rolled back, so the suite's database is left as it was.
 */
export async function planAfter(
  db: Kysely<Database>,
  fill: (trx: Transaction<Database>) => Promise<unknown>,
  tables: string,
  query: CompiledQuery,
): Promise<string> {
  const rolledBack = new Error('rolled back');
  let plan = '';
  await db
    .transaction()
    .execute(async (trx) => {
      await fill(trx);
      await trx.executeQuery(CompiledQuery.raw(`analyze ${tables}`));
      const { rows } = await trx.executeQuery(
        CompiledQuery.raw(`explain ${query.sql}`, [...query.parameters]),
      );
      plan = rows.map((row) => Object.values(row as object).join(' ')).join('\n');
      throw rolledBack;
    })
    .catch((err: unknown) => {
      if (err !== rolledBack) throw err;
    });
  return plan;
}
