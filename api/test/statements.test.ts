import { CompiledQuery, sql } from 'kysely';
import { sendTogether } from '../src/db/statements';
import type { Statement } from '../src/db/statements';
import { writeTransaction } from '../src/live/write-transaction';
import {
  appStartTimeoutMs,
  backendDatabase,
  buildTestApp,
  testBackends,
} from './support/build-test-app';
import type { TestApp } from './support/build-test-app';
import { signUp } from './fixtures/user';

const statement = <T>(text: string, read: (rows: unknown[]) => T): Statement<T> => ({
  query: CompiledQuery.raw(text),
  read,
});
const setting = (rows: unknown[]) => (rows[0] as { settingNow: string }).settingNow;

// Statements of a transaction sent one right behind another (the connection runs them in order)
// must behave as if each had waited for the one before.
describe.each(testBackends)('statements sent together ($backend)', (backend) => {
  let app: TestApp;
  let dropDatabase = async () => {};
  beforeAll(async () => {
    const { database, drop } = await backendDatabase(backend, 'parley_statements');
    dropDatabase = drop;
    app = await buildTestApp({ database });
  }, appStartTimeoutMs);
  afterAll(async () => {
    await app?.close();
    await dropDatabase();
  });

  it('run in order, each seeing what the ones before it did, their rows read as the app names them', async () => {
    const answers = await writeTransaction(app.db, (trx) =>
      sendTogether(trx, [
        statement("select set_config('parley.probe', 'first', true)", () => 'set'),
        statement("select current_setting('parley.probe') as setting_now", setting),
        statement("select set_config('parley.probe', 'second', true)", () => 'set'),
        statement("select current_setting('parley.probe') as setting_now", setting),
      ]),
    );
    expect(answers).toEqual(['set', 'first', 'set', 'second']);
  });

  it('throw the first failure once all have answered, and the transaction rolls back whole', async () => {
    const owner = (await signUp(app)).auth.user.id;
    const { rows: before } = await sql<{ count: number }>`
      select count(*)::int as count from workspaces`.execute(app.db);
    const failed = writeTransaction(app.db, (trx) =>
      sendTogether(trx, [
        statement(
          `insert into workspaces (id, owned_by, name, url)
            values ('never-kept', '${owner}', 'Never kept', 'https://example.org')`,
          () => undefined,
        ),
        statement('select 1 / 0', () => undefined),
        statement('select 1 as one', (rows) => rows),
      ]),
    );
    await expect(failed).rejects.toThrow(/division by zero/);
    const { rows: after } = await sql<{ count: number }>`
      select count(*)::int as count from workspaces`.execute(app.db);
    expect(after[0]!.count).toBe(before[0]!.count);
    // The connection serves the next transaction as usual.
    const [one] = await writeTransaction(app.db, (trx) =>
      sendTogether(trx, [statement('select 1 as one', (rows) => rows)]),
    );
    expect(one).toEqual([{ one: 1 }]);
  });

  // `commit`: PGlite's dialect commits with the last statement, in the same trip (pglite-dialect.ts).
  it('commit with the last: what they wrote is kept and the last one answers its own rows', async () => {
    const owner = (await signUp(app)).auth.user.id;
    const [, inserted] = await writeTransaction(app.db, (trx) =>
      sendTogether(
        trx,
        [
          statement("select set_config('parley.probe', 'kept', true)", () => 'set'),
          statement(
            `insert into workspaces (id, owned_by, name, url)
              values ('kept-' || current_setting('parley.probe'), '${owner}', 'Kept', 'https://example.org')
              returning id`,
            (rows) => rows,
          ),
        ],
        { commit: true },
      ),
    );
    expect(inserted).toEqual([{ id: 'kept-kept' }]);
    // Committed, not left open: a transaction rolled back after it takes nothing of it away.
    await expect(
      writeTransaction(app.db, (trx) => sendTogether(trx, [statement('select 1 / 0', () => 0)])),
    ).rejects.toThrow(/division by zero/);
    const { rows } = await sql<{ name: string }>`
      select name from workspaces where id = 'kept-kept'`.execute(app.db);
    expect(rows).toEqual([{ name: 'Kept' }]);
  });

  it('commit with the last: a failure rolls the transaction back whole, and the next one runs', async () => {
    const owner = (await signUp(app)).auth.user.id;
    const insertThen = (last: string) =>
      writeTransaction(app.db, (trx) =>
        sendTogether(
          trx,
          [
            statement(
              `insert into workspaces (id, owned_by, name, url)
                values ('never-committed', '${owner}', 'Never kept', 'https://example.org')`,
              () => undefined,
            ),
            statement(last, () => undefined),
          ],
          { commit: true },
        ),
      );
    await expect(insertThen('select 1 / 0')).rejects.toThrow(/division by zero/);
    // So does one whose last statement cannot even be prepared (it never runs).
    await expect(insertThen('select from nowhere at all')).rejects.toThrow(/syntax error/);
    const { rows } = await sql<{ count: number }>`
      select count(*)::int as count from workspaces where id = 'never-committed'`.execute(app.db);
    expect(rows[0]!.count).toBe(0);
    // No transaction was left open on the connection: this one commits on its own.
    await writeTransaction(app.db, (trx) =>
      sendTogether(trx, [
        statement(
          `insert into workspaces (id, owned_by, name, url)
            values ('after-the-failure', '${owner}', 'Kept after', 'https://example.org')`,
          () => undefined,
        ),
      ]),
    );
    const { rows: after } = await sql<{ count: number }>`
      select count(*)::int as count from workspaces where id = 'after-the-failure'`.execute(app.db);
    expect(after[0]!.count).toBe(1);
  });
});
