import type { Kysely } from 'kysely';
import type { Database } from '../../src/db/schema';

/**
 * How many transactions `db` opened while `run` ran (a write stored alone opens none). Its app's
 * background jobs must be stopped (`app.jobs.close()`): their runner looks for work in a
 * transaction of its own every two seconds.
 */
export async function transactionsDuring(
  db: Kysely<Database>,
  run: () => Promise<unknown>,
): Promise<number> {
  const opened = jest.spyOn(db, 'transaction');
  try {
    await run();
    return opened.mock.calls.length;
  } finally {
    opened.mockRestore();
  }
}
