import { sql } from 'kysely';
import { analyzeGrownTables } from '../src/db/embedded-maintenance';
import { appStartTimeoutMs, buildTestApp } from './support/build-test-app';
import type { TestApp } from './support/build-test-app';

// PGlite runs no autovacuum: the app analyzes what has grown, as autovacuum would, so that the
// planner's statistics and the plans it keeps follow the tables.
describe('the embedded database’s upkeep', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp();
  }, appStartTimeoutMs);
  afterAll(() => app.close());

  const rowsCounted = async () => {
    const { rows } = await sql<{ reltuples: number }>`
      select reltuples from pg_class where relname = 'upkeep_probe'`.execute(app.db);
    return Number(rows[0]!.reltuples);
  };

  it('analyzes a table once it has grown since its statistics, and then leaves it be', async () => {
    await sql`create table upkeep_probe (id integer primary key, note text)`.execute(app.db);
    await sql`insert into upkeep_probe values (1, 'first')`.execute(app.db);
    await sql`analyze upkeep_probe`.execute(app.db);
    expect(await analyzeGrownTables(app.db)).not.toContain('upkeep_probe');

    await sql`insert into upkeep_probe
      select n, repeat('x', 200) from generate_series(2, 3000) as n`.execute(app.db);
    expect(await rowsCounted()).toBe(1);
    expect(await analyzeGrownTables(app.db)).toContain('upkeep_probe');
    expect(await rowsCounted()).toBe(3000);
    expect(await analyzeGrownTables(app.db)).not.toContain('upkeep_probe');
    await sql`drop table upkeep_probe`.execute(app.db);
  });
});
