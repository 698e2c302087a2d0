import type { Kysely } from 'kysely';

/** A table `counters (id int primary key, value int not null)` holding the row of id 1. */
export interface Counters {
  counters: { id: number; value: number };
}

/**
 * One transaction that reads the counter and writes it back one higher: run many at once, they
 * lose an update unless each has the row to itself from its read to its commit. `lock` reads it
 * `for update` (needed where transactions run side by side on several connections).
 */
export const incrementCounter = (db: Kysely<Counters>, { lock }: { lock: boolean }) =>
  db.transaction().execute(async (trx) => {
    const read = trx.selectFrom('counters').select('value').where('id', '=', 1);
    const { value } = await (lock ? read.forUpdate() : read).executeTakeFirstOrThrow();
    await trx
      .updateTable('counters')
      .set({ value: value + 1 })
      .where('id', '=', 1)
      .execute();
  });

export const counterValue = async (db: Kysely<Counters>) =>
  (await db.selectFrom('counters').select('value').where('id', '=', 1).executeTakeFirstOrThrow())
    .value;
