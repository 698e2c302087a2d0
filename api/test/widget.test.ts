import { randomBytes } from 'node:crypto';
import { CamelCasePlugin, Kysely, PostgresDialect, sql } from 'kysely';
import { Pool } from 'pg';
import type { AuthResponse, LiveQuery } from 'shared-sdk';
import type { Conversation, Message, WidgetSession } from 'shared-sdk/schemas';
import {
  conversationSchema,
  messageSchema,
  storedFileSchema,
  widgetConversationSchema,
  widgetSessionSchema,
} from 'shared-sdk/schemas';
import { hashVisitorToken } from '../src/auth/visitor-tokens';
import type { DatabaseConfig } from '../src/config';
import type { Database } from '../src/db/schema';
import { randomId } from '../src/db/random-id';
import { writeTransaction } from '../src/live/write-transaction';
import { insertChatbot } from '../src/repositories/chatbots';
import { findStatistics } from '../src/repositories/statistics';
import { resolveConversation } from '../src/services/conversations';
import { defaultChatbot } from '../src/services/workspace-setup';
import { checkStatistics } from '../src/services/statistics-check';
import { buildAiTrainingQnaRequest, createAiTrainingQna } from './fixtures/ai-training-qna';
import { sendCustomerMessage, startConversation } from './fixtures/conversation';
import { buildCustomerIdentity, startVisitorSession, visitorBearer } from './fixtures/customer';
import { buildAgentMessage } from './fixtures/message';
import { bearer, signUp } from './fixtures/user';
import { createWorkspace } from './fixtures/workspace';
import {
  appStartTimeoutMs,
  backendDatabase,
  buildTestApp,
  testBackends,
  testConfig,
} from './support/build-test-app';
import type { TestApp } from './support/build-test-app';
import { listenForLive, LiveTestClient } from './support/live-client';

jest.setTimeout(30_000);

