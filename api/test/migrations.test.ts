import { appendFile, cp, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { connectDatabase } from '../src/db/connect-database';
import type { DatabaseConnection } from '../src/db/connect-database';
import { migrate, readMigrationFiles } from '../src/db/migrate';
import { appStartTimeoutMs, emptyPgliteDatabase } from './support/build-test-app';

const migrationsDir = path.resolve(__dirname, '../migrations');
const silentLog = { warn: () => undefined } as unknown as Parameters<typeof connectDatabase>[1];

async function tableNames(connection: DatabaseConnection): Promise<string[]> {
  const { rows } = await sql<{ tableName: string }>`
    select table_name from information_schema.tables
    where table_schema = current_schema() order by table_name`.execute(connection.db);
  return rows.map((row) => row.tableName);
}

describe('migrations', () => {
  let connection: DatabaseConnection;
  let dir: string;
  beforeEach(async () => {
    connection = await connectDatabase(emptyPgliteDatabase(), silentLog);
    dir = await mkdtemp(path.join(os.tmpdir(), 'parley-migrations-'));
    await cp(migrationsDir, dir, { recursive: true });
  }, appStartTimeoutMs);
  afterEach(async () => {
    await connection.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('names every file NNNN_name.sql with unique versions', async () => {
    const files = await readMigrationFiles(migrationsDir);
    expect(files.length).toBe((await readdir(migrationsDir)).length);
    expect(files[0]).toMatchObject({ version: 1, name: 'marketing_requests' });
    expect(files[1]).toMatchObject({ version: 2, name: 'identity' });
  });

  it('applies every file once; a second run applies nothing', async () => {
    const versions = (await readMigrationFiles(dir)).map((file) => file.version);
    expect(await migrate(connection, dir)).toEqual(versions);
    expect(await tableNames(connection)).toEqual(
      expect.arrayContaining([
        'contact_requests',
        'demo_requests',
        'schema_migrations',
        'users',
        'refresh_tokens',
        'password_reset_codes',
        'auth_attempts',
        'workspaces',
        'workspace_users',
        'chatbots',
        'statistics',
      ]),
    );

    expect(await migrate(connection, dir)).toEqual([]);
    const recorded = await connection.db
      .selectFrom('schemaMigrations')
      .select(['version', 'name'])
      .orderBy('version')
      .execute();
    expect(recorded.map((row) => row.version)).toEqual(versions);
  });

  it('applies only the files added since the last run', async () => {
    await migrate(connection, dir);
    await writeFile(
      path.join(dir, '9999_add_notes.sql'),
      'alter table contact_requests add column notes text;\n',
    );
    expect(await migrate(connection, dir)).toEqual([9999]);
  });

  it('refuses to start when an applied file was changed', async () => {
    await migrate(connection, dir);
    await appendFile(path.join(dir, '0001_marketing_requests.sql'), '\n-- edited afterwards\n');
    await expect(migrate(connection, dir)).rejects.toThrow(
      /0001_marketing_requests\.sql.*checksum mismatch/,
    );
  });

  it('rolls a failing file back entirely and records nothing for it', async () => {
    const versions = (await readMigrationFiles(dir)).map((file) => file.version);
    await writeFile(
      path.join(dir, '9998_broken.sql'),
      'create table half_done (id int);\nselect * from no_such_table;\n',
    );
    await expect(migrate(connection, dir)).rejects.toThrow(/no_such_table/);
    expect(await tableNames(connection)).not.toContain('half_done');
    const recorded = await connection.db
      .selectFrom('schemaMigrations')
      .select('version')
      .orderBy('version')
      .execute();
    // The files before it were applied and stay; only the broken one is missing.
    expect(recorded.map((row) => row.version)).toEqual(versions);
  });

  it('serializes concurrent runs: each file is applied exactly once', async () => {
    const versions = (await readMigrationFiles(dir)).map((file) => file.version);
    const results = await Promise.all([migrate(connection, dir), migrate(connection, dir)]);
    expect(results.flat().sort((a, b) => a - b)).toEqual(versions);
  });

  it("keeps every workspace's counters when they move to shards (0018)", async () => {
    // The database as it was before 0018: the files from it on are put back afterwards.
    const later = (await readMigrationFiles(dir)).filter((file) => file.version >= 18);
    await Promise.all(later.map((file) => rm(path.join(dir, file.fileName))));
    await migrate(connection, dir);
    await sql`insert into workspaces (id, owned_by, name, url)
      values ('w1', 'u1', 'Shop', 'https://shop.example')`.execute(connection.db);
    await sql`insert into statistics (workspace_id, tickets_open, products_all, ratings_sum)
      values ('w1', 3, 5, 9)`.execute(connection.db);

    await Promise.all(later.map((file) => writeFile(path.join(dir, file.fileName), file.script)));
    expect(await migrate(connection, dir)).toEqual(later.map((file) => file.version));
    const { rows } = await sql<Record<string, unknown>>`
      select workspace_id, tickets_open, products_all, ratings_sum, conversations_all
      from statistics`.execute(connection.db);
    expect(rows).toEqual([
      { workspaceId: 'w1', ticketsOpen: 3, productsAll: 5, ratingsSum: 9, conversationsAll: 0 },
    ]);
  });

  it('gives the conversations it finds their report facts, read from their rows (0028)', async () => {
    const later = (await readMigrationFiles(dir)).filter((file) => file.version >= 28);
    await Promise.all(later.map((file) => rm(path.join(dir, file.fileName))));
    await migrate(connection, dir);
    const run = (statement: ReturnType<typeof sql>) => statement.execute(connection.db);
    await run(sql`insert into workspaces (id, owned_by, name, url)
      values ('w1', 'u1', 'Shop', 'https://shop.example')`);
    await run(sql`insert into chatbots (id, workspace_id, name) values ('b1', 'w1', 'Bot')`);
    await run(sql`insert into customers (id, workspace_id, visitor_token_hash)
      values ('cu1', 'w1', 'h1')`);
    const history = (...changes: [string, string, string][]) =>
      JSON.stringify(
        changes.map(([status, changedAt, reason]) => ({
          status,
          changedAt,
          reason,
          changedBy: null,
        })),
      );
    await run(sql`insert into conversations (id, workspace_id, chatbot_id, customer_id, status,
        status_history, created_at)
      values ('c1', 'w1', 'b1', 'cu1', 'resolved', ${history(
        ['open', '2026-03-01T10:00:00.000Z', 'created'],
        ['pending', '2026-03-01T10:00:05.000Z', 'not-confident'],
        ['resolved', '2026-03-01T10:30:00.000Z', 'resolved'],
      )}::jsonb, '2026-03-01T10:00:00Z'),
      ('c2', 'w1', 'b1', 'cu1', 'open', ${history(
        ['open', '2026-03-02T10:00:00.000Z', 'created'],
        ['resolved', '2026-03-02T10:10:00.000Z', 'resolved'],
        ['open', '2026-03-02T11:00:00.000Z', 'reopened'],
      )}::jsonb, '2026-03-02T10:00:00Z')`);
    await run(sql`insert into messages (id, conversation_id, workspace_id, role, sender_id,
        content, suggestion_choice, timestamp)
      values ('m1', 'c1', 'w1', 'user', 'cu1', 'Hi', null, '2026-03-01T10:00:00Z'),
        ('m2', 'c1', 'w1', 'bot', 'bot', 'Did you mean', 'pair-1', '2026-03-01T10:00:01Z'),
        ('m3', 'c1', 'w1', 'agent', 'u2', 'Hello', null, '2026-03-01T10:02:00Z'),
        ('m4', 'c1', 'w1', 'agent', 'u1', 'Hello', null, '2026-03-01T10:01:00Z'),
        ('m5', 'c2', 'w1', 'user', 'cu1', 'Hi', null, '2026-03-02T10:00:00Z')`);

    await Promise.all(later.map((file) => writeFile(path.join(dir, file.fileName), file.script)));
    expect(await migrate(connection, dir)).toEqual(later.map((file) => file.version));
    const { rows } = await sql<Record<string, unknown>>`
      select id, first_customer_at, first_agent_at, first_agent_id, resolved_at, handed_over,
        did_you_mean
      from conversations order by id`.execute(connection.db);
    expect(rows).toEqual([
      {
        id: 'c1',
        firstCustomerAt: new Date('2026-03-01T10:00:00Z'),
        firstAgentAt: new Date('2026-03-01T10:01:00Z'),
        firstAgentId: 'u1',
        resolvedAt: new Date('2026-03-01T10:30:00Z'),
        handedOver: true,
        didYouMean: true,
      },
      {
        id: 'c2',
        firstCustomerAt: new Date('2026-03-02T10:00:00Z'),
        firstAgentAt: null,
        firstAgentId: null,
        resolvedAt: null,
        handedOver: false,
        didYouMean: false,
      },
    ]);
  });
});
