import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { Client } from 'pg';
import {
  authResponseSchema,
  submissionReceiptSchema,
  workspaceUserSchema,
} from 'shared-sdk/schemas';
import { buildContactRequest } from './fixtures/contact-request';
import { bearer, buildSignupRequest } from './fixtures/user';
import { appStartTimeoutMs, buildTestApp } from './support/build-test-app';
import type { TestApp } from './support/build-test-app';
import { connectDatabase } from '../src/db/connect-database';
import { migrate, readMigrationFiles } from '../src/db/migrate';
import { JobRunner } from '../src/jobs/job-runner';
import type { JobHandler } from '../src/jobs/job-runner';
import { enqueueJob } from '../src/jobs/job-store';
import { writeTransaction } from '../src/live/write-transaction';
import { parseAllowHosts } from '../src/outbound/address-check';
import { checkStatistics } from '../src/services/statistics-check';
import { startConversation } from './fixtures/conversation';
import { visitorBearer } from './fixtures/customer';
import { seedTeams } from './fixtures/teams';
import { eventually } from './support/eventually';
import { WebhookReceiver } from './support/webhook-receiver';

// The same migrations and queries against a real PostgreSQL server, in a database created for
// this run and dropped after it. Set TEST_DATABASE_URL (any database the user may CREATE
// DATABASE from), e.g. postgres://postgres@127.0.0.1:5432/test.
const adminUrl = process.env.TEST_DATABASE_URL;
if (!adminUrl) {
  process.stderr.write(
    '\n[api] PostgreSQL suite NOT RUN: TEST_DATABASE_URL is not set (e.g. postgres://postgres@127.0.0.1:5432/test).\n\n',
  );
}
const describePostgres = adminUrl ? describe : describe.skip;

async function withAdmin(run: (client: Client) => Promise<unknown>) {
  const client = new Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await run(client);
  } finally {
    await client.end();
  }
}

