import { Kysely, PostgresDialect, sql } from 'kysely';
import { Pool } from 'pg';
import { postgresPool } from '../src/db/postgres-pool';
import { counterValue, incrementCounter } from './support/counters';
import { createPostgresDatabase, testPostgresUrl } from './support/test-database';

// How Kysely talks to PostgreSQL (api/src/db/postgres-pool.ts): statements prepared once per
// connection, a transaction's opening sent with its first statement, the connection given back
// once the transaction's end is sent.
if (!testPostgresUrl) {
  process.stderr.write(
    '\n[api] PostgreSQL pool suite NOT RUN: TEST_DATABASE_URL is not set (e.g. postgres://postgres@127.0.0.1:5432/test).\n\n',
  );
}
const describePostgres = testPostgresUrl ? describe : describe.skip;

describePostgres('the PostgreSQL pool', () => {
  let drop = async () => {};
  let url: string;
  let pool: Pool;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  let db: Kysely<any>;

  beforeAll(async () => {
    const created = await createPostgresDatabase('parley_prepared');
    drop = created.drop;
    url = created.database.kind === 'postgres' ? created.database.url : '';
    // One connection, so every statement below runs on the one whose prepared statements we read.
    pool = new Pool({ connectionString: url, max: 1, pipeline: true });
    db = new Kysely({ dialect: new PostgresDialect({ pool: postgresPool(pool) }) });
    await sql`create table items (id int primary key, name text)`.execute(db);
  });

  afterAll(async () => {
    await db?.destroy();
    await drop();
  });

  const prepared = async () =>
    (
      await sql<{
        name: string;
        statement: string;
      }>`select name, statement from pg_prepared_statements order by name`.execute(db)
    ).rows;

  it('prepares a statement with parameters once, by name, and runs it with new values', async () => {
    await db.insertInto('items').values({ id: 1, name: 'kettle' }).execute();
    await db.insertInto('items').values({ id: 2, name: 'teapot' }).execute();
    const first = await db.selectFrom('items').select('name').where('id', '=', 1).execute();
    const second = await db.selectFrom('items').select('name').where('id', '=', 2).execute();
    expect(first).toEqual([{ name: 'kettle' }]);
    expect(second).toEqual([{ name: 'teapot' }]);
    const statements = await prepared();
    expect(statements.filter((row) => row.statement.startsWith('insert'))).toHaveLength(1);
    expect(statements.filter((row) => row.statement.startsWith('select "name"'))).toHaveLength(1);
    expect(statements.every((row) => row.name.startsWith('parley_'))).toBe(true);
  });

  it('runs a script of several statements without parameters as it is', async () => {
    await sql
      .raw("insert into items values (3, 'cup'); insert into items values (4, 'saucer')")
      .execute(db);
    const count = await db
      .selectFrom('items')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('id', '>', 0)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(4);
  });

  it('prepares afresh a statement whose columns another instance changed', async () => {
    const read = () => db.selectFrom('items').selectAll().where('id', '=', 1).execute();
    expect(await read()).toEqual([{ id: 1, name: 'kettle' }]);
    const other = new Pool({ connectionString: url, max: 1 });
    await other.query('alter table items add column price int');
    await other.end();
    await expect(read()).rejects.toMatchObject({ code: '0A000' });
    expect(await read()).toEqual([{ id: 1, name: 'kettle', price: null }]);
  });

  it('answers every statement once the named ones reach their limit', async () => {
    for (let index = 0; index < 1_050; index += 1) {
      const row = await sql<{ n: number }>`select ${index}::int + ${index % 7}::int as ${sql.ref(
        `n${index}`,
      )}`.execute(db);
      expect(Object.values(row.rows[0] ?? {})).toEqual([index + (index % 7)]);
    }
    // The last ones ran unnamed: nothing more was kept on the connection.
    const statements = await prepared();
    expect(statements.length).toBeLessThan(1_050);
    expect(statements.some((row) => row.statement.includes('"n1049"'))).toBe(false);
    expect(statements.some((row) => row.statement.includes('"n10"'))).toBe(true);
  });

  describe('transactions', () => {
    /** The pool's connection, with what was sent on it and when it went back to the pool. */
    function watched() {
      const events: string[] = [];
      const watchedPool = new Pool({ connectionString: url, max: 1, pipeline: true });
      const connect = watchedPool.connect.bind(watchedPool);
      watchedPool.connect = (async () => {
        const client = await connect();
        const { query, release } = client;
        client.query = ((text: string, values?: unknown[]) => {
          const sent = typeof text === 'string' ? text : (text as { text: string }).text;
          events.push(`sent ${sent.split(' ')[0]}`);
          const answer = (query as (...args: unknown[]) => Promise<unknown>).call(
            client,
            text,
            values,
          );
          void answer.then(
            () => events.push(`answered ${sent.split(' ')[0]}`),
            () => events.push(`failed ${sent.split(' ')[0]}`),
          );
          return answer;
        }) as typeof client.query;
        client.release = ((err?: Error) => {
          events.push('released');
          client.query = query;
          client.release = release;
          release.call(client, err);
        }) as typeof client.release;
        return client;
      }) as typeof watchedPool.connect;
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      const watchedDb = new Kysely<any>({
        dialect: new PostgresDialect({ pool: postgresPool(watchedPool) }),
      });
      return { events, db: watchedDb };
    }

    beforeAll(async () => {
      await sql`create table counters (id int primary key, value int not null)`.execute(db);
      await sql`insert into counters values (1, 0)`.execute(db);
      // Checked at commit: a transaction can fail there, after all its statements succeeded.
      await sql`create table codes (code text, constraint codes_unique unique (code) deferrable initially deferred)`.execute(
        db,
      );
    });

    it('sends the opening with the first statement and gives the connection back once the commit is sent', async () => {
      const { events, db: watchedDb } = watched();
      try {
        await watchedDb.transaction().execute(async (trx) => {
          expect(events).toEqual([]);
          await trx.insertInto('codes').values({ code: 'a' }).execute();
          expect(events.slice(0, 2)).toEqual(['sent begin', 'sent insert']);
          await trx.insertInto('codes').values({ code: 'b' }).execute();
        });
        const commit = events.indexOf('sent commit');
        expect(commit).toBeGreaterThan(0);
        expect(events.indexOf('released')).toBe(commit + 1);
        expect(events.indexOf('answered commit')).toBeGreaterThan(commit + 1);
        // A transaction with no statement sends nothing.
        events.length = 0;
        await watchedDb.transaction().execute(async () => undefined);
        expect(events).toEqual(['released']);
      } finally {
        await watchedDb.destroy();
      }
      const codes = await db.selectFrom('codes').select('code').orderBy('code').execute();
      expect(codes).toEqual([{ code: 'a' }, { code: 'b' }]);
    });

    it('rolls back the first statement with the rest: it ran inside the transaction', async () => {
      await expect(
        db.transaction().execute(async (trx) => {
          await trx.insertInto('codes').values({ code: 'c' }).execute();
          throw new Error('changed my mind');
        }),
      ).rejects.toThrow('changed my mind');
      const codes = await db.selectFrom('codes').select('code').where('code', '=', 'c').execute();
      expect(codes).toEqual([]);
    });

    it('fails a transaction whose commit fails, and the one queued behind it still runs', async () => {
      const failing = db.transaction().execute(async (trx) => {
        await trx.insertInto('codes').values({ code: 'd' }).execute();
        await trx.insertInto('codes').values({ code: 'd' }).execute();
      });
      const next = db.transaction().execute(async (trx) => {
        await trx.insertInto('codes').values({ code: 'e' }).execute();
      });
      await expect(failing).rejects.toMatchObject({ code: '23505' });
      await next;
      const codes = await db
        .selectFrom('codes')
        .select('code')
        .where('code', 'in', ['d', 'e'])
        .execute();
      expect(codes).toEqual([{ code: 'e' }]);
    });

    it('loses no update when transactions that read and write the same row queue on a connection', async () => {
      await Promise.all(Array.from({ length: 20 }, () => incrementCounter(db, { lock: true })));
      expect(await counterValue(db)).toBe(20);
    });
  });
});
