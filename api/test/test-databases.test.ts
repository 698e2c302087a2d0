import { sql } from 'kysely';
import { buildTestApp } from './support/build-test-app';
import type { TestApp } from './support/build-test-app';
import { signUp } from './fixtures/user';

async function tablesWithRows(app: TestApp): Promise<string[]> {
  const { rows: tables } = await sql<{ name: string }>`
    select tablename as name from pg_tables where schemaname = 'public' order by 1`.execute(app.db);
  const found = [];
  for (const { name } of tables) {
    const { rows } = await sql<{ any: boolean }>`
      select exists (select from ${sql.table(name)}) as any`.execute(app.db);
    if (rows[0]!.any) found.push(name);
  }
  return found;
}

/** An app for `use`, closed after it whatever happens (an open app's database keeps jest alive). */
async function withApp<T>(use: (app: TestApp) => Promise<T>): Promise<T> {
  const app = await buildTestApp();
  try {
    return await use(app);
  } finally {
    await app.close();
  }
}

const startedAt = async (app: TestApp) =>
  (await sql<{ at: Date }>`select pg_postmaster_start_time() as at`.execute(app.db)).rows[0]!.at;

// The test kit's apps share embedded databases (support/test-databases.ts): each app must still
// start on a database as the migrated template left it, whatever the app before it did.
describe('the API tests’ databases', () => {
  it('give the next app an emptied database, and close one whose schema a test changed', async () => {
    // As an earlier file with two apps at once leaves them: two databases kept.
    const earlier = await Promise.all([buildTestApp(), buildTestApp()]);
    await Promise.all(earlier.map((app) => app.close()));

    const firstStarted = await withApp(async (first) => {
      await signUp(first);
      expect(await tablesWithRows(first)).toEqual(
        expect.arrayContaining(['schema_migrations', 'users']),
      );
      await sql`set time zone 'Pacific/Auckland'`.execute(first.db);
      return startedAt(first);
    });

    await withApp(async (second) => {
      expect(await startedAt(second)).toEqual(firstStarted);
      expect(await tablesWithRows(second)).toEqual(['schema_migrations']);
      const { rows } = await sql<{
        zone: string;
      }>`select current_setting('TimeZone') as zone`.execute(second.db);
      expect(rows[0]!.zone).not.toBe('Pacific/Auckland');
      await sql`alter table users add column nickname text`.execute(second.db);
    });

    await withApp(async (third) => {
      expect(await startedAt(third)).not.toEqual(firstStarted);
      const columns = await sql`
        select 1 from information_schema.columns
        where table_name = 'users' and column_name = 'nickname'`.execute(third.db);
      expect(columns.rows).toEqual([]);
    });
  }, 60_000);
});