function multipart(file: Buffer, filename: string, field = 'file') {
  const boundary = `----parley-${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\n` +
      'Content-Type: application/pdf\r\n\r\n',
  );
  return {
    payload: Buffer.concat([head, file, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe('widget calls (/api/widget)', () => {
  let app: TestApp;
  let admin: AuthResponse;
  let workspaceId: string;
  const clients: LiveTestClient[] = [];

  beforeAll(async () => {
    app = await buildTestApp();
    await listenForLive(app);
    admin = (await signUp(app)).auth;
    ({ workspaceId } = await createWorkspace(app, admin));
    // What the bot knows (spec: it answers from the workspace's training).
    await createAiTrainingQna(app, admin, buildAiTrainingQnaRequest(workspaceId));
  }, appStartTimeoutMs);
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((client) => client.close()));
  });
  afterAll(() => app?.close());

  const messagesOf = async (session: Pick<WidgetSession, 'visitorToken'>) => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/widget/messages',
      headers: visitorBearer(session),
    });
    expect(response.statusCode).toBe(200);
    return widgetConversationSchema.parse(response.json());
  };
  const postMessage = (session: Pick<WidgetSession, 'visitorToken'> | null, payload: object) =>
    app.inject({
      method: 'POST',
      url: '/api/widget/messages',
      headers: session ? visitorBearer(session) : {},
      payload,
    });
  const expectStatisticsExact = async () =>
    expect((await checkStatistics(app.db)).differences).toEqual([]);
  async function connect(token: string) {
    const client = await LiveTestClient.signedIn(app, token);
    clients.push(client);
    return client;
  }

  describe('POST /api/widget/sessions', () => {
    it("starts a visitor with the workspace's first chatbot; only the token's digest is stored", async () => {
      const session = await startVisitorSession(app, workspaceId);
      expect(session.visitorToken).toMatch(/^pv_[A-Za-z0-9_-]{43}$/);
      expect(session.conversation).toBeNull();
      const [first] = await app.db
        .selectFrom('chatbots')
        .selectAll()
        .where('workspaceId', '=', workspaceId)
        .orderBy('createdAt')
        .execute();
      expect(session.chatbot).toEqual({
        id: first!.id,
        name: first!.name,
        photoUrl: first!.photoUrl,
        messageBackgroundColor: first!.messageBackgroundColor,
        // A new chatbot: no greeting, launcher bottom right, no pre-chat form, always open.
        greetingMessage: '',
        launcherPosition: 'right',
        launcherLabel: '',
        preChatForm: { name: 'off', email: 'off' },
        businessHours: { enabled: false, timeZone: 'UTC', intervals: [] },
        awayMessage: '',
        // The workspace's colour, as new workspaces have it.
        headerColor: '#2450E6',
      });
      const customer = await app.db
        .selectFrom('customers')
        .selectAll()
        .where('id', '=', session.customerId)
        .executeTakeFirstOrThrow();
      expect(customer).toMatchObject({ workspaceId, firstName: 'Ada', lastName: 'Lovelace' });
      expect(customer.visitorTokenHash).toBe(hashVisitorToken(session.visitorToken));
      expect(JSON.stringify(customer)).not.toContain(session.visitorToken);
    });

    it('uses the chatbot asked for, of that workspace only', async () => {
      const chatbotId = randomId();
      await writeTransaction(app.db, (trx) =>
        insertChatbot(trx, { id: chatbotId, workspaceId, name: 'Returns desk', ...defaultChatbot }),
      );
      const session = await startVisitorSession(app, workspaceId, { chatbotId });
      expect(session.chatbot.name).toBe('Returns desk');
      const { conversationId } = await startConversation(app, workspaceId);
      const other = await sendCustomerMessage(app, session, 'Hello');
      const conversations = await app.db
        .selectFrom('conversations')
        .select(['id', 'chatbotId'])
        .where('id', 'in', [conversationId, other.conversationId])
        .execute();
      expect(conversations.find((c) => c.id === other.conversationId)?.chatbotId).toBe(chatbotId);
      expect(conversations.find((c) => c.id === conversationId)?.chatbotId).not.toBe(chatbotId);

      const stranger = await signUp(app);
      const { workspaceId: otherWorkspaceId } = await createWorkspace(app, stranger.auth);
      const [otherChatbot] = await app.db
        .selectFrom('chatbots')
        .select('id')
        .where('workspaceId', '=', otherWorkspaceId)
        .execute();
      const response = await app.inject({
        method: 'POST',
        url: '/api/widget/sessions',
        payload: { workspaceId, chatbotId: otherChatbot!.id },
      });
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe('not-found');
    });

    it('answers 404 for a workspace that does not exist and 400 for bad input', async () => {
      const missing = await app.inject({
        method: 'POST',
        url: '/api/widget/sessions',
        payload: { workspaceId: 'z'.repeat(20) },
      });
      expect(missing.statusCode).toBe(404);
      expect(missing.json().error).toEqual({
        code: 'not-found',
        message: `Workspace ${'z'.repeat(20)} not found`,
      });
      for (const payload of [
        {},
        { workspaceId: '' },
        { workspaceId, customer: { email: 'not an address' } },
        { workspaceId, customer: { firstName: 'x'.repeat(121) } },
      ]) {
        const response = await app.inject({ method: 'POST', url: '/api/widget/sessions', payload });
        expect({ payload, status: response.statusCode, code: response.json().error.code }).toEqual({
          payload,
          status: 400,
          code: 'invalid-argument',
        });
      }
    });

    it('resumes a visitor with their token, saving the identity given, with their conversation', async () => {
      const { session, conversationId } = await startConversation(app, workspaceId);
      const response = await app.inject({
        method: 'POST',
        url: '/api/widget/sessions',
        headers: visitorBearer(session),
        payload: { workspaceId, customer: { firstName: 'Grace', email: 'grace@customer.example' } },
      });
      expect(response.statusCode).toBe(200);
      const resumed = widgetSessionSchema.parse(response.json());
      expect(resumed.visitorToken).toBe(session.visitorToken);
      expect(resumed.customerId).toBe(session.customerId);
      expect(resumed.conversation?.id).toBe(conversationId);
      expect(resumed.conversation?.customer).toEqual({
        firstName: 'Grace',
        lastName: 'Lovelace',
        email: 'grace@customer.example',
        orderId: '1042',
        verified: false,
      });
      // An unsigned identify is a label: kept, not verified, and the widget is told why.
      expect(resumed.identity).toMatchObject({
        verified: false,
        saved: true,
        error: { code: 'identity/missing-hash' },
      });

      // A token of another workspace, or an unknown one, starts a new visitor.
      const stranger = await signUp(app);
      const { workspaceId: otherWorkspaceId } = await createWorkspace(app, stranger.auth);
      for (const [headers, target] of [
        [visitorBearer(session), otherWorkspaceId],
        [{ authorization: `Bearer pv_${'A'.repeat(43)}` }, workspaceId],
      ] as const) {
        const fresh = await app.inject({
          method: 'POST',
          url: '/api/widget/sessions',
          headers,
          payload: { workspaceId: target },
        });
        expect(fresh.statusCode).toBe(201);
        expect(fresh.json().customerId).not.toBe(session.customerId);
        expect(fresh.json().conversation).toBeNull();
      }
    });
  });

  describe('messages', () => {
    it('asks for a visitor token', async () => {
      for (const headers of [{}, { authorization: `Bearer pv_${'B'.repeat(43)}` }, bearer(admin)]) {
        const get = await app.inject({ method: 'GET', url: '/api/widget/messages', headers });
        expect(get.statusCode).toBe(401);
        expect(get.json().error.code).toBe('unauthenticated');
        const post = await app.inject({
          method: 'POST',
          url: '/api/widget/messages',
          headers,
          payload: { content: 'Hello' },
        });
        expect(post.statusCode).toBe(401);
      }
    });

    it('refuses an empty message, a too long one, and attachments of another conversation', async () => {
      const { session } = await startConversation(app, workspaceId);
      const other = await startConversation(app, workspaceId);
      const before = await messagesOf(session);
      for (const payload of [
        {},
        { content: '   ' },
        { content: 'x'.repeat(5001) },
        {
          content: 'See file',
          attachments: [{ path: `attachments/${other.conversationId}/a.pdf` }],
        },
        { content: 'See file', attachments: [{ path: 'images/users/u/a.png' }] },
      ]) {
        const response = await postMessage(session, payload);
        expect({ payload, status: response.statusCode, code: response.json().error.code }).toEqual({
          payload,
          status: 400,
          code: 'invalid-argument',
        });
      }
      expect((await messagesOf(session)).messages).toEqual(before.messages);
      expect((await messagesOf(other.session)).messages).toHaveLength(2);
    });

    it('opens a conversation at the first message; the bot answers from the training', async () => {
      const before = (await findStatistics(app.db, workspaceId))!.conversations;
      const session = await startVisitorSession(app, workspaceId);
      const response = await postMessage(session, { content: 'How long does delivery take?' });
      expect(response.statusCode).toBe(201);
      const message = messageSchema.parse(response.json());
      expect(message).toMatchObject({
        role: 'user',
        senderId: session.customerId,
        content: 'How long does delivery take?',
        attachments: [],
      });
      await app.conversationBot.idle();

      const { conversation, messages } = await messagesOf(session);
      expect(messages.map((m) => [m.role, m.content])).toEqual([
        ['user', 'How long does delivery take?'],
        ['bot', 'Orders arrive within 3 working days.'],
      ]);
      expect(messages[1]!.senderId).toBe(session.chatbot.id);
      expect(conversation).toMatchObject({
        id: message.conversationId,
        status: 'open',
        isPending: false,
        customerId: session.customerId,
        chatbotId: session.chatbot.id,
        messagesCount: 2,
        lastMessage: { role: 'bot', content: 'Orders arrive within 3 working days.' },
        statusHistory: [{ status: 'open', reason: 'created', changedBy: null }],
      });
      expect((await findStatistics(app.db, workspaceId))!.conversations).toEqual({
        all: before.all + 1,
        resolved: before.resolved,
        pending: before.pending + 1,
        // The customer took the bot's answer of the training.
        botAnswered: before.botAnswered + 1,
      });
      await expectStatisticsExact();
    });

    it('hands over to a person when asked, or when the bot is not confident', async () => {
      const asked = await startConversation(app, workspaceId, 'Can I talk to a person please?');
      const unsure = await startConversation(
        app,
        workspaceId,
        'Do you rent out purple submarines?',
      );
      for (const [{ session }, reason] of [
        [asked, 'handoff'],
        [unsure, 'not-confident'],
      ] as const) {
        const { conversation, messages } = await messagesOf(session);
        expect(conversation).toMatchObject({ status: 'pending', isPending: true });
        expect(conversation!.statusHistory.map((change) => [change.status, change.reason])).toEqual(
          [
            ['open', 'created'],
            ['pending', reason],
          ],
        );
        expect(messages.map((m) => m.role)).toEqual(['user', 'bot']);
      }
      // Waiting for a person: the bot says nothing more.
      await sendCustomerMessage(app, asked.session, 'How long does delivery take?');
      expect((await messagesOf(asked.session)).messages.map((m) => m.role)).toEqual([
        'user',
        'bot',
        'user',
      ]);
      await expectStatisticsExact();
    });

    it('keeps the customer message when the bot fails, and asks for a person', async () => {
      const session = await startVisitorSession(app, workspaceId);
      const reply = jest
        .spyOn(app.bot, 'reply')
        .mockRejectedValueOnce(new Error('index unreadable'));
      try {
        await sendCustomerMessage(app, session, 'How long does delivery take?');
      } finally {
        reply.mockRestore();
      }
      const { conversation, messages } = await messagesOf(session);
      expect(messages.map((m) => m.role)).toEqual(['user', 'bot']);
      expect(conversation).toMatchObject({ status: 'pending' });
    });

    it('reaches only the visitor’s own conversation, whoever else writes', async () => {
      const mine = await startConversation(app, workspaceId, 'How long does delivery take?');
      const theirs = await startConversation(app, workspaceId, 'How long does delivery take?');
      await sendCustomerMessage(app, mine.session, 'Thanks!');
      const own = await messagesOf(mine.session);
      expect(own.conversation!.id).toBe(mine.conversationId);
      expect(own.messages.every((m) => m.conversationId === mine.conversationId)).toBe(true);
      const other = await messagesOf(theirs.session);
      expect(other.conversation!.id).toBe(theirs.conversationId);
      expect(other.messages.map((m) => m.content)).not.toContain('Thanks!');
    });

    it('starts a new conversation after the last was resolved', async () => {
      const { session, conversationId } = await startConversation(
        app,
        workspaceId,
        'How long does delivery take?',
      );
      const resolved = await app.inject({
        method: 'POST',
        url: '/api/user/resolve-conversation',
        headers: bearer(admin),
        payload: { workspaceId, conversationId },
      });
      expect(resolved.statusCode).toBe(200);
      const next = await sendCustomerMessage(app, session, 'One more question');
      expect(next.conversationId).not.toBe(conversationId);
      const { conversation } = await messagesOf(session);
      expect(conversation!.id).toBe(next.conversationId);
      expect(conversation!.statusHistory[0]).toMatchObject({ status: 'open', reason: 'created' });
      await expectStatisticsExact();
    });
  });

  describe('POST /api/widget/handoff', () => {
    it('sets the conversation pending with a polite bot message, once', async () => {
      const { session, conversationId } = await startConversation(
        app,
        workspaceId,
        'How long does delivery take?',
      );
      const first = await app.inject({
        method: 'POST',
        url: '/api/widget/handoff',
        headers: visitorBearer(session),
      });
      expect(first.statusCode).toBe(200);
      const conversation = conversationSchema.parse(first.json());
      expect(conversation).toMatchObject({
        id: conversationId,
        status: 'pending',
        isPending: true,
      });
      expect(conversation.statusHistory.at(-1)).toMatchObject({
        status: 'pending',
        reason: 'handoff',
        changedBy: null,
      });
      expect(conversation.lastMessage).toMatchObject({
        role: 'bot',
        content: expect.stringContaining('member of our team'),
      });
      const again = await app.inject({
        method: 'POST',
        url: '/api/widget/handoff',
        headers: visitorBearer(session),
      });
      expect(conversationSchema.parse(again.json())).toEqual(conversation);
      expect((await app.inject({ method: 'POST', url: '/api/widget/handoff' })).statusCode).toBe(
        401,
      );
      await expectStatisticsExact();
    });
  });

  describe('POST /api/widget/attachments', () => {
    it('stores a file in the visitor’s conversation, served to them and to members only', async () => {
      const session = await startVisitorSession(app, workspaceId);
      const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(512)]);
      const body = multipart(pdf, 'C:\\Users\\ada\\Invoice 1042.pdf');
      const response = await app.inject({
        method: 'POST',
        url: '/api/widget/attachments',
        headers: { ...body.headers, ...visitorBearer(session) },
        payload: body.payload,
      });
      expect(response.statusCode).toBe(201);
      const stored = storedFileSchema.parse(response.json());
      // The visitor had no conversation: the upload opened one.
      const { conversation } = await messagesOf(session);
      expect(stored.path).toMatch(
        new RegExp(`^attachments/${conversation!.id}/Invoice-1042-[A-Za-z0-9_-]{16}\\.pdf$`),
      );
      expect(stored.originalName).toBe('Invoice 1042.pdf');

      const sent = await postMessage(session, {
        content: '',
        attachments: [{ path: stored.path }],
      });
      expect(sent.statusCode).toBe(201);
      expect(messageSchema.parse(sent.json()).attachments).toEqual([stored]);
      await app.conversationBot.idle();

      const download = (headers: Record<string, string>) =>
        app.inject({ method: 'GET', url: new URL(stored.url).pathname, headers });
      const own = await download(visitorBearer(session));
      expect(own.statusCode).toBe(200);
      expect(own.rawPayload.equals(pdf)).toBe(true);
      expect((await download(bearer(admin))).statusCode).toBe(200);
      const stranger = await startVisitorSession(app, workspaceId);
      expect((await download(visitorBearer(stranger))).statusCode).toBe(404);
      expect((await download({})).statusCode).toBe(401);
      expect((await download({ authorization: `Bearer pv_${'C'.repeat(43)}` })).statusCode).toBe(
        401,
      );

      const noFile = await app.inject({
        method: 'POST',
        url: '/api/widget/attachments',
        headers: { ...multipart(pdf, 'a.pdf', 'other').headers, ...visitorBearer(session) },
        payload: multipart(pdf, 'a.pdf', 'other').payload,
      });
      expect(noFile.statusCode).toBe(400);
    });

    it('refuses a file too large before any conversation starts', async () => {
      const { workspaceId } = await createWorkspace(app, (await signUp(app)).auth);
      const session = await startVisitorSession(app, workspaceId);
      const body = multipart(Buffer.alloc(app.storage.maxUploadBytes + 1), 'huge.pdf');
      const response = await app.inject({
        method: 'POST',
        url: '/api/widget/attachments',
        headers: { ...body.headers, ...visitorBearer(session) },
        payload: body.payload,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toMatch(/too large/);
      expect((await messagesOf(session)).conversation).toBeNull();
      await expectStatisticsExact();
    });
  });

  describe('live', () => {
    it('lets a visitor read only their own conversation and its messages', async () => {
      const mine = await startConversation(app, workspaceId, 'How long does delivery take?');
      const theirs = await startConversation(app, workspaceId);
      const client = await connect(mine.session.visitorToken);
      const docs = await client.subscribe('m', {
        collection: 'messages',
        workspaceId,
        conversationId: mine.conversationId,
      });
      expect(docs.map((doc) => doc.role)).toEqual(['user', 'bot']);
      const conversations = await client.subscribe('c', {
        collection: 'conversations',
        workspaceId,
        where: [{ field: 'id', op: '==', value: mine.conversationId }],
      });
      expect(conversations.map((doc) => doc.id)).toEqual([mine.conversationId]);

      // A second conversation named in `where` is refused as malformed before any access check.
      const malformed = await client.subscribeRefused('twice', {
        collection: 'messages',
        workspaceId,
        conversationId: mine.conversationId,
        where: [{ field: 'conversationId', op: '==', value: theirs.conversationId }],
      });
      expect(malformed.code).toBe('invalid-argument');
      const refused: LiveQuery[] = [
        { collection: 'messages', workspaceId, conversationId: theirs.conversationId },
        { collection: 'conversations', workspaceId },
        {
          collection: 'conversations',
          workspaceId,
          where: [{ field: 'id', op: 'in', value: [mine.conversationId, theirs.conversationId] }],
        },
        { collection: 'customers', workspaceId },
        { collection: 'tickets', workspaceId },
        { collection: 'users' },
        // Chatbots by id only, and of the visitor's own workspace.
        { collection: 'chatbots', workspaceId },
      ];
      for (const [i, query] of refused.entries()) {
        const error = await client.subscribeRefused(`r${i}`, query);
        expect({ query, code: error.code }).toEqual({ query, code: 'permission-denied' });
      }
    });

    it("follows its chatbot live: an admin's saved name and colour reach the visitor", async () => {
      const session = await startVisitorSession(app, workspaceId);
      const visitor = await connect(session.visitorToken);
      const byId = { field: 'id', op: '==', value: session.chatbot.id } as const;
      const [doc] = await visitor.subscribe('bot', {
        collection: 'chatbots',
        workspaceId,
        where: [byId],
      });
      expect(doc).toMatchObject({ id: session.chatbot.id, name: session.chatbot.name });

      const saved = await app.inject({
        method: 'PATCH',
        url: '/api/user/chatbots',
        headers: bearer(admin),
        payload: {
          workspaceId,
          chatbotId: session.chatbot.id,
          name: 'Spoke',
          description: '',
          messageBackgroundColor: '#0B6E4F',
          idleTimeoutInMinutes: 30,
          photoUrl: null,
        },
      });
      expect(saved.statusCode).toBe(200);
      const { changes } = await visitor.nextChanges('bot');
      expect(changes.map((change) => [change.type, change.doc])).toEqual([
        ['modified', expect.objectContaining({ name: 'Spoke', messageBackgroundColor: '#0B6E4F' })],
      ]);

      // Another workspace's chatbot stays out of reach, even by id.
      const other = await createWorkspace(app, admin, { workspaceName: 'Elsewhere' });
      const refused = await visitor.subscribeRefused('theirs', {
        collection: 'chatbots',
        workspaceId: other.workspaceId,
        where: [byId],
      });
      expect(refused.code).toBe('permission-denied');
    });

    it("shows the agent the customer's message and the pending status, and the visitor the agent's reply", async () => {
      const session = await startVisitorSession(app, workspaceId);
      const agent = await connect(admin.idToken);
      await agent.subscribe('list', { collection: 'conversations', workspaceId });

      const sent = await sendCustomerMessage(app, session, 'I would like to speak to a human');
      let conversation: Conversation | undefined;
      while (conversation?.status !== 'pending') {
        const { changes } = await agent.nextChanges('list');
        const change = changes.find((c) => c.doc.id === sent.conversationId);
        if (change) conversation = conversationSchema.parse(change.doc);
      }
      expect(conversation.customer.firstName).toBe('Ada');
      const thread = await agent.subscribe('thread', {
        collection: 'messages',
        workspaceId,
        conversationId: sent.conversationId,
      });
      expect(thread.map((doc) => doc.content)).toContain('I would like to speak to a human');

      const visitor = await connect(session.visitorToken);
      await visitor.subscribe('chat', {
        collection: 'messages',
        workspaceId,
        conversationId: sent.conversationId,
      });
      const reply = await app.inject({
        method: 'POST',
        url: '/api/user/messages',
        headers: bearer(admin),
        payload: buildAgentMessage(workspaceId, sent.conversationId),
      });
      expect(reply.statusCode).toBe(201);
      const { changes } = await visitor.nextChanges('chat');
      const added = changes.map((c) => [c.type, messageSchema.parse(c.doc)] as [string, Message]);
      expect(added).toEqual([['added', messageSchema.parse(reply.json())]]);
    });
  });

  it('answers preflights and every call with an open CORS policy', async () => {
    const preflight = await app.inject({
      method: 'OPTIONS',
      url: '/api/widget/messages',
      headers: {
        origin: 'https://shop.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, content-type',
      },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers).toMatchObject({
      'access-control-allow-origin': '*',
      'access-control-allow-methods': 'GET, POST',
      'access-control-allow-headers': 'authorization, content-type',
    });
    const session = await app.inject({
      method: 'POST',
      url: '/api/widget/sessions',
      headers: { origin: 'https://shop.example' },
      payload: { workspaceId, customer: buildCustomerIdentity() },
    });
    expect(session.headers['access-control-allow-origin']).toBe('*');
    expect(session.headers['access-control-allow-credentials']).toBeUndefined();
  });
});

