import { sql } from 'kysely';
import type { LiveChange, LiveDoc, LiveQuery } from 'shared-sdk';
import type { Conversation } from 'shared-sdk/schemas';
import { messageSchema } from 'shared-sdk/schemas';
import { planQuery } from '../src/live/live-collections';
import { liveCloseCodes } from '../src/live/live-wire';
import { findConversation } from '../src/repositories/conversations';
import { findStatistics } from '../src/repositories/statistics';
import { toTicket } from '../src/repositories/tickets';
import { checkStatistics } from '../src/services/statistics-check';
import { sendCustomerMessage, startConversation } from './fixtures/conversation';
import { buildAgentMessage } from './fixtures/message';
import { buildInternalTicket, createTicket, deleteTicket, updateTicket } from './fixtures/ticket';
import { bearer, signIn, signUp } from './fixtures/user';
import { createWorkspace } from './fixtures/workspace';
import { addMember } from './fixtures/workspace-user';
import {
  appStartTimeoutMs,
  backendDatabase,
  buildTestApp,
  TestClock,
  testBackends,
} from './support/build-test-app';
import type { TestApp } from './support/build-test-app';
import { listenForLive, LiveTestClient } from './support/live-client';

jest.setTimeout(30_000);

// On the embedded database always; on PostgreSQL too when TEST_DATABASE_URL is set (the SQL of
// filters, cursors and orders must mean the same on both).
describe.each(testBackends)('live queries over /api/live ($backend)', (backend) => {
  let app: TestApp;
  let dropDatabase = async () => {};
  const clock = new TestClock();
  const clients: LiveTestClient[] = [];

  beforeAll(async () => {
    const { database, drop } = await backendDatabase(backend, 'parley_live');
    dropDatabase = drop;
    app = await buildTestApp({ database }, { now: clock.now });
    await listenForLive(app);
  }, appStartTimeoutMs);
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((client) => client.close()));
  });
  afterAll(async () => {
    await app?.close();
    await dropDatabase();
  });

  async function connect(token?: string) {
    const client = token
      ? await LiveTestClient.signedIn(app, token)
      : await LiveTestClient.connect(app);
    clients.push(client);
    return client;
  }

  /** An admin with a workspace, and an agent member of it. */
  async function workspaceWithMember() {
    const admin = await signUp(app);
    const agent = await signUp(app);
    const { workspaceId } = await createWorkspace(app, admin.auth);
    const agentLink = await addMember(app, admin.auth, workspaceId, agent.request.email);
    return { admin, agent, workspaceId, agentLink };
  }

  /** The workspace's tickets as the server orders them by default. */
  async function ticketsInDatabase(workspaceId: string) {
    const rows = await app.db
      .selectFrom('tickets')
      .selectAll()
      .where('workspaceId', '=', workspaceId)
      .orderBy('isFollowedUp', 'desc')
      .orderBy('createdAt', 'desc')
      .orderBy(sql`id collate "C"`)
      .execute();
    return rows.map(toTicket);
  }

  describe('protocol', () => {
    it('answers bad JSON, schema failures and messages before auth with errors', async () => {
      const client = await connect();
      client.send('{not json');
      expect(await client.next()).toEqual({
        type: 'error',
        code: 'invalid-argument',
        message: 'Messages are JSON text',
      });
      client.send({ type: 'subscribe', id: 's1', query: { collection: 'tickets' } });
      expect(await client.next()).toEqual({
        type: 'error',
        id: 's1',
        code: 'unauthenticated',
        message: expect.any(String),
      });
      client.send(JSON.stringify({ type: 'subscribe', id: 's2', query: { collection: 'pets' } }));
      expect(await client.next()).toEqual({
        type: 'error',
        id: 's2',
        code: 'invalid-argument',
        message: expect.stringContaining('collection'),
      });
      client.send(JSON.stringify({ type: 'hello' }));
      expect(await client.next()).toMatchObject({ type: 'error', code: 'invalid-argument' });
      expect(client.untaken()).toEqual([]);
    });

    it('signs in with the access token, and again with a refreshed one', async () => {
      const { auth, request } = await signUp(app);
      const client = await connect();
      expect(await client.auth(auth.idToken)).toEqual({ type: 'ready', userId: auth.user.id });
      const docs = await client.subscribe('me', { collection: 'users' });
      expect(docs).toEqual([auth.user]);
      clock.advance(1);
      const fresh = await signIn(app, request.email, request.password);
      expect(fresh.idToken).not.toBe(auth.idToken);
      expect(await client.auth(fresh.idToken)).toEqual({ type: 'ready', userId: auth.user.id });
      // The subscription goes on.
      await app.inject({
        method: 'PATCH',
        url: '/api/user/profile',
        headers: bearer(fresh),
        payload: { firstName: 'Grace B.' },
      });
      const changes = await client.nextChanges('me');
      expect(changes.changes).toEqual([
        { type: 'modified', doc: { ...auth.user, firstName: 'Grace B.' } },
      ]);
    });

    it('refuses a bad token with unauthenticated and closes the connection', async () => {
      const client = await connect();
      client.send({ type: 'auth', token: 'not-a-token' });
      expect(await client.next()).toEqual({
        type: 'error',
        code: 'unauthenticated',
        message: expect.any(String),
      });
      expect((await client.closed).code).toBe(liveCloseCodes.unauthenticated);
    });

    it("refuses another user's token on a signed-in connection", async () => {
      const first = await signUp(app);
      const second = await signUp(app);
      const client = await connect(first.auth.idToken);
      client.send({ type: 'auth', token: second.auth.idToken });
      expect(await client.next()).toMatchObject({ type: 'error', code: 'permission-denied' });
      expect((await client.closed).code).toBe(liveCloseCodes.otherUser);
    });

    it('counts the sign-in cookie of the upgrade, from its own origin only', async () => {
      const { auth } = await signUp(app);
      const cookie = `${app.config.sessionCookie.name}=${auth.idToken}`;
      const own = await LiveTestClient.connect(app, { cookie, origin: app.config.publicUrl });
      clients.push(own);
      expect(await own.next()).toEqual({ type: 'ready', userId: auth.user.id });

      const foreign = await LiveTestClient.connect(app, {
        cookie,
        origin: 'https://evil.example',
      });
      clients.push(foreign);
      expect(await foreign.subscribeRefused('me', { collection: 'users' })).toMatchObject({
        code: 'unauthenticated',
      });

      // The widget's window, on this site too, opts out: it signs in with its visitor token.
      const widget = await LiveTestClient.connect(
        app,
        { cookie, origin: app.config.publicUrl },
        '?as=visitor',
      );
      clients.push(widget);
      expect(await widget.subscribeRefused('me', { collection: 'users' })).toMatchObject({
        code: 'unauthenticated',
      });
    });

    it('ends the connection when the password changes (other sessions end)', async () => {
      const { auth, request } = await signUp(app);
      const client = await connect(auth.idToken);
      await client.subscribe('me', { collection: 'users' });
      // Tokens carry whole seconds: the change must come in a later second than the token.
      clock.advance(2);
      const response = await app.inject({
        method: 'POST',
        url: '/api/auth/change-password',
        headers: bearer(auth),
        payload: { currentPassword: request.password, newPassword: 'a new long password' },
      });
      expect(response.statusCode).toBe(200);
      expect(await client.next((m) => m.type === 'error' && !m.id)).toMatchObject({
        code: 'unauthenticated',
      });
      expect((await client.closed).code).toBe(liveCloseCodes.unauthenticated);
    });

    it('answers a plain HTTP request with 400', async () => {
      const response = await app.inject({ method: 'GET', url: '/api/live' });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('invalid-argument');
    });
  });

  describe('queries', () => {
    it('refuses unknown fields, bad values and a query without its workspace', async () => {
      const { admin, workspaceId } = await workspaceWithMember();
      const client = await connect(admin.auth.idToken);
      expect(
        await client.subscribeRefused('a', {
          collection: 'tickets',
          workspaceId,
          where: [{ field: 'secret', op: '==', value: 1 }],
        }),
      ).toMatchObject({ code: 'invalid-argument', message: expect.stringContaining('secret') });
      expect(
        await client.subscribeRefused('b', {
          collection: 'tickets',
          workspaceId,
          orderBy: [{ field: 'subject', direction: 'asc' }],
        }),
      ).toMatchObject({ code: 'invalid-argument' });
      expect(
        await client.subscribeRefused('c', {
          collection: 'tickets',
          workspaceId,
          where: [{ field: 'createdAt', op: '>', value: 'yesterday' }],
        }),
      ).toMatchObject({ code: 'invalid-argument' });
      expect(await client.subscribeRefused('d', { collection: 'tickets' })).toMatchObject({
        code: 'invalid-argument',
      });
    });

    it("reads the caller's own user only", async () => {
      const { admin, agent } = await workspaceWithMember();
      const client = await connect(admin.auth.idToken);
      expect(
        await client.subscribeRefused('other', {
          collection: 'users',
          where: [{ field: 'id', op: '==', value: agent.auth.user.id }],
        }),
      ).toMatchObject({ code: 'permission-denied' });
      expect(
        await client.subscribe('own', {
          collection: 'users',
          where: [{ field: 'id', op: '==', value: admin.auth.user.id }],
        }),
      ).toEqual([admin.auth.user]);
    });

    it('sends two subscribers of the tickets a new ticket, a change and a removal, in order', async () => {
      const { admin, agent, workspaceId } = await workspaceWithMember();
      const first = await connect(admin.auth.idToken);
      const second = await connect(agent.auth.idToken);
      const query: LiveQuery = { collection: 'tickets', workspaceId };
      expect(await first.subscribe('list', query)).toEqual([]);
      expect(await second.subscribe('tickets', query)).toEqual([]);
      // Identical queries are read once for both.
      expect(app.live.queries.subscriberCount(planQuery(query, admin.auth.user.id).key)).toBe(2);
      const subscribers = [
        [first, 'list'],
        [second, 'tickets'],
      ] as const;
      const expectChange = async (change: LiveChange, committedAfter: number) => {
        for (const [client, id] of subscribers) {
          const message = await client.nextChanges(id);
          expect(message.changes).toEqual([change]);
          expect(message.committedAt).toBeGreaterThanOrEqual(committedAfter);
          expect(message.committedAt).toBeLessThanOrEqual(Date.now());
        }
      };

      let before = Date.now();
      const ticket = await createTicket(app, buildInternalTicket(workspaceId));
      await expectChange({ type: 'added', doc: ticket }, before);
      before = Date.now();
      const followed = await updateTicket(app, workspaceId, ticket.id, { isFollowedUp: true });
      await expectChange({ type: 'modified', doc: followed }, before);
      before = Date.now();
      await deleteTicket(app, workspaceId, ticket.id);
      await expectChange({ type: 'removed', doc: followed }, before);
      for (const [client] of subscribers) expect(client.untaken()).toEqual([]);
    });

    it('sends every ticket of a burst of concurrent writes, reading far fewer times', async () => {
      const { admin, workspaceId } = await workspaceWithMember();
      const client = await connect(admin.auth.idToken);
      await client.subscribe('t', { collection: 'tickets', workspaceId });
      const readsBefore = app.live.stats().reads;
      const created = await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          createTicket(app, buildInternalTicket(workspaceId, { subject: `Burst ${i}` })),
        ),
      );
      const added = new Set<string>();
      while (added.size < created.length) {
        for (const change of (await client.nextChanges('t')).changes) {
          expect(change.type).toBe('added');
          added.add(change.doc.id);
        }
      }
      expect([...added].sort()).toEqual(created.map((ticket) => ticket.id).sort());
      // Events arriving while a read runs fold into the next read.
      const reads = app.live.stats().reads - readsBefore;
      expect(reads).toBeLessThan(created.length / 2);
    });

    it('pages with startAfter: exactly its window, and nothing for writes outside it', async () => {
      const { admin, workspaceId } = await workspaceWithMember();
      for (let i = 0; i < 6; i++) {
        await createTicket(app, buildInternalTicket(workspaceId, { subject: `Ticket ${i}` }));
      }
      const all = await ticketsInDatabase(workspaceId);
      const client = await connect(admin.auth.idToken);
      const orderBy = [{ field: 'createdAt', direction: 'desc' as const }];
      // The whole list, in the server's order (newest first, then id).
      const full = await client.subscribe('all', { collection: 'tickets', workspaceId, orderBy });
      expect(full.map((doc) => doc.id)).toEqual(
        [...all]
          .sort((a, b) =>
            a.createdAt === b.createdAt
              ? Buffer.compare(Buffer.from(a.id), Buffer.from(b.id))
              : a.createdAt < b.createdAt
                ? 1
                : -1,
          )
          .map((ticket) => ticket.id),
      );
      const cursor = full[1] as LiveDoc;
      const page = await client.subscribe('page', {
        collection: 'tickets',
        workspaceId,
        orderBy,
        limit: 2,
        startAfter: [cursor.createdAt as string, cursor.id],
      });
      expect(page).toEqual(full.slice(2, 4));

      // Outside the window: a newer ticket, a change to the first one, to the last one.
      await createTicket(app, buildInternalTicket(workspaceId, { subject: 'Newest' }));
      await updateTicket(app, workspaceId, full[0]!.id, { isFollowedUp: true });
      await updateTicket(app, workspaceId, full[5]!.id, { status: 'closed' });
      // Inside: its first ticket. The page's next message is that change alone.
      const changed = await updateTicket(app, workspaceId, full[2]!.id, { subject: 'Renamed' });
      expect((await client.nextChanges('page')).changes).toEqual([
        { type: 'modified', doc: changed },
      ]);
      expect(client.untaken().filter((m) => 'id' in m && m.id === 'page')).toEqual([]);

      // Removing a ticket of the window brings in the next one.
      await deleteTicket(app, workspaceId, full[3]!.id);
      expect((await client.nextChanges('page')).changes).toEqual([
        { type: 'removed', doc: full[3] },
        { type: 'added', doc: full[4] },
      ]);
    });

    it('stops on unsubscribe, and a subscribe with the same id replaces the query', async () => {
      const { admin, workspaceId } = await workspaceWithMember();
      const open = await createTicket(app, buildInternalTicket(workspaceId));
      const client = await connect(admin.auth.idToken);
      await client.subscribe('gone', { collection: 'tickets', workspaceId });
      await client.subscribe('page', {
        collection: 'tickets',
        workspaceId,
        where: [{ field: 'status', op: '==', value: 'open' }],
      });
      client.send({ type: 'unsubscribe', id: 'gone' });
      const closedOnes = await client.subscribe('page', {
        collection: 'tickets',
        workspaceId,
        where: [{ field: 'status', op: '==', value: 'closed' }],
      });
      expect(closedOnes).toEqual([]);
      await updateTicket(app, workspaceId, open.id, { isFollowedUp: true });
      const closed = await updateTicket(app, workspaceId, open.id, { status: 'closed' });
      expect((await client.nextChanges('page')).changes).toEqual([{ type: 'added', doc: closed }]);
      expect(client.untaken()).toEqual([]);
    });

    it('filters with where: only the open tickets, and a ticket leaves when resolved', async () => {
      const { admin, workspaceId } = await workspaceWithMember();
      const open = await createTicket(app, buildInternalTicket(workspaceId));
      await createTicket(app, buildInternalTicket(workspaceId, { status: 'closed' }));
      const client = await connect(admin.auth.idToken);
      const docs = await client.subscribe('open', {
        collection: 'tickets',
        workspaceId,
        where: [{ field: 'status', op: '==', value: 'open' }],
      });
      expect(docs).toEqual([open]);
      const closed = await updateTicket(app, workspaceId, open.id, { status: 'closed' });
      expect((await client.nextChanges('open')).changes).toEqual([{ type: 'removed', doc: open }]);
      expect(closed.status).toBe('closed');
    });

    it('changes the statistics document when a ticket is created and resolved', async () => {
      const { agent, workspaceId } = await workspaceWithMember();
      const client = await connect(agent.auth.idToken);
      const zero = {
        id: workspaceId,
        workspaceId,
        tickets: { open: 0, closed: 0 },
        products: { all: 0, active: 0, disabled: 0, processing: 0 },
        conversations: { all: 0, resolved: 0, pending: 0, botAnswered: 0 },
        aiTrainingQnas: { count: 0 },
        ratings: { count: 0, sum: 0, average: null },
      };
      expect(await client.subscribe('stats', { collection: 'statistics', workspaceId })).toEqual([
        zero,
      ]);
      const ticket = await createTicket(app, buildInternalTicket(workspaceId));
      expect((await client.nextChanges('stats')).changes).toEqual([
        { type: 'modified', doc: { ...zero, tickets: { open: 1, closed: 0 } } },
      ]);
      await updateTicket(app, workspaceId, ticket.id, { status: 'closed' });
      expect((await client.nextChanges('stats')).changes).toEqual([
        { type: 'modified', doc: { ...zero, tickets: { open: 0, closed: 1 } } },
      ]);
      // Resolving it again changes nothing.
      await updateTicket(app, workspaceId, ticket.id, { status: 'closed', isFollowedUp: true });
      await deleteTicket(app, workspaceId, ticket.id);
      expect((await client.nextChanges('stats')).changes).toEqual([
        { type: 'modified', doc: zero },
      ]);
    });

    it('stores each message with its conversation: last message, count, statistics and the live change', async () => {
      const { admin, workspaceId } = await workspaceWithMember();
      const { session, conversationId, message } = await startConversation(app, workspaceId);
      const client = await connect(admin.auth.idToken);
      const [before] = (await client.subscribe('conversation', {
        collection: 'conversations',
        workspaceId,
        where: [{ field: 'id', op: '==', value: conversationId }],
      })) as Conversation[];
      if (!before) throw new Error('the conversation is not in its live query');
      // The customer's message and the bot's answer (a handover: nothing is taught).
      expect(before).toMatchObject({ status: 'pending', messagesCount: 2 });
      expect(before.lastMessage).toMatchObject({ role: 'bot' });
      expect(before.lastMessage && before.lastMessage.timestamp > message.timestamp).toBe(true);

      const reply = await app.inject({
        method: 'POST',
        url: '/api/user/messages',
        headers: bearer(admin.auth),
        payload: buildAgentMessage(workspaceId, conversationId),
      });
      expect(reply.statusCode).toBe(201);
      const sent = messageSchema.parse(reply.json());
      const changed = (await client.nextChanges('conversation')).changes.at(-1)?.doc;
      expect(changed).toMatchObject({
        status: 'open',
        agentIds: [admin.auth.user.id],
        messagesCount: 3,
        lastMessage: { role: 'agent', content: sent.content, timestamp: sent.timestamp },
      });
      const customer = await sendCustomerMessage(app, session, 'Thank you');
      expect(await findConversation(app.db, workspaceId, conversationId)).toMatchObject({
        messagesCount: 4,
        lastMessage: { role: 'user', content: 'Thank you', timestamp: customer.timestamp },
      });
      expect(customer.timestamp > sent.timestamp).toBe(true);
      expect((await checkStatistics(app.db)).differences).toEqual([]);
      expect(await findStatistics(app.db, workspaceId)).toMatchObject({
        conversations: { all: 1, resolved: 0, pending: 1, botAnswered: 0 },
      });
    });

    it("follows the caller's own workspace links as workspaces are created and renamed", async () => {
      const { auth } = await signUp(app);
      const first = await createWorkspace(app, auth, { workspaceName: 'First' });
      const client = await connect(auth.idToken);
      const links = await client.subscribe('links', {
        collection: 'workspace_user',
        where: [{ field: 'userId', op: '==', value: auth.user.id }],
      });
      expect(links).toEqual([first]);
      const second = await createWorkspace(app, auth, { workspaceName: 'Second' });
      expect((await client.nextChanges('links')).changes).toEqual([{ type: 'added', doc: second }]);
      await app.inject({
        method: 'PATCH',
        url: '/api/user/workspaces',
        headers: bearer(auth),
        payload: {
          workspaceId: first.workspaceId,
          workspaceName: 'Renamed',
          websiteUrl: 'https://bikes.example',
        },
      });
      const [change] = (await client.nextChanges('links')).changes;
      expect(change).toMatchObject({
        type: 'modified',
        doc: { id: first.id, workspace: { name: 'Renamed' } },
      });
    });
  });

  describe('authorization', () => {
    it('gives a client of another workspace a permission error and nothing else', async () => {
      const { workspaceId } = await workspaceWithMember();
      const stranger = await signUp(app);
      const own = await createWorkspace(app, stranger.auth);
      const client = await connect(stranger.auth.idToken);
      for (const collection of ['tickets', 'statistics', 'chatbots', 'workspaces'] as const) {
        expect(await client.subscribeRefused(collection, { collection, workspaceId })).toEqual({
          type: 'error',
          id: collection,
          code: 'permission-denied',
          message: expect.any(String),
        });
      }
      await client.subscribe('mine', { collection: 'tickets', workspaceId: own.workspaceId });
      await createTicket(app, buildInternalTicket(workspaceId));
      const mine = await createTicket(app, buildInternalTicket(own.workspaceId));
      // The stranger's own change arrives; nothing of the other workspace came before it.
      expect((await client.nextChanges('mine')).changes).toEqual([{ type: 'added', doc: mine }]);
      expect(client.untaken()).toEqual([]);
    });

    it('ends the subscriptions of a member removed from the workspace', async () => {
      const { admin, agent, workspaceId, agentLink } = await workspaceWithMember();
      const client = await connect(agent.auth.idToken);
      await client.subscribe('tickets', { collection: 'tickets', workspaceId });
      await client.subscribe('stats', { collection: 'statistics', workspaceId });
      const links = await client.subscribe('links', {
        collection: 'workspace_user',
        where: [{ field: 'userId', op: '==', value: agent.auth.user.id }],
      });
      expect(links.map((link) => link.id)).toEqual([agentLink.id]);

      const response = await app.inject({
        method: 'DELETE',
        url: '/api/user/users',
        headers: bearer(admin.auth),
        payload: { workspaceUserId: agentLink.id },
      });
      expect(response.statusCode).toBe(204);
      for (const id of ['tickets', 'stats']) {
        expect(await client.nextFor(id)).toEqual({
          type: 'error',
          id,
          code: 'permission-denied',
          message: expect.any(String),
        });
      }
      expect((await client.nextChanges('links')).changes).toEqual([
        { type: 'removed', doc: agentLink },
      ]);

      // Later writes to the workspace reach it no more; its own new workspace does.
      await createTicket(app, buildInternalTicket(workspaceId));
      const ownWorkspace = await createWorkspace(app, agent.auth);
      expect((await client.nextChanges('links')).changes).toEqual([
        { type: 'added', doc: ownWorkspace },
      ]);
      expect(client.untaken()).toEqual([]);
      expect(
        await client.subscribeRefused('again', { collection: 'tickets', workspaceId }),
      ).toMatchObject({ code: 'permission-denied' });
    });

    it('ends a disabled member’s subscriptions and a demoted admin’s admin-only ones', async () => {
      const { admin, agent, workspaceId, agentLink } = await workspaceWithMember();
      const second = await signUp(app);
      const secondLink = await addMember(
        app,
        admin.auth,
        workspaceId,
        second.request.email,
        'admin',
      );

      const agentClient = await connect(agent.auth.idToken);
      await agentClient.subscribe('tickets', { collection: 'tickets', workspaceId });
      // Members may read their own link of the workspace, not everyone's.
      await agentClient.subscribe('own', {
        collection: 'workspace_user',
        workspaceId,
        where: [{ field: 'userId', op: '==', value: agent.auth.user.id }],
      });
      expect(
        await agentClient.subscribeRefused('members', {
          collection: 'workspace_user',
          workspaceId,
        }),
      ).toMatchObject({ code: 'permission-denied' });

      const adminClient = await connect(second.auth.idToken);
      const members = await adminClient.subscribe('members', {
        collection: 'workspace_user',
        workspaceId,
      });
      expect(members.map((link) => link.userId)).toEqual([
        admin.auth.user.id,
        agent.auth.user.id,
        second.auth.user.id,
      ]);
      await adminClient.subscribe('tickets', { collection: 'tickets', workspaceId });

      const patch = (workspaceUserId: string, payload: object) =>
        app.inject({
          method: 'PATCH',
          url: '/api/user/users',
          headers: bearer(admin.auth),
          payload: { workspaceUserId, ...payload },
        });
      expect((await patch(agentLink.id, { status: 'disabled' })).statusCode).toBe(200);
      for (const id of ['tickets', 'own']) {
        expect(await agentClient.nextFor(id)).toMatchObject({
          type: 'error',
          id,
          code: 'permission-denied',
        });
      }
      // The admin sees the member's new status.
      expect((await adminClient.nextChanges('members')).changes).toEqual([
        {
          type: 'modified',
          doc: expect.objectContaining({ id: agentLink.id, status: 'disabled' }),
        },
      ]);

      expect((await patch(secondLink.id, { role: 'agent' })).statusCode).toBe(200);
      expect(await adminClient.nextFor('members')).toMatchObject({
        type: 'error',
        code: 'permission-denied',
      });
      // Still a member: the tickets keep coming.
      const ticket = await createTicket(app, buildInternalTicket(workspaceId));
      expect((await adminClient.nextChanges('tickets')).changes).toEqual([
        { type: 'added', doc: ticket },
      ]);
      expect(agentClient.untaken()).toEqual([]);
    });

    it('ends every subscription to a deleted workspace', async () => {
      const { admin, agent, workspaceId } = await workspaceWithMember();
      const client = await connect(agent.auth.idToken);
      await client.subscribe('tickets', { collection: 'tickets', workspaceId });
      const response = await app.inject({
        method: 'DELETE',
        url: '/api/user/workspaces',
        headers: bearer(admin.auth),
        payload: { workspaceId },
      });
      expect(response.statusCode).toBe(204);
      expect(await client.nextFor('tickets')).toMatchObject({
        type: 'error',
        code: 'permission-denied',
      });
    });
  });

  describe('reconnecting', () => {
    it("converges to the server's view after the socket dies and writes go on meanwhile", async () => {
      const { admin, workspaceId } = await workspaceWithMember();
      const kept = await createTicket(app, buildInternalTicket(workspaceId, { subject: 'Kept' }));
      const doomed = await createTicket(app, buildInternalTicket(workspaceId, { subject: 'Gone' }));
      const query: LiveQuery = { collection: 'tickets', workspaceId };

      const before = await connect(admin.auth.idToken);
      expect(await before.subscribe('t', query)).toEqual(await ticketsInDatabase(workspaceId));
      before.kill();
      await before.closed;

      await createTicket(app, buildInternalTicket(workspaceId, { subject: 'New' }));
      await updateTicket(app, workspaceId, kept.id, { status: 'closed', isFollowedUp: true });
      await deleteTicket(app, workspaceId, doomed.id);

      const after = await connect(admin.auth.idToken);
      expect(await after.subscribe('t', query)).toEqual(await ticketsInDatabase(workspaceId));
      const latest = await createTicket(app, buildInternalTicket(workspaceId, { subject: 'Last' }));
      expect((await after.nextChanges('t')).changes).toEqual([{ type: 'added', doc: latest }]);
      expect(app.live.stats().connections).toBeGreaterThan(0);
    });
  });
});

describe('shutting down', () => {
  it(
    'closes live connections with 1001 (going away), so clients reconnect',
    async () => {
      const app = await buildTestApp();
      try {
        await listenForLive(app);
        const { auth } = await signUp(app);
        const client = await LiveTestClient.signedIn(app, auth.idToken);
        await client.subscribe('me', { collection: 'users' });
        await app.close();
        expect((await client.closed).code).toBe(1001);
        expect(app.live.stats()).toMatchObject({ connections: 0, queries: 0 });
      } finally {
        await app.close();
      }
    },
    appStartTimeoutMs,
  );
});
