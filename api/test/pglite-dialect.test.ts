import { CompiledQuery, Kysely, sql } from 'kysely';
import type { Results } from '@electric-sql/pglite';
import { lockRows } from '../src/db/lock-rows';
import { sendTogether } from '../src/db/statements';
import { PgliteThreadDialect } from '../src/db/pglite-dialect';
import { startPgliteThread } from '../src/db/pglite-thread';
import type { PgliteThread } from '../src/db/pglite-thread';
import type { Database } from '../src/db/schema';
import { counterValue, incrementCounter } from './support/counters';
import type { Counters } from './support/counters';

interface Sent {
  sql: string;
  commit: boolean;
  answer(rows?: unknown[]): void;
  fail(error: Error): void;
}

/**
 * A thread that records what it is sent and answers only when the test says so, except `begin`,
 * which the real thread answers at once (it travels with the transaction's first statement).
 */
function fakeThread() {
  const sent: Sent[] = [];
  const thread: PgliteThread = {
    query: <T>(text: string, _params?: unknown[], options?: { commit?: boolean }) =>
      new Promise<Results<T>>((resolve, reject) => {
        const answer = (rows: unknown[] = []) =>
          resolve({ rows: rows as T[], fields: [], affectedRows: 0 });
        sent.push({ sql: text, commit: options?.commit ?? false, answer, fail: reject });
        if (text === 'begin') answer();
      }),
    exec: async () => {},
    dump: () => Promise.reject(new Error('the dialect never dumps the database')),
    close: async () => {},
  };
  const sentSql = () =>
    sent.map((statement) => (statement.commit ? `${statement.sql} + commit` : statement.sql));
  const find = (text: string) => {
    const statement = sent.find((candidate) => candidate.sql === text);
    if (!statement) throw new Error(`${text} was not sent`);
    return statement;
  };
  return { thread, sentSql, find };
}

/** Lets every callback already due run (the dialect's turns pass through several promises). */
const settle = () => new Promise((resolve) => setImmediate(resolve));