describe('widget rate limits', () => {
  let app: TestApp;
  let workspaceId: string;
  let otherWorkspaceId: string;

  beforeAll(async () => {
    const base = testConfig();
    app = await buildTestApp({
      widget: {
        ...base.widget,
        rateLimit: { perVisitorPerMinute: 3, perWorkspacePerMinute: 6, sessionsPerMinute: 4 },
      },
    });
    const admin = (await signUp(app)).auth;
    ({ workspaceId } = await createWorkspace(app, admin));
    ({ workspaceId: otherWorkspaceId } = await createWorkspace(app, admin));
  }, appStartTimeoutMs);
  afterAll(() => app?.close());

  const get = (session: WidgetSession) =>
    app.inject({ method: 'GET', url: '/api/widget/messages', headers: visitorBearer(session) });
  const newSession = (target: string, remoteAddress: string) =>
    app.inject({
      method: 'POST',
      url: '/api/widget/sessions',
      payload: { workspaceId: target },
      remoteAddress,
    });

  it('limits each visitor token, each workspace, and new sessions per address', async () => {
    const first = widgetSessionSchema.parse((await newSession(workspaceId, '10.0.0.1')).json());
    const second = widgetSessionSchema.parse((await newSession(workspaceId, '10.0.0.2')).json());
    // Per visitor: 3 a minute.
    for (let i = 0; i < 3; i += 1) expect((await get(first)).statusCode).toBe(200);
    const limited = await get(first);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('resource-exhausted');
    // Another visitor is not held back by the first one's limit, but by the workspace's:
    // 6 a minute, 2 sessions and 3 reads so far.
    expect((await get(second)).statusCode).toBe(200);
    expect((await get(second)).statusCode).toBe(429);
    expect((await newSession(workspaceId, '10.0.0.3')).statusCode).toBe(429);
    // Other workspaces are not.
    expect((await newSession(otherWorkspaceId, '10.0.0.3')).statusCode).toBe(201);
    // New sessions per client address: 4 a minute.
    for (let i = 0; i < 4; i += 1) {
      expect((await newSession(otherWorkspaceId, '10.0.0.9')).statusCode).toBe(201);
    }
    expect((await newSession(otherWorkspaceId, '10.0.0.9')).statusCode).toBe(429);
  });
});

