import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { main as checkStatisticsCommand } from '../src/cli/check-statistics';
import { checkStatistics } from '../src/services/statistics-check';
import { buildInternalTicket, createTicket, deleteTicket, updateTicket } from './fixtures/ticket';
import { signUp } from './fixtures/user';
import { createWorkspace } from './fixtures/workspace';
import { appStartTimeoutMs, buildTestApp, testPgliteDatabase } from './support/build-test-app';
import type { TestApp } from './support/build-test-app';
import { changeShardZero } from './support/statistics-shards';

/** Tickets of every kind of write in a new workspace; returns the workspace. */
async function workspaceWithTicketWrites(app: TestApp): Promise<string> {
  const { auth } = await signUp(app);
  const { workspaceId } = await createWorkspace(app, auth);
  const tickets = await Promise.all(
    Array.from({ length: 4 }, () => createTicket(app, buildInternalTicket(workspaceId))),
  );
  await updateTicket(app, workspaceId, tickets[0]!.id, { status: 'closed' });
  await updateTicket(app, workspaceId, tickets[1]!.id, { status: 'closed' });
  await updateTicket(app, workspaceId, tickets[1]!.id, { status: 'open' });
  await deleteTicket(app, workspaceId, tickets[2]!.id);
  await createTicket(app, {
    type: 'external',
    workspaceId,
    assigneeId: null,
    conversationId: null,
  });
  return workspaceId;
}

describe('statistics check', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp();
  }, appStartTimeoutMs);
  afterAll(() => app.close());

  it('finds no difference after ticket writes, and each tampered counter after', async () => {
    const workspaceId = await workspaceWithTicketWrites(app);
    const clean = await checkStatistics(app.db);
    expect(clean.differences).toEqual([]);
    expect(clean.checked).toEqual(['tickets', 'products', 'conversations', 'ai_training_qnas']);
    expect(clean.skipped).toEqual([]);
    expect(clean.workspaces).toBeGreaterThan(0);

    const stored = await app.db
      .selectFrom('statistics')
      .select(['ticketsOpen', 'ticketsClosed'])
      .where('workspaceId', '=', workspaceId)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ ticketsOpen: 3, ticketsClosed: 1 });

    // The counters are spread over shards (migration 0018): shard 0 always exists.
    await changeShardZero(app.db, workspaceId, { ticketsOpen: sql`tickets_open + 4` });
    expect((await checkStatistics(app.db)).differences).toEqual([
      { workspaceId, counter: 'tickets.open', stored: 7, counted: 3 },
    ]);
    // The ratings' sum is recounted from the conversations' ratings, as their number is.
    await changeShardZero(app.db, workspaceId, {
      ticketsOpen: sql`tickets_open - 4`,
      ratingsSum: sql`ratings_sum + 4`,
    });
    expect((await checkStatistics(app.db)).differences).toEqual([
      { workspaceId, counter: 'ratings.sum', stored: 4, counted: 0 },
    ]);

    await app.db.deleteFrom('statisticsShards').where('workspaceId', '=', workspaceId).execute();
    // A missing row differs in every counter of the tables checked.
    const missing = (await checkStatistics(app.db)).differences;
    expect(missing.map((difference) => difference.counter)).toEqual([
      'aiTrainingQnas.count',
      'conversations.all',
      'conversations.botAnswered',
      'conversations.pending',
      'conversations.resolved',
      'products.active',
      'products.all',
      'products.disabled',
      'products.processing',
      'ratings.count',
      'ratings.sum',
      'tickets.closed',
      'tickets.open',
    ]);
    expect(missing).toContainEqual({
      workspaceId,
      counter: 'tickets.open',
      stored: null,
      counted: 3,
    });
    expect(missing.every((difference) => difference.stored === null)).toBe(true);
  });
});

describe('npm run check:statistics (the command, on an embedded database on disk)', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'parley-check-'));
  const env = { DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  async function withApp(run: (app: TestApp) => Promise<void>) {
    const app = await buildTestApp({
      dataDir,
      database: { ...testPgliteDatabase(), dataDir: path.join(dataDir, 'pglite') },
    });
    try {
      await run(app);
    } finally {
      await app.close();
    }
  }

  async function runCommand() {
    const lines: string[] = [];
    const code = await checkStatisticsCommand(env, '/', (line) => lines.push(line));
    return { code, output: lines.join('\n') };
  }

  it(
    'refuses to open the folder while the server holds it, naming the server',
    async () => {
      await withApp(async () => {
        // The check would read pages the server is writing: it must not open them at all.
        await expect(runCommand()).rejects.toThrow(
          new RegExp(`in use by process ${process.pid} \\(`),
        );
      });
      // Once the server is stopped, the command runs.
      expect((await runCommand()).code).toBe(0);
    },
    appStartTimeoutMs,
  );

  it(
    'exits 0 after writes, and 1 naming the counter after the row is tampered with',
    async () => {
      let workspaceId = '';
      await withApp(async (app) => {
        workspaceId = await workspaceWithTicketWrites(app);
      });
      const clean = await runCommand();
      expect(clean.output).toMatch(
        /Checked 1 workspace\(s\): tickets, products, conversations, ai_training_qnas counted/,
      );
      expect(clean.output).toMatch(/Statistics match the rows\./);
      expect(clean.code).toBe(0);

      await withApp(async (app) => {
        await app.db
          .updateTable('statisticsShards')
          .set({ ticketsClosed: 0 })
          .where('workspaceId', '=', workspaceId)
          .execute();
      });
      const tampered = await runCommand();
      expect(tampered.output).toContain(`workspace ${workspaceId}: tickets.closed is 0, counted 1`);
      expect(tampered.output).toMatch(/1 difference\(s\)\./);
      expect(tampered.code).toBe(1);
    },
    appStartTimeoutMs * 2,
  );
});
