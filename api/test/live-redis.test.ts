import { randomUUID } from 'node:crypto';
import { RedisChangeFeed } from '../src/live/redis-change-feed';
import { startConversation } from './fixtures/conversation';
import { buildInternalTicket, createTicket, updateTicket } from './fixtures/ticket';
import { bearer, signUp } from './fixtures/user';
import { createWorkspace } from './fixtures/workspace';
import { addMember } from './fixtures/workspace-user';
import { appStartTimeoutMs, buildTestApp, testConfig } from './support/build-test-app';
import type { TestApp } from './support/build-test-app';
import { eventually } from './support/eventually';
import { listenForLive, LiveTestClient } from './support/live-client';
import { createPostgresDatabase, testPostgresUrl } from './support/test-database';

// Two api instances on one PostgreSQL database, their change feeds through Redis pub/sub: a
// write on either reaches live subscribers of both. Needs TEST_REDIS_URL and TEST_DATABASE_URL
// (a database the user may CREATE DATABASE from); this run uses its own database and channel.
const redisUrl = process.env.TEST_REDIS_URL;
const missing = [
  ...(redisUrl ? [] : ['TEST_REDIS_URL (e.g. redis://127.0.0.1:6379)']),
  ...(testPostgresUrl ? [] : ['TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/test)']),
];
if (missing.length > 0) {
  process.stderr.write(
    `\n[api] Live Redis suite NOT RUN (two instances through Redis pub/sub): ${missing.join(' and ')} not set.\n\n`,
  );
}
const describeRedis = missing.length === 0 ? describe : describe.skip;