// PostgreSQL runs the transactions side by side (the customer's row lock orders the ones that may
// start a conversation, the conversation's row the others); PGlite runs them one at a time and
// takes no lock (lockRows).
describe.each(testBackends)('widget messages sent at once ($backend)', (backend) => {
  let app: TestApp;
  let dropDatabase = async () => {};
  let database: DatabaseConfig;
  let admin: AuthResponse;
  let workspaceId: string;

  beforeAll(async () => {
    let drop: () => Promise<void>;
    ({ database, drop } = await backendDatabase(backend, 'parley_widget'));
    dropDatabase = drop;
    app = await buildTestApp({ database });
    admin = (await signUp(app)).auth;
    ({ workspaceId } = await createWorkspace(app, admin));
  }, appStartTimeoutMs);

  const sendAll = (session: WidgetSession, contents: string[]) =>
    Promise.all(
      contents.map((content) =>
        app.inject({
          method: 'POST',
          url: '/api/widget/messages',
          headers: visitorBearer(session),
          payload: { content },
        }),
      ),
    );
  const resolve = (conversationId: string) =>
    app.inject({
      method: 'POST',
      url: '/api/user/resolve-conversation',
      headers: bearer(admin),
      payload: { workspaceId, conversationId },
    });
  afterAll(async () => {
    await app?.close();
    await dropDatabase();
  });

  it("start one conversation for the visitor's first messages, and count it once", async () => {
    const session = await startVisitorSession(app, workspaceId);
    const sent = await sendAll(session, [
      'Hello',
      'Is anyone there?',
      'Where is my order?',
      'Thanks',
    ]);
    await app.conversationBot.idle();
    expect(sent.map((response) => response.statusCode)).toEqual([201, 201, 201, 201]);
    const conversationIds = new Set(
      sent.map((response) => messageSchema.parse(response.json()).conversationId),
    );
    expect(conversationIds.size).toBe(1);
    expect((await findStatistics(app.db, workspaceId))?.conversations.all).toBe(1);
    expect((await checkStatistics(app.db)).differences).toEqual([]);
  });

  it('start one new conversation for messages sent at once after the last was resolved', async () => {
    const { session, conversationId } = await startConversation(app, workspaceId, 'Hello');
    expect((await resolve(conversationId)).statusCode).toBe(200);
    const before = (await findStatistics(app.db, workspaceId))!.conversations.all;

    const sent = await sendAll(session, ['One more thing', 'Are you there?', 'About my order']);
    await app.conversationBot.idle();
    expect(sent.map((response) => response.statusCode)).toEqual([201, 201, 201]);
    const conversationIds = new Set(
      sent.map((response) => messageSchema.parse(response.json()).conversationId),
    );
    expect(conversationIds.size).toBe(1);
    expect(conversationIds.has(conversationId)).toBe(false);
    expect((await findStatistics(app.db, workspaceId))?.conversations.all).toBe(before + 1);
    expect((await checkStatistics(app.db)).differences).toEqual([]);
  });

  // PostgreSQL only: PGlite is one connection, so nothing can hold a row while a message waits.
  if (backend.postgres) {
    /** Runs `write` in a transaction on a connection of its own, as another request would. */
    async function onOtherConnection(write: (trx: Kysely<Database>) => Promise<void>) {
      const other = new Kysely<Database>({
        dialect: new PostgresDialect({
          pool: new Pool({
            connectionString: database.kind === 'postgres' ? database.url : '',
            max: 1,
          }),
        }),
        plugins: [new CamelCasePlugin()],
      });
      try {
        await writeTransaction(other, write);
      } finally {
        await other.destroy();
      }
    }
    const settledWithin = (promise: Promise<unknown>, ms: number) =>
      Promise.race([
        promise.then(() => true),
        new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms)),
      ]);

    it("takes a message to the conversation under way without waiting for the customer's row", async () => {
      const { session, conversationId } = await startConversation(app, workspaceId, 'Hello');
      const { customerId } = await app.db
        .selectFrom('conversations')
        .select('customerId')
        .where('id', '=', conversationId)
        .executeTakeFirstOrThrow();
      let sending: ReturnType<typeof sendAll> | undefined;
      // What another write of the customer's (their details, a handoff) holds.
      await onOtherConnection(async (trx) => {
        await sql`select id from customers where id = ${customerId} for no key update`.execute(trx);
        sending = sendAll(session, ['Still there?']);
        expect(await settledWithin(sending, 5_000)).toBe(true);
      });
      const [sent] = await sending!;
      expect(sent!.statusCode).toBe(201);
      expect(messageSchema.parse(sent!.json()).conversationId).toBe(conversationId);
      await app.conversationBot.idle();
    });

    it('puts a message that waited on its conversation while it was resolved into a new one', async () => {
      const { session, conversationId } = await startConversation(app, workspaceId, 'Hello');
      const before = (await findStatistics(app.db, workspaceId))!.conversations.all;
      let sending: ReturnType<typeof sendAll> | undefined;
      await onOtherConnection(async (trx) => {
        const call = { workspaceId, conversationId, agentId: admin.user.id };
        await resolveConversation(trx, call, new Date());
        sending = sendAll(session, ['Are you still there?']);
        // The message waits for the conversation's row until the resolve commits.
        expect(await settledWithin(sending, 500)).toBe(false);
      });
      const [sent] = await sending!;
      await app.conversationBot.idle();
      expect(sent!.statusCode).toBe(201);
      expect(messageSchema.parse(sent!.json()).conversationId).not.toBe(conversationId);
      expect((await findStatistics(app.db, workspaceId))?.conversations.all).toBe(before + 1);
      expect((await checkStatistics(app.db)).differences).toEqual([]);
    });
  }
});