describePostgres('PostgreSQL', () => {
  const databaseName = `parley_test_${randomUUID().replace(/-/g, '')}`;
  let databaseUrl: string;
  let apps: TestApp[] = [];

  beforeAll(async () => {
    const url = new URL(adminUrl ?? '');
    url.pathname = `/${databaseName}`;
    databaseUrl = url.toString();
    await withAdmin((client) => client.query(`create database ${databaseName}`));
    // Two instances starting at once on an empty database: the advisory lock must serialize them.
    const started = await Promise.allSettled([
      buildTestApp({ database: { kind: 'postgres', url: databaseUrl } }),
      buildTestApp({ database: { kind: 'postgres', url: databaseUrl } }),
    ]);
    // Keep whichever started, so afterAll closes it even when the other failed.
    apps = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
    for (const result of started) if (result.status === 'rejected') throw result.reason;
  }, appStartTimeoutMs);

  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    await withAdmin((client) =>
      client.query(`drop database if exists ${databaseName} with (force)`),
    );
  });

  it('applied every migration exactly once although two instances started together', async () => {
    const [app] = apps;
    const rows = await app!.db
      .selectFrom('schemaMigrations')
      .select('version')
      .orderBy('version')
      .execute();
    const files = await readMigrationFiles(path.resolve(__dirname, '../migrations'));
    expect(rows.map((row) => row.version)).toEqual(files.map((file) => file.version));
  });

  it('finds nothing left to apply on a further run', async () => {
    const connection = await connectDatabase({ kind: 'postgres', url: databaseUrl }, apps[0]!.log);
    try {
      expect(await migrate(connection, path.resolve(__dirname, '../migrations'))).toEqual([]);
    } finally {
      await connection.close();
    }
  });

  it('reports the database in /api/health', async () => {
    const response = await apps[0]!.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 'ok',
      database: { kind: 'postgres', ok: true, latencyMs: expect.any(Number) },
    });
  });

  it('stores a contact request, visible to the other instance', async () => {
    const request = buildContactRequest();
    const response = await apps[0]!.inject({
      method: 'POST',
      url: '/api/marketing/contact',
      payload: request,
    });
    expect(response.statusCode).toBe(201);
    const receipt = submissionReceiptSchema.parse(response.json());
    const row = await apps[1]!.db
      .selectFrom('contactRequests')
      .selectAll()
      .where('id', '=', receipt.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ name: request.name, email: request.email, topic: request.topic });
    expect(row.createdAt.toISOString()).toBe(receipt.createdAt);
  });

  it('signs up on one instance and signs in on the other (identity on PostgreSQL)', async () => {
    const signup = buildSignupRequest({ website: 'https://postgres-shop.example' });
    const created = await apps[0]!.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: signup,
    });
    expect(created.statusCode).toBe(201);

    const login = await apps[1]!.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: signup.email.toUpperCase(), password: signup.password },
    });
    expect(login.statusCode).toBe(200);
    const auth = authResponseSchema.parse(login.json());

    const workspaces = await apps[1]!.inject({
      method: 'GET',
      url: '/api/user/workspaces',
      headers: bearer(auth),
    });
    expect(workspaces.statusCode).toBe(200);
    const [link] = workspaceUserSchema.array().parse(workspaces.json());
    expect(link).toMatchObject({ role: 'admin', workspace: { name: 'Your workspace' } });

    // Refresh-token rotation takes a row lock (SELECT … FOR UPDATE) on PostgreSQL.
    const refreshed = await apps[0]!.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { refreshToken: auth.refreshToken },
    });
    expect(refreshed.statusCode).toBe(200);
  });

  it('runs each background job once when two instances claim from one queue (FOR UPDATE SKIP LOCKED)', async () => {
    const [first, second] = apps as [TestApp, TestApp];
    const { workspaceId } = (await seedTeams(first)).team;
    const runs = new Map<string, number>();
    const counting: JobHandler = {
      kind: 'postgres-shared',
      async run({ job }) {
        runs.set(job.id, (runs.get(job.id) ?? 0) + 1);
        await new Promise((resolve) => setTimeout(resolve, 5));
        return {};
      },
    };
    const jobs = await Promise.all(
      Array.from({ length: 30 }, () =>
        writeTransaction(first.db, (trx) =>
          enqueueJob(trx, { workspaceId, kind: 'postgres-shared', payload: {} }),
        ),
      ),
    );
    const logger = { info: () => undefined, error: () => undefined };
    const runners = [first, second].map(
      (app) =>
        new JobRunner({ db: app.db, handlers: [counting], logger, pollMs: 20, concurrency: 4 }),
    );
    runners.forEach((runner) => runner.start());
    try {
      const deadline = Date.now() + 20_000;
      for (;;) {
        const done = await second.db
          .selectFrom('jobs')
          .select('id')
          .where('kind', '=', 'postgres-shared')
          .where('status', '=', 'done')
          .execute();
        if (done.length === jobs.length) break;
        if (Date.now() > deadline) throw new Error(`only ${done.length} jobs done`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    } finally {
      await Promise.all(runners.map((runner) => runner.close()));
    }
    expect([...runs.values()]).toEqual(Array(jobs.length).fill(1));
  });

  it('writes a webhook delivery with its change, and retries it until the receiver takes it', async () => {
    const receiver = new WebhookReceiver();
    await receiver.start();
    // One instance sends, the one allowed to reach the receiver on loopback.
    await Promise.all(apps.map((app) => app.jobs.close()));
    const sender = await buildTestApp({
      database: { kind: 'postgres', url: databaseUrl },
      outbound: { allowHosts: parseAllowHosts(`127.0.0.1:${receiver.port}`) },
      webhooks: { retryBaseMs: 10 },
    });
    apps.push(sender);
    try {
      const { team } = await seedTeams(sender);
      const created = await sender.inject({
        method: 'POST',
        url: '/api/user/webhooks',
        headers: bearer(team.admin.auth),
        payload: {
          workspaceId: team.workspaceId,
          url: receiver.url('/pg'),
          events: ['ticket.created'],
        },
      });
      expect(created.statusCode).toBe(201);
      receiver.endpoint('/pg', created.json().secret, [500, 200]);
      const ticket = await sender.inject({
        method: 'POST',
        url: '/api/user/tickets',
        headers: bearer(team.admin.auth),
        payload: {
          type: 'internal',
          workspaceId: team.workspaceId,
          subject: 'Late parcel',
          recipientInfo: {},
          assigneeId: null,
        },
      });
      expect(ticket.statusCode).toBe(201);
      const delivery = await eventually(
        () =>
          sender.db
            .selectFrom('webhookDeliveries')
            .select(['status', 'attempts'])
            .where('webhookId', '=', created.json().id)
            .executeTakeFirst(),
        (found) => found?.status === 'delivered',
        'the delivery on PostgreSQL',
      );
      expect(delivery?.attempts.map((attempt) => attempt.responseStatus)).toEqual([500, 200]);
      expect(receiver.at('/pg').map((request) => request.verified.ok)).toEqual([true, true]);
    } finally {
      await receiver.close();
    }
  });

  it('keeps a shortcut unique and rates once when two instances race (inbox, issue 18)', async () => {
    const [a, b] = apps as [TestApp, TestApp];
    const { team } = await seedTeams(a);
    const { workspaceId } = team;
    const headers = bearer(team.admin.auth);
    const creates = await Promise.all(
      [a, b, a, b].map((app, i) =>
        app.inject({
          method: 'POST',
          url: '/api/user/canned-responses',
          headers,
          payload: { workspaceId, shortcut: 'shipping', content: `Reply ${i}` },
        }),
      ),
    );
    expect(creates.map((response) => response.statusCode).sort()).toEqual([201, 400, 400, 400]);
    for (const refused of creates.filter((response) => response.statusCode === 400)) {
      expect(refused.json().error.message).toMatch(/^shortcut: \/shipping is already used/);
    }

    const { session, conversationId } = await startConversation(a, workspaceId);
    const resolved = await b.inject({
      method: 'POST',
      url: '/api/user/resolve-conversation',
      headers,
      payload: { workspaceId, conversationId },
    });
    expect(resolved.statusCode).toBe(200);
    const ratings = await Promise.all(
      [a, b, a, b].map((app, i) =>
        app.inject({
          method: 'POST',
          url: '/api/widget/rating',
          headers: visitorBearer(session),
          payload: { rating: i + 1 },
        }),
      ),
    );
    expect(ratings.map((response) => response.statusCode).sort()).toEqual([200, 400, 400, 400]);
    const statistics = await a.db
      .selectFrom('statistics')
      .select(['ratingsCount', 'ratingsSum'])
      .where('workspaceId', '=', workspaceId)
      .executeTakeFirstOrThrow();
    const rated = ratings.find((response) => response.statusCode === 200)?.json();
    expect(statistics).toEqual({ ratingsCount: 1, ratingsSum: rated.rating.value });
    expect((await checkStatistics(a.db)).differences).toEqual([]);
  });
});