describeRedis('live queries across two instances (Redis change feed)', () => {
  const runId = randomUUID().replace(/-/g, '');
  let apps: TestApp[] = [];
  let dropDatabase = async () => {};
  const clients: LiveTestClient[] = [];

  beforeAll(async () => {
    const { database, drop } = await createPostgresDatabase('parley_live');
    dropDatabase = drop;
    const config = {
      database,
      live: { ...testConfig().live, redisUrl, redisChannelPrefix: `parley-test-${runId}:` },
    };
    // One after the other: the second finds the migrations applied.
    apps.push(await buildTestApp(config));
    apps.push(await buildTestApp(config));
    await Promise.all(apps.map(listenForLive));
  }, appStartTimeoutMs);

  afterEach(async () => {
    await Promise.all(clients.splice(0).map((client) => client.close()));
  });

  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    apps = [];
    await dropDatabase();
  });

  async function connect(app: TestApp, token: string) {
    const client = await LiveTestClient.signedIn(app, token);
    clients.push(client);
    return client;
  }

  it('uses the Redis feed on both instances', () => {
    for (const app of apps) expect(app.changeFeed).toBeInstanceOf(RedisChangeFeed);
  });

  it("delivers each instance's writes to the other's subscribers", async () => {
    const [a, b] = apps as [TestApp, TestApp];
    const { auth } = await signUp(a);
    const { workspaceId } = await createWorkspace(a, auth);
    const onA = await connect(a, auth.idToken);
    const onB = await connect(b, auth.idToken);
    expect(await onA.subscribe('t', { collection: 'tickets', workspaceId })).toEqual([]);
    expect(await onB.subscribe('t', { collection: 'tickets', workspaceId })).toEqual([]);
    expect(await onB.subscribe('s', { collection: 'statistics', workspaceId })).toEqual([
      expect.objectContaining({ tickets: { open: 0, closed: 0 } }),
    ]);

    // Written on A: B's subscribers hear of it through Redis.
    const ticket = await createTicket(a, buildInternalTicket(workspaceId));
    expect((await onB.nextChanges('t')).changes).toEqual([{ type: 'added', doc: ticket }]);
    expect((await onB.nextChanges('s')).changes).toEqual([
      { type: 'modified', doc: expect.objectContaining({ tickets: { open: 1, closed: 0 } }) },
    ]);
    expect((await onA.nextChanges('t')).changes).toEqual([{ type: 'added', doc: ticket }]);

    // Written on B: A's subscribers hear of it.
    const closed = await updateTicket(b, workspaceId, ticket.id, { status: 'closed' });
    expect((await onA.nextChanges('t')).changes).toEqual([{ type: 'modified', doc: closed }]);
    expect((await onB.nextChanges('t')).changes).toEqual([{ type: 'modified', doc: closed }]);
    expect((await onB.nextChanges('s')).changes).toEqual([
      { type: 'modified', doc: expect.objectContaining({ tickets: { open: 0, closed: 1 } }) },
    ]);
  });

  it("ends on the other instance a sign-out's token and a removed member's access, which each keeps in memory", async () => {
    const [a, b] = apps as [TestApp, TestApp];
    const admin = await signUp(a);
    const agent = await signUp(a);
    const { workspaceId } = await createWorkspace(a, admin.auth);
    const link = await addMember(a, admin.auth, workspaceId, agent.request.email);
    const statusOnB = async (auth: { idToken: string }) =>
      (
        await b.inject({
          method: 'GET',
          url: `/api/user/statistics?workspaceId=${workspaceId}`,
          headers: bearer(auth),
        })
      ).statusCode;
    expect([await statusOnB(admin.auth), await statusOnB(agent.auth)]).toEqual([200, 200]);

    await a.inject({
      method: 'DELETE',
      url: '/api/user/users',
      headers: bearer(admin.auth),
      payload: { workspaceUserId: link.id },
    });
    await eventually(
      () => statusOnB(agent.auth),
      (status) => status === 404,
      'removal on b',
    );
    await a.inject({
      method: 'POST',
      url: '/api/auth/logout',
      payload: { refreshToken: admin.auth.refreshToken },
    });
    await eventually(
      () => statusOnB(admin.auth),
      (status) => status === 401,
      'sign-out on b',
    );
  });

  it('ends the subscriptions on one instance of a member removed on the other', async () => {
    const [a, b] = apps as [TestApp, TestApp];
    const admin = await signUp(a);
    const agent = await signUp(a);
    const { workspaceId } = await createWorkspace(a, admin.auth);
    const link = await addMember(a, admin.auth, workspaceId, agent.request.email);
    const onB = await connect(b, agent.auth.idToken);
    await onB.subscribe('t', { collection: 'tickets', workspaceId });
    const response = await a.inject({
      method: 'DELETE',
      url: '/api/user/users',
      headers: bearer(admin.auth),
      payload: { workspaceUserId: link.id },
    });
    expect(response.statusCode).toBe(204);
    expect(await onB.nextFor('t')).toEqual({
      type: 'error',
      id: 't',
      code: 'permission-denied',
      message: expect.any(String),
    });
  });

  it('carries typing and presence between instances, to the other side only', async () => {
    const [a, b] = apps as [TestApp, TestApp];
    const admin = await signUp(a);
    const agent = await signUp(a);
    const { workspaceId } = await createWorkspace(a, admin.auth);
    await addMember(a, admin.auth, workspaceId, agent.request.email);
    const maya = await startConversation(a, workspaceId);
    const other = await startConversation(a, workspaceId);
    const agentOnA = await connect(a, admin.auth.idToken);
    await agentOnA.subscribe('list', { collection: 'conversations', workspaceId });
    const colleagueOnB = await connect(b, agent.auth.idToken);
    await colleagueOnB.subscribe('list', { collection: 'conversations', workspaceId });
    const mayaOnB = await connect(b, maya.session.visitorToken);
    const otherOnA = await connect(a, other.session.visitorToken);

    agentOnA.send({ type: 'typing', conversationId: maya.conversationId });
    expect(await mayaOnB.next((m) => m.type === 'typing')).toEqual({
      type: 'typing',
      conversationId: maya.conversationId,
      from: 'agent',
      senderId: admin.auth.user.id,
    });
    mayaOnB.send({ type: 'typing', conversationId: maya.conversationId });
    expect(await agentOnA.next((m) => m.type === 'typing')).toMatchObject({
      from: 'customer',
      senderId: maya.session.customerId,
    });
    agentOnA.send({ type: 'viewing', conversationId: maya.conversationId });
    expect(await colleagueOnB.next((m) => m.type === 'presence')).toEqual({
      type: 'presence',
      conversationId: maya.conversationId,
      userId: admin.auth.user.id,
      viewing: true,
    });
    // The other visitor, on the sender's instance, hears the typing in their own only.
    agentOnA.send({ type: 'typing', conversationId: other.conversationId });
    await otherOnA.next((m) => m.type === 'typing');
    expect(otherOnA.untaken()).toEqual([]);
  });
});
