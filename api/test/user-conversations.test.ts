import { randomBytes } from 'node:crypto';
import type { AuthResponse } from 'shared-sdk';
import type { Conversation } from 'shared-sdk/schemas';
import { conversationSchema, messageSchema, storedFileSchema } from 'shared-sdk/schemas';
import { findConversation } from '../src/repositories/conversations';
import { findStatistics } from '../src/repositories/statistics';
import { checkStatistics } from '../src/services/statistics-check';
import { buildAiTrainingQnaRequest, createAiTrainingQna } from './fixtures/ai-training-qna';
import { sendCustomerMessage, startConversation } from './fixtures/conversation';
import { visitorBearer } from './fixtures/customer';
import { buildAgentMessage } from './fixtures/message';
import { bearer, signUp } from './fixtures/user';
import { createWorkspace } from './fixtures/workspace';
import { seedTeams } from './fixtures/teams';
import { appStartTimeoutMs, buildTestApp } from './support/build-test-app';
import type { TestApp } from './support/build-test-app';
import { listenForLive, LiveTestClient } from './support/live-client';

jest.setTimeout(30_000);

describe('chat takeover calls (/api/user/…conversation, messages)', () => {
  let app: TestApp;
  let admin: AuthResponse;
  let agent: AuthResponse;
  let stranger: AuthResponse;
  let workspaceId: string;
  let otherWorkspaceId: string;
  const clients: LiveTestClient[] = [];

  beforeAll(async () => {
    app = await buildTestApp();
    await listenForLive(app);
    const teams = await seedTeams(app);
    ({ workspaceId } = teams.team);
    admin = teams.team.admin.auth;
    agent = teams.team.agent.auth;
    stranger = teams.stranger.auth;
    otherWorkspaceId = teams.otherTeam.workspaceId;
    await createAiTrainingQna(app, admin, buildAiTrainingQnaRequest(workspaceId));
  }, appStartTimeoutMs);
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((client) => client.close()));
  });
  afterAll(() => app?.close());

  const call = (url: string, auth: AuthResponse | null, payload: object) =>
    app.inject({ method: 'POST', url, headers: auth ? bearer(auth) : {}, payload });
  /** The conversation as the live `conversations` collection shows it. */
  const conversationOf = async (conversationId: string): Promise<Conversation> => {
    const conversation = await findConversation(app.db, workspaceId, conversationId);
    if (!conversation) throw new Error(`No conversation ${conversationId}`);
    return conversation;
  };
  const roles = async (conversationId: string) =>
    (
      await app.db
        .selectFrom('messages')
        .select('role')
        .where('conversationId', '=', conversationId)
        .orderBy('timestamp')
        .orderBy('id')
        .execute()
    ).map((row) => row.role);
  const expectStatisticsExact = async () =>
    expect((await checkStatistics(app.db)).differences).toEqual([]);

  describe('authorization', () => {
    it('answers 401 signed out, 404 to non-members and for other workspaces’ ids, 403 to agents', async () => {
      const { conversationId } = await startConversation(app, workspaceId);
      const other = await startConversation(app, otherWorkspaceId);
      const calls: [string, object][] = [
        ['/api/user/messages', buildAgentMessage(workspaceId, conversationId)],
        ['/api/user/take-over-conversation', { workspaceId, conversationId }],
        ['/api/user/seen-message', { workspaceId, conversationId, messagesSeenCount: 1 }],
        ['/api/user/resolve-conversation', { workspaceId, conversationId }],
      ];
      for (const [url, payload] of calls) {
        const results = {
          signedOut: (await call(url, null, payload)).statusCode,
          stranger: (await call(url, stranger, payload)).statusCode,
          agent: (await call(url, agent, payload)).statusCode,
          // The admin's own workspace, another workspace's conversation.
          otherConversation: (
            await call(url, admin, { ...payload, conversationId: other.conversationId })
          ).statusCode,
          // Another workspace's id, with a conversation of it: not a member there.
          otherWorkspace: (
            await call(url, admin, {
              ...payload,
              workspaceId: otherWorkspaceId,
              conversationId: other.conversationId,
            })
          ).statusCode,
        };
        expect({ url, ...results }).toEqual({
          url,
          signedOut: 401,
          stranger: 404,
          agent: 403,
          otherConversation: 404,
          otherWorkspace: 404,
        });
      }
      // Nothing changed in either conversation.
      expect(await roles(conversationId)).toEqual(['user', 'bot']);
      expect(await roles(other.conversationId)).toEqual(['user', 'bot']);
      const untouched = await app.db
        .selectFrom('conversations')
        .select(['status', 'agentIds'])
        .where('id', 'in', [conversationId, other.conversationId])
        .execute();
      expect(untouched.every((row) => row.agentIds.length === 0)).toBe(true);
    });

    it('answers 400 with the field for bad input', async () => {
      const { conversationId } = await startConversation(app, workspaceId);
      const bad: [string, object][] = [
        ['/api/user/messages', { ...buildAgentMessage(workspaceId, conversationId), content: '' }],
        ['/api/user/messages', { ...buildAgentMessage(workspaceId, conversationId), role: 'bot' }],
        ['/api/user/messages', { workspaceId, conversationId, content: 'Hi' }],
        [
          '/api/user/messages',
          { ...buildAgentMessage(workspaceId, conversationId), content: 'x'.repeat(5001) },
        ],
        // An empty form says nothing: with no text or file the message is empty.
        [
          '/api/user/messages',
          { ...buildAgentMessage(workspaceId, conversationId), content: '', form: {} },
        ],
        ['/api/user/take-over-conversation', { workspaceId }],
        ['/api/user/seen-message', { workspaceId, conversationId, messagesSeenCount: -1 }],
        ['/api/user/seen-message', { workspaceId, conversationId, messagesSeenCount: 1.5 }],
        ['/api/user/resolve-conversation', { conversationId }],
      ];
      for (const [url, payload] of bad) {
        const response = await call(url, admin, payload);
        expect({
          url,
          payload,
          status: response.statusCode,
          code: response.json().error.code,
        }).toEqual({
          url,
          payload,
          status: 400,
          code: 'invalid-argument',
        });
        expect(response.json().error.message).toMatch(/^body/);
      }
    });
  });

  describe('POST /api/user/take-over-conversation', () => {
    it('adds the agent, opens a pending conversation, and the bot stops answering', async () => {
      const { session, conversationId } = await startConversation(
        app,
        workspaceId,
        'Can I talk to a person please?',
      );
      expect((await conversationOf(conversationId)).status).toBe('pending');
      const before = (await findStatistics(app.db, workspaceId))!.conversations;

      const response = await call('/api/user/take-over-conversation', admin, {
        workspaceId,
        conversationId,
      });
      expect(response.statusCode).toBe(200);
      const taken = conversationSchema.parse(response.json());
      expect(taken).toMatchObject({ status: 'open', isPending: false, agentIds: [admin.user.id] });
      expect(
        taken.statusHistory.map((change) => [change.status, change.reason, change.changedBy]),
      ).toEqual([
        ['open', 'created', null],
        ['pending', 'handoff', null],
        ['open', 'takeover', admin.user.id],
      ]);
      // Open and pending are both unresolved: the counters stay.
      expect((await findStatistics(app.db, workspaceId))!.conversations).toEqual(before);

      // Taking over again changes nothing.
      const again = await call('/api/user/take-over-conversation', admin, {
        workspaceId,
        conversationId,
      });
      expect(conversationSchema.parse(again.json()).statusHistory).toHaveLength(3);

      // A question the bot could answer: the agent has it now.
      await sendCustomerMessage(app, session, 'How long does delivery take?');
      expect(await roles(conversationId)).toEqual(['user', 'bot', 'user']);
      await expectStatisticsExact();
    });
  });

  describe('POST /api/user/messages', () => {
    it('stores the agent’s message and takes the conversation over', async () => {
      const { session, conversationId } = await startConversation(
        app,
        workspaceId,
        'How long does delivery take?',
      );
      const response = await call(
        '/api/user/messages',
        admin,
        buildAgentMessage(workspaceId, conversationId, { form: { orderId: '1042' } }),
      );
      expect(response.statusCode).toBe(201);
      const message = messageSchema.parse(response.json());
      expect(message).toMatchObject({
        conversationId,
        role: 'agent',
        senderId: admin.user.id,
        content: 'Hello, I am looking into your order now.',
        form: { orderId: '1042' },
        attachments: [],
      });
      const conversation = await conversationOf(conversationId);
      expect(conversation).toMatchObject({
        status: 'open',
        agentIds: [admin.user.id],
        messagesCount: 3,
        lastMessage: { role: 'agent', content: message.content, timestamp: message.timestamp },
      });
      expect(conversation.statusHistory.at(-1)).toMatchObject({ reason: 'takeover' });

      await sendCustomerMessage(app, session, 'How long does delivery take?');
      expect(await roles(conversationId)).toEqual(['user', 'bot', 'agent', 'user']);
    });

    it('stores a message that is only a form, and refuses a form over its limits', async () => {
      const { conversationId } = await startConversation(app, workspaceId);
      const form = { 'Order number': 'ORD-1042', 'Return code': 'RMA-77 <b>' };
      const sent = await call(
        '/api/user/messages',
        admin,
        buildAgentMessage(workspaceId, conversationId, { content: '', form }),
      );
      expect(sent.statusCode).toBe(201);
      const message = messageSchema.parse(sent.json());
      expect(message).toMatchObject({ role: 'agent', content: '', form, attachments: [] });
      // Stored with it: what the live `messages` collection reads back.
      const stored = await app.db
        .selectFrom('messages')
        .select(['content', 'form'])
        .where('id', '=', message.id)
        .executeTakeFirstOrThrow();
      expect(stored).toEqual({ content: '', form });
      expect(await roles(conversationId)).toEqual(['user', 'bot', 'agent']);

      const tooLong = [{ ['n'.repeat(65)]: 'value' }, { 'Order number': 'v'.repeat(2001) }];
      for (const bad of tooLong) {
        const response = await call(
          '/api/user/messages',
          admin,
          buildAgentMessage(workspaceId, conversationId, { content: '', form: bad }),
        );
        expect(response.statusCode).toBe(400);
        expect(response.json().error).toMatchObject({
          code: 'invalid-argument',
          message: expect.stringMatching(/^body\.form\./),
        });
      }
      expect(await roles(conversationId)).toEqual(['user', 'bot', 'agent']);
      await expectStatisticsExact();
    });

    it('attaches files uploaded to the conversation, and only those', async () => {
      const { conversationId } = await startConversation(app, workspaceId);
      const other = await startConversation(app, workspaceId);
      const boundary = `----parley-${randomBytes(8).toString('hex')}`;
      const file = Buffer.from('Order 1042: shipped on Monday');
      const upload = await app.inject({
        method: 'POST',
        url: `/api/storage/upload?path=${encodeURIComponent(`attachments/${conversationId}/tracking.txt`)}`,
        headers: {
          ...bearer(admin),
          'content-type': `multipart/form-data; boundary=${boundary}`,
        },
        payload: Buffer.concat([
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="x"\r\n\r\n`,
          ),
          file,
          Buffer.from(`\r\n--${boundary}--\r\n`),
        ]),
      });
      expect(upload.statusCode).toBe(201);
      const stored = storedFileSchema.parse(upload.json());

      const sent = await call(
        '/api/user/messages',
        admin,
        buildAgentMessage(workspaceId, conversationId, {
          content: '',
          attachments: [{ path: stored.path }],
        }),
      );
      expect(sent.statusCode).toBe(201);
      expect(messageSchema.parse(sent.json()).attachments).toEqual([stored]);

      const elsewhere = await call(
        '/api/user/messages',
        admin,
        buildAgentMessage(workspaceId, other.conversationId, {
          attachments: [{ path: stored.path }],
        }),
      );
      expect(elsewhere.statusCode).toBe(400);
      expect(elsewhere.json().error.message).toBe(
        `Attachment ${stored.path} was not uploaded to this conversation`,
      );
      const invented = await call(
        '/api/user/messages',
        admin,
        buildAgentMessage(workspaceId, conversationId, {
          attachments: [{ path: `attachments/${conversationId}/never-uploaded.pdf` }],
        }),
      );
      expect(invented.statusCode).toBe(400);
      expect(await roles(other.conversationId)).toEqual(['user', 'bot']);
    });
  });

  describe('POST /api/user/seen-message', () => {
    it('keeps how many messages each user has seen, within the count, never lowered', async () => {
      const { conversationId } = await startConversation(
        app,
        workspaceId,
        'How long does delivery take?',
      );
      const seen = async (messagesSeenCount: number) => {
        const response = await call('/api/user/seen-message', admin, {
          workspaceId,
          conversationId,
          messagesSeenCount,
        });
        expect(response.statusCode).toBe(200);
        return conversationSchema.parse(response.json()).messagesSeenCount;
      };
      expect(await seen(1)).toEqual({ [admin.user.id]: 1 });
      expect(await seen(5)).toEqual({ [admin.user.id]: 2 });
      expect(await seen(0)).toEqual({ [admin.user.id]: 2 });
    });
  });

  describe('POST /api/user/resolve-conversation', () => {
    it('resolves once, with its history entry and exact statistics', async () => {
      const { conversationId } = await startConversation(app, workspaceId, 'Hello, anyone?');
      const before = (await findStatistics(app.db, workspaceId))!.conversations;
      const response = await call('/api/user/resolve-conversation', admin, {
        workspaceId,
        conversationId,
      });
      expect(response.statusCode).toBe(200);
      const resolved = conversationSchema.parse(response.json());
      expect(resolved.status).toBe('resolved');
      expect(resolved.statusHistory.at(-1)).toMatchObject({
        status: 'resolved',
        reason: 'resolved',
        changedBy: admin.user.id,
      });
      expect((await findStatistics(app.db, workspaceId))!.conversations).toEqual({
        all: before.all,
        resolved: before.resolved + 1,
        pending: before.pending - 1,
        botAnswered: before.botAnswered,
      });
      const again = await call('/api/user/resolve-conversation', admin, {
        workspaceId,
        conversationId,
      });
      expect(conversationSchema.parse(again.json())).toEqual(resolved);
      await expectStatisticsExact();

      // An agent writing to a resolved conversation reopens it.
      await call('/api/user/messages', admin, buildAgentMessage(workspaceId, conversationId));
      const reopened = await conversationOf(conversationId);
      expect(reopened.status).toBe('open');
      expect(reopened.statusHistory.at(-1)).toMatchObject({ reason: 'reopened' });
      await expectStatisticsExact();
    });
  });

  describe('live takeover list', () => {
    it('puts pending conversations first, newest first, with the customer’s name', async () => {
      const admin2 = (await signUp(app)).auth;
      const { workspaceId: listWorkspaceId } = await createWorkspace(app, admin2);
      await createAiTrainingQna(app, admin2, buildAiTrainingQnaRequest(listWorkspaceId));
      const answered = await startConversation(
        app,
        listWorkspaceId,
        'How long does delivery take?',
      );
      const waiting = await startConversation(
        app,
        listWorkspaceId,
        'Can I talk to a person please?',
      );
      const later = await startConversation(app, listWorkspaceId, 'How long does delivery take?');

      const client = await LiveTestClient.signedIn(app, admin2.idToken);
      clients.push(client);
      const docs = await client.subscribe('list', {
        collection: 'conversations',
        workspaceId: listWorkspaceId,
        orderBy: [
          { field: 'isPending', direction: 'desc' },
          { field: 'updatedAt', direction: 'desc' },
        ],
      });
      expect(docs.map((doc) => doc.id)).toEqual([
        waiting.conversationId,
        later.conversationId,
        answered.conversationId,
      ]);
      expect(conversationSchema.parse(docs[0]).customer).toMatchObject({ firstName: 'Ada' });

      // The customer asks for a person: the agent's list hears it.
      const handoff = await app.inject({
        method: 'POST',
        url: '/api/widget/handoff',
        headers: visitorBearer(answered.session),
      });
      expect(handoff.statusCode).toBe(200);
      const { changes } = await client.nextChanges('list');
      expect(changes).toEqual([
        expect.objectContaining({
          type: 'modified',
          doc: expect.objectContaining({ id: answered.conversationId, isPending: true }),
        }),
      ]);
      // Live reads are checked against membership: not a member of that workspace, refused.
      const agentClient = await LiveTestClient.signedIn(app, agent.idToken);
      clients.push(agentClient);
      const refused = await agentClient.subscribeRefused('x', {
        collection: 'conversations',
        workspaceId: listWorkspaceId,
      });
      expect(refused.code).toBe('permission-denied');
      // In the workspace where the agent is a member, the list reads.
      await agentClient.subscribe('own', { collection: 'conversations', workspaceId });
    });
  });
});
