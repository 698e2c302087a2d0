import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { compiledOnce } from '../src/db/compiled-once';
import { connectDatabase } from '../src/db/connect-database';
import type { DatabaseConnection } from '../src/db/connect-database';
import { testPgliteDatabase } from './support/build-test-app';

const silentLog = { warn: () => undefined } as unknown as Parameters<typeof connectDatabase>[1];

// A query compiled once must answer every call as the same query built afresh would, and must
// refuse a value that would shape the SQL (the SQL kept would be the first call's).
describe('compiled-once queries', () => {
  let connection: DatabaseConnection;

  beforeAll(async () => {
    connection = await connectDatabase(testPgliteDatabase(), silentLog);
    await sql`create table notes (id text primary key, owner_id text not null, note_status text not null)`.execute(
      connection.db,
    );
    await sql`insert into notes (id, owner_id, note_status) values ('n1', 'ann', 'active'), ('n2', 'ann', 'archived'), ('n3', 'bob', 'active')`.execute(
      connection.db,
    );
  }, 60_000);
  afterAll(() => connection.close());

  // The app's schema has no `notes`: the test reaches it through an untyped handle.
  type Notes = {
    notes: { id: string; ownerId: string; noteStatus: string };
  };
  const notesDb = (db: DatabaseConnection['db']) => db as unknown as Kysely<Notes>;

  it("answers each call with that call's values, constants kept, columns in camelCase", async () => {
    const activeNotesOf = compiledOnce((db, ownerId: string) =>
      notesDb(db)
        .selectFrom('notes')
        .select(['id', 'ownerId'])
        .where('ownerId', '=', ownerId)
        .where('noteStatus', '=', 'active')
        .orderBy('id'),
    );
    const ann = await activeNotesOf(connection.db, 'ann');
    expect(ann).toEqual([{ id: 'n1', ownerId: 'ann' }]);
    expect(await activeNotesOf(connection.db, 'bob')).toMatchObject([{ id: 'n3' }]);
    expect(await activeNotesOf(connection.db, 'nobody')).toEqual([]);
    const inTransaction = await connection.db
      .transaction()
      .execute((trx) => activeNotesOf(trx, 'ann'));
    expect(inTransaction).toMatchObject([{ id: 'n1' }]);
  });

  it('binds a null value as null, whatever the first call bound there', async () => {
    const noteOf = compiledOnce((db, id: string, fallback: string | null) =>
      notesDb(db)
        .selectFrom('notes')
        .where('id', '=', id)
        .select((eb) => [
          'id',
          eb.fn.coalesce(sql<string | null>`${fallback}::text`, 'ownerId').as('shown'),
        ]),
    );
    const shown = async (fallback: string | null) =>
      (await noteOf(connection.db, 'n1', fallback))[0]?.shown;
    expect(await shown('someone')).toBe('someone');
    expect(await shown(null)).toBe('ann');
  });

  it('takes more than ten values (value 1 is not mistaken for part of value 10)', async () => {
    const anyOf = compiledOnce((db, ...ids: string[]) =>
      notesDb(db).selectFrom('notes').select('id').where('id', 'in', ids).orderBy('id'),
    );
    const ids = ['n3', 'x1', 'x2', 'x3', 'x4', 'x5', 'x6', 'x7', 'x8', 'x9', 'n1'];
    expect(await anyOf(connection.db, ...ids)).toEqual([{ id: 'n1' }, { id: 'n3' }]);
  });

  it('fills a value used twice in both places', async () => {
    const eitherId = compiledOnce((db, id: string) =>
      notesDb(db)
        .selectFrom('notes')
        .select('id')
        .where((eb) => eb.or([eb('id', '=', id), eb('ownerId', '=', id)])),
    );
    expect(await eitherId(connection.db, 'n3')).toEqual([{ id: 'n3' }]);
    expect(await eitherId(connection.db, 'ann')).toHaveLength(2);
  });

  it('refuses a value that shapes the query instead of being bound', async () => {
    const column = compiledOnce((db, name: string) =>
      notesDb(db).selectFrom('notes').select(sql.ref(name).as('picked')),
    );
    await expect(column(connection.db, 'id')).rejects.toThrow('is not a bound value of its own');
    const pattern = compiledOnce((db, owner: string) =>
      notesDb(db).selectFrom('notes').select('id').where('ownerId', 'like', `${owner}%`),
    );
    await expect(pattern(connection.db, 'a')).rejects.toThrow('is not a bound value of its own');
    const unused = compiledOnce((db, _owner: string) =>
      notesDb(db).selectFrom('notes').select('id'),
    );
    await expect(unused(connection.db, 'a')).rejects.toThrow('is not a bound value of its own');
  });
});
