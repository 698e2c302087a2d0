import { messageSchema } from 'shared-sdk/schemas';
import { startVisitorSession, visitorBearer } from './fixtures/customer';
import { buildAgentMessage } from './fixtures/message';
import { seedTeams, type Teams } from './fixtures/teams';
import { bearer } from './fixtures/user';
import { appStartTimeoutMs, buildTestApp, type TestApp } from './support/build-test-app';

// A send retried after a lost response (mobile networks) carries the same client id: it is
// answered with the message stored the first time, and stored once.
describe('a retried send is stored once', () => {
  let app: TestApp;
  let teams: Teams;
  beforeAll(async () => {
    app = await buildTestApp();
    teams = await seedTeams(app);
  }, appStartTimeoutMs);
  afterAll(() => app.close());

  const messagesOf = (conversationId: string) =>
    app.db
      .selectFrom('messages')
      .select(['id', 'role', 'content'])
      .where('conversationId', '=', conversationId)
      .orderBy('timestamp')
      .execute();

  const sendAsVisitor = (visitorToken: string, payload: object) =>
    app.inject({
      method: 'POST',
      url: '/api/widget/messages',
      headers: visitorBearer({ visitorToken }),
      payload,
    });

  it("stores a customer's message once, even when the retries arrive together, and the bot answers once", async () => {
    const session = await startVisitorSession(app, teams.team.workspaceId);
    const payload = { content: 'Where is my order 1042?', clientId: 'send-0001-retry' };

    const answers = await Promise.all(
      [1, 2, 3].map(() => sendAsVisitor(session.visitorToken, payload)),
    );
    await app.conversationBot.idle();

    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201, 201]);
    const [first, ...retries] = answers.map((answer) => messageSchema.parse(answer.json()));
    expect(retries).toEqual([first, first]);
    const stored = await messagesOf(first!.conversationId);
    expect(stored.filter((message) => message.role === 'user')).toHaveLength(1);
    expect(stored.filter((message) => message.role === 'bot')).toHaveLength(1);
    const [conversation] = await app.db
      .selectFrom('conversations')
      .select('messagesCount')
      .where('id', '=', first!.conversationId)
      .execute();
    expect(conversation!.messagesCount).toBe(stored.length);

    // A new send (another id) is a new message; another visitor may use the same id.
    expect(
      (await sendAsVisitor(session.visitorToken, { ...payload, clientId: 'send-0002' })).statusCode,
    ).toBe(201);
    const other = await startVisitorSession(app, teams.team.workspaceId);
    expect((await sendAsVisitor(other.visitorToken, payload)).statusCode).toBe(201);
    await app.conversationBot.idle();
    expect((await messagesOf(first!.conversationId)).filter((m) => m.role === 'user')).toHaveLength(
      2,
    );
  });

  it("stores an agent's message once", async () => {
    const session = await startVisitorSession(app, teams.team.workspaceId);
    const sent = await sendAsVisitor(session.visitorToken, { content: 'Hello?' });
    await app.conversationBot.idle();
    const { conversationId } = messageSchema.parse(sent.json());
    const reply = buildAgentMessage(teams.team.workspaceId, conversationId, {
      clientId: 'agent-send-0001',
    });
    const send = () =>
      app.inject({
        method: 'POST',
        url: '/api/user/messages',
        headers: bearer(teams.team.admin.auth),
        payload: reply,
      });

    const [first, second] = await Promise.all([send(), send()]);
    expect([first!.statusCode, second!.statusCode]).toEqual([201, 201]);
    expect(second!.json()).toEqual(first!.json());
    expect((await messagesOf(conversationId)).filter((m) => m.role === 'agent')).toHaveLength(1);
  });

  it('refuses a client id that is not a plain token', async () => {
    const session = await startVisitorSession(app, teams.team.workspaceId);
    const response = await sendAsVisitor(session.visitorToken, { content: 'Hi', clientId: 'a b' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toMatch(/^body\.clientId: /);
  });
});
