import { pgliteThreadOver, startPgliteThread } from '../src/db/pglite-thread';
import type { ReleasablePgliteThread } from '../src/db/pglite-thread';

// The embedded database's thread sends each statement as one wire-protocol message: values and
// results must convert exactly as PGlite's query() converts them, errors keep PostgreSQL's
// fields, and statements sent together must not interleave.
describe('PGlite thread', () => {
  let thread: ReleasablePgliteThread;

  beforeAll(async () => {
    thread = await startPgliteThread();
    await thread.exec(
      `create table items (
         id bigserial primary key,
         name text not null unique,
         tags text[] not null default '{}',
         data jsonb,
         seen_at timestamptz,
         done boolean not null default false,
         price numeric
       );`,
    );
  }, 60_000);
  afterAll(() => thread.close());

  it('serializes values by the parameter types and parses results by column type', async () => {
    const seenAt = new Date('2026-03-04T05:06:07.089Z');
    const inserted = await thread.query<Record<string, unknown>>(
      `insert into items (name, tags, data, seen_at, done, price)
       values ($1, $2, $3, $4, $5, $6) returning *`,
      ['first', ['a', 'b,c'], { nested: { list: [1, 2] }, text: 'ü' }, seenAt, true, 12.5],
    );
    expect(inserted.affectedRows).toBe(1);
    expect(inserted.fields.map((field) => field.name)).toEqual([
      'id',
      'name',
      'tags',
      'data',
      'seen_at',
      'done',
      'price',
    ]);
    expect(inserted.rows).toEqual([
      {
        id: 1,
        name: 'first',
        tags: ['a', 'b,c'],
        data: { nested: { list: [1, 2] }, text: 'ü' },
        seen_at: seenAt,
        done: true,
        price: '12.5',
      },
    ]);
  });

  it('passes null and counts the rows an update touched', async () => {
    await thread.query('insert into items (name, data) values ($1, $2)', ['second', null]);
    const updated = await thread.query('update items set done = $1 where done = $2', [true, false]);
    expect(updated).toMatchObject({ affectedRows: 1, rows: [] });
    const { rows } = await thread.query('select name, data from items where data is null');
    expect(rows).toEqual([{ name: 'second', data: null }]);
  });

  it('keeps the error fields PostgreSQL reports', async () => {
    await expect(
      thread.query('insert into items (name) values ($1)', ['first']),
    ).rejects.toMatchObject({
      code: '23505',
      constraint: 'items_name_key',
      message: expect.stringContaining('duplicate key'),
    });
    await expect(thread.query('select nothing from items', [])).rejects.toMatchObject({
      code: '42703',
    });
  });

  it('opens a transaction with its first statement and rolls it back', async () => {
    await thread.query('begin');
    await thread.query('insert into items (name) values ($1)', ['rolled back']);
    await thread.query('rollback');
    await thread.query('begin');
    await thread.query('insert into items (name) values ($1)', ['kept']);
    await thread.query('commit');
    const { rows } = await thread.query<{ name: string }>(
      'select name from items where name = any($1) order by name',
      [['kept', 'rolled back']],
    );
    expect(rows).toEqual([{ name: 'kept' }]);
  });

  it('fails a transaction whose statement cannot be prepared, as PostgreSQL would', async () => {
    await thread.query('begin');
    await expect(thread.query('select missing_column from items', [])).rejects.toMatchObject({
      code: '42703',
    });
    await expect(thread.query('select 1', [])).rejects.toMatchObject({ code: '25P02' });
    await thread.query('rollback');
    await expect(thread.query('select 1 as one', [])).resolves.toMatchObject({
      rows: [{ one: 1 }],
    });
  });

  it('sees a changed schema in a statement it has prepared before', async () => {
    const before = await thread.query('select * from items limit 1');
    await thread.exec('alter table items add column extra text');
    const after = await thread.query('select * from items limit 1');
    expect(after.fields.length).toBe(before.fields.length + 1);
    expect(after.rows[0]).toHaveProperty('extra', null);
  });

  it('keeps answering after more distinct statements than it keeps prepared', async () => {
    const count = async (limit: number) =>
      (await thread.query(`select id from items order by id limit ${limit}`)).rows.length;
    const first = await count(1);
    for (let limit = 2; limit <= 1_010; limit += 1) await count(limit);
    expect(await count(1)).toBe(first);
    expect(await count(1_010)).toBeGreaterThan(first);
  });

  it('answers statements sent at once in order, each with its own result', async () => {
    const names = Array.from({ length: 40 }, (_, index) => `bulk ${index}`);
    const results = await Promise.all(
      names.map((name, index) =>
        index % 2
          ? thread.query<{ name: string }>('insert into items (name) values ($1) returning name', [
              name,
            ])
          : thread.query<{ name: string }>(
              'insert into items (name, tags) values ($1, $2) returning name',
              [name, [name]],
            ),
      ),
    );
    expect(results.map((result) => result.rows[0]?.name)).toEqual(names);
  });

  it('hands its worker on with the database open, and answers no more calls itself', async () => {
    const pendingCall = thread.query('select count(*)::int as count from items');
    expect(() => thread.release()).toThrow('in use');
    const { rows } = await pendingCall;

    const worker = thread.release();
    await expect(thread.query('select 1')).rejects.toThrow('handed on');
    expect(() => thread.release()).toThrow('handed on');
    thread = await pgliteThreadOver(worker);
    expect((await thread.query('select count(*)::int as count from items')).rows).toEqual(rows);
  });
});
