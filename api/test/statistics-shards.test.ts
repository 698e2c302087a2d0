import { CamelCasePlugin, Kysely, PostgresDialect, sql } from 'kysely';
import { Pool } from 'pg';
import type { Database } from '../src/db/schema';
import {
  adjustProductCounts,
  adjustTicketCounts,
  findStatistics,
  lockStatistics,
  recountProducts,
} from '../src/repositories/statistics';
import { checkStatistics } from '../src/services/statistics-check';
import { writeTransaction } from '../src/live/write-transaction';
import { signUp } from './fixtures/user';
import { createWorkspace } from './fixtures/workspace';
import {
  appStartTimeoutMs,
  backendDatabase,
  buildTestApp,
  testBackends,
} from './support/build-test-app';
import type { TestApp } from './support/build-test-app';
import { changeShardZero } from './support/statistics-shards';

// A workspace's counters are spread over shards, one per database connection, summed by the
// `statistics` view (migration 0018).

async function connectionShard(db: Kysely<Database>): Promise<number> {
  const { rows } = await sql<{ shard: number }>`select pg_backend_pid() % 16 as shard`.execute(db);
  return (rows[0] as { shard: number }).shard;
}
describe.each(testBackends)('statistics shards ($backend)', (backend) => {
  let app: TestApp;
  let url = '';
  let dropDatabase = async () => {};
  beforeAll(async () => {
    const { database, drop } = await backendDatabase(backend, 'parley_shards');
    dropDatabase = drop;
    url = database.kind === 'postgres' ? database.url : '';
    app = await buildTestApp({ database });
  }, appStartTimeoutMs);
  afterAll(async () => {
    await app.close();
    await dropDatabase();
  });

  async function newWorkspace(): Promise<string> {
    const { auth } = await signUp(app);
    return (await createWorkspace(app, auth)).workspaceId;
  }

  const shardFigures = (workspaceId: string) =>
    app.db
      .selectFrom('statisticsShards')
      .select(['shard', 'ticketsOpen', 'productsAll', 'productsActive'])
      .where('workspaceId', '=', workspaceId)
      .orderBy('shard')
      .execute();

  it('adds to the shard of the connection, and reads the sum of the shards', async () => {
    const workspaceId = await newWorkspace();
    const now = new Date();
    const shard = await writeTransaction(app.db, async (trx) => {
      await adjustTicketCounts(trx, workspaceId, { open: 2, closed: 0 }, now);
      await adjustTicketCounts(trx, workspaceId, { open: 1, closed: 0 }, now);
      return connectionShard(trx);
    });
    // Made with the workspace: shard 0, even when no connection writes to it.
    await changeShardZero(app.db, workspaceId, { ticketsOpen: sql`tickets_open + 4` });

    const shards = await shardFigures(workspaceId);
    const written = shards.find((row) => row.shard === shard);
    expect(written?.ticketsOpen).toBe(shard === 0 ? 7 : 3);
    expect(shards.length).toBe(shard === 0 ? 1 : 2);
    expect((await findStatistics(app.db, workspaceId))?.tickets.open).toBe(7);
  });

  it('recounts products into shard 0 and zeroes the other shards', async () => {
    const workspaceId = await newWorkspace();
    const now = new Date();
    // Counts with no product rows behind them, on shard 0 and on the connection's shard.
    await changeShardZero(app.db, workspaceId, { productsAll: 5, productsActive: 5 });
    await writeTransaction(app.db, (trx) =>
      adjustProductCounts(trx, workspaceId, { active: 2, disabled: 0, processing: 0 }, now),
    );
    expect((await findStatistics(app.db, workspaceId))?.products.active).toBe(7);

    await writeTransaction(app.db, async (trx) => {
      await lockStatistics(trx, workspaceId);
      await recountProducts(trx, workspaceId, now);
    });
    expect((await findStatistics(app.db, workspaceId))?.products).toEqual({
      all: 0,
      active: 0,
      disabled: 0,
      processing: 0,
    });
    for (const row of await shardFigures(workspaceId)) {
      expect([row.productsAll, row.productsActive]).toEqual([0, 0]);
    }
    const differences = (await checkStatistics(app.db)).differences;
    expect(differences.filter((difference) => difference.workspaceId === workspaceId)).toEqual([]);
  });

  // PostgreSQL only: PGlite is one connection.
  if (backend.postgres) {
    it('lets writes of one workspace on two connections commit without waiting for each other', async () => {
      const workspaceId = await newWorkspace();
      const now = new Date();
      // One connection each, on two different shards.
      const connections: Kysely<Database>[] = [];
      const shards = new Set<number>();
      try {
        while (connections.length < 2) {
          const db = new Kysely<Database>({
            dialect: new PostgresDialect({ pool: new Pool({ connectionString: url, max: 1 }) }),
            plugins: [new CamelCasePlugin()],
          });
          const shard = await connectionShard(db);
          if (shards.has(shard)) {
            await db.destroy();
            continue;
          }
          shards.add(shard);
          connections.push(db);
        }
        const [first, second] = connections as [Kysely<Database>, Kysely<Database>];

        await writeTransaction(first, async (trx) => {
          await adjustTicketCounts(trx, workspaceId, { open: 1, closed: 0 }, now);
          // On one row for the workspace, this would wait for the transaction above: it fails
          // after a second instead of waiting for ever.
          await writeTransaction(second, async (other) => {
            await sql`set local lock_timeout = '1s'`.execute(other);
            await adjustTicketCounts(other, workspaceId, { open: 1, closed: 0 }, now);
          });
        });
      } finally {
        await Promise.all(connections.map((db) => db.destroy()));
      }
      expect((await findStatistics(app.db, workspaceId))?.tickets.open).toBe(2);
    });
  }
});
