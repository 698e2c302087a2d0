import { Kysely, PostgresDialect, sql } from 'kysely';
import { Pool } from 'pg';
import { preparedStatementsPool } from '../src/db/prepared-pool';
import { createPostgresDatabase, testPostgresUrl } from './support/test-database';

// Statements prepared once per connection on PostgreSQL (api/src/db/prepared-pool.ts).
if (!testPostgresUrl) {
  process.stderr.write(
    '\n[api] Prepared statements suite NOT RUN: TEST_DATABASE_URL is not set (e.g. postgres://postgres@127.0.0.1:5432/test).\n\n',
  );
}
const describePostgres = testPostgresUrl ? describe : describe.skip;

describePostgres('prepared statements on PostgreSQL', () => {
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
    pool = new Pool({ connectionString: url, max: 1 });
    db = new Kysely({ dialect: new PostgresDialect({ pool: preparedStatementsPool(pool) }) });
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
});