// The embedded database is one connection: the dialect must keep a transaction's statements
// together, yet not hold anything else up for the round trip of a reply (pglite-dialect.ts).
describe('PGlite thread dialect', () => {
  it('sends the statements of concurrent requests without waiting for replies', async () => {
    const { thread, sentSql, find } = fakeThread();
    const db = new Kysely({ dialect: new PgliteThreadDialect(thread) });
    const first = sql`select 1`.execute(db);
    const second = sql`select 2`.execute(db);
    await settle();
    expect(sentSql()).toEqual(['select 1', 'select 2']);
    find('select 2').answer([{ two: 2 }]);
    find('select 1').answer([{ one: 1 }]);
    await expect(first).resolves.toMatchObject({ rows: [{ one: 1 }] });
    await expect(second).resolves.toMatchObject({ rows: [{ two: 2 }] });
  });

  it('sends nothing else while a transaction is open, and the next statement once its commit is sent', async () => {
    const { thread, sentSql, find } = fakeThread();
    const db = new Kysely({ dialect: new PgliteThreadDialect(thread) });
    const transaction = db.transaction().execute(async (trx) => {
      await sql`select 'in 1'`.execute(trx);
      await sql`select 'in 2'`.execute(trx);
      return 'done';
    });
    await settle();
    const outside = sql`select 'outside'`.execute(db);
    await settle();
    expect(sentSql()).toEqual(['begin', "select 'in 1'"]);
    find("select 'in 1'").answer();
    await settle();
    expect(sentSql()).toEqual(['begin', "select 'in 1'", "select 'in 2'"]);
    find("select 'in 2'").answer();
    await settle();
    // The commit is not answered yet: the next statement waits for it in the thread, not here.
    expect(sentSql()).toEqual([
      'begin',
      "select 'in 1'",
      "select 'in 2'",
      'commit',
      "select 'outside'",
    ]);
    find('commit').answer();
    await expect(transaction).resolves.toBe('done');
    find("select 'outside'").answer();
    await expect(outside).resolves.toMatchObject({ rows: [] });
  });

  it('commits a transaction with its last statements when asked (sendTogether commit), and sends the next at once', async () => {
    const { thread, sentSql, find } = fakeThread();
    const db = new Kysely<Database>({ dialect: new PgliteThreadDialect(thread) });
    const said = (text: string) => ({
      query: CompiledQuery.raw(text),
      read: (rows: unknown[]) => rows,
    });
    const transaction = db
      .transaction()
      .execute((trx) =>
        sendTogether(trx, [said("select 'in 1'"), said("select 'in 2'")], { commit: true }),
      );
    await settle();
    const outside = sql`select 'outside'`.execute(db);
    await settle();
    // Nothing waits for the replies: the next request's statement is sent behind the commit.
    expect(sentSql()).toEqual([
      'begin',
      "select 'in 1'",
      "select 'in 2' + commit",
      "select 'outside'",
    ]);
    find("select 'in 1'").answer([{ in: 1 }]);
    find("select 'in 2'").answer([{ in: 2 }]);
    await expect(transaction).resolves.toEqual([[{ in: 1 }], [{ in: 2 }]]);
    // Kysely's own commit afterwards is nothing: no separate commit went to the thread.
    expect(sentSql()).not.toContain('commit');
    find("select 'outside'").answer();
    await expect(outside).resolves.toMatchObject({ rows: [] });
  });

  it('sends no rollback after a statement that carried the commit failed', async () => {
    const { thread, sentSql, find } = fakeThread();
    const db = new Kysely<Database>({ dialect: new PgliteThreadDialect(thread) });
    const said = { query: CompiledQuery.raw("select 'bad'"), read: () => undefined };
    const failing = db.transaction().execute((trx) => sendTogether(trx, [said], { commit: true }));
    await settle();
    find("select 'bad'").fail(new Error('division by zero'));
    await expect(failing).rejects.toThrow('division by zero');
    // The thread ended the transaction with the commit it carried (a rollback, as it failed).
    expect(sentSql()).toEqual(['begin', "select 'bad' + commit"]);
  });

  it('sends no statement that only takes row locks inside a transaction (lockRows)', async () => {
    const { thread, sentSql, find } = fakeThread();
    const db = new Kysely<Database>({ dialect: new PgliteThreadDialect(thread) });
    const lockCustomer = (on: Kysely<Database>) =>
      lockRows(on, on.selectFrom('customers').select('id').where('id', '=', 'c1').forUpdate());
    const transaction = db.transaction().execute(async (trx) => {
      await lockCustomer(trx);
      await sql`select 'in'`.execute(trx);
    });
    await settle();
    expect(sentSql()).toEqual(['begin', "select 'in'"]);
    find("select 'in'").answer();
    await settle();
    find('commit').answer();
    await transaction;
    // Outside a transaction it is sent like any other statement.
    const outside = lockCustomer(db);
    await settle();
    expect(sentSql().at(-1)).toMatch(/^select "id" from "customers" .* for update$/);
    find(sentSql().at(-1) ?? '').answer();
    await outside;
  });

  it('fails the transaction whose commit fails, and goes on with the next', async () => {
    const { thread, sentSql, find } = fakeThread();
    const db = new Kysely({ dialect: new PgliteThreadDialect(thread) });
    const transaction = db.transaction().execute((trx) => sql`select 'in'`.execute(trx));
    await settle();
    find("select 'in'").answer();
    await settle();
    find('commit').fail(new Error('could not write the commit'));
    await expect(transaction).rejects.toThrow('could not write the commit');
    // No rollback follows: it would reach whatever transaction was sent after the commit.
    expect(sentSql()).not.toContain('rollback');
    const next = sql`select 'next'`.execute(db);
    await settle();
    expect(sentSql().at(-1)).toBe("select 'next'");
    find("select 'next'").answer();
    await expect(next).resolves.toMatchObject({ rows: [] });
  });

  it('rolls back a transaction whose statement failed and lets the next one in', async () => {
    const { thread, sentSql, find } = fakeThread();
    const db = new Kysely({ dialect: new PgliteThreadDialect(thread) });
    const failing = db.transaction().execute((trx) => sql`select 'bad'`.execute(trx));
    const waiting = db.transaction().execute((trx) => sql`select 'good'`.execute(trx));
    await settle();
    expect(sentSql()).toEqual(['begin', "select 'bad'"]);
    find("select 'bad'").fail(new Error('syntax error'));
    await settle();
    expect(sentSql()).toEqual(['begin', "select 'bad'", 'rollback', 'begin', "select 'good'"]);
    find('rollback').answer();
    await expect(failing).rejects.toThrow('syntax error');
    find("select 'good'").answer();
    await settle();
    find('commit').answer();
    await expect(waiting).resolves.toMatchObject({ rows: [] });
  });

  it('keeps concurrent read-modify-write transactions on the real thread from losing updates', async () => {
    const thread = await startPgliteThread();
    const db = new Kysely<Counters>({
      dialect: new PgliteThreadDialect(thread),
    });
    try {
      await thread.exec('create table counters (id int primary key, value int not null)');
      await db.insertInto('counters').values({ id: 1, value: 0 }).execute();
      const increments = Array.from({ length: 20 }, () => incrementCounter(db, { lock: false }));
      await Promise.all([...increments, counterValue(db), counterValue(db)]);
      expect(await counterValue(db)).toBe(20);
    } finally {
      await db.destroy();
      await thread.close();
    }
  }, 60_000);
});
