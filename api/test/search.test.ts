import type { AuthResponse } from 'shared-sdk';
import { searchResponseSchema, type SearchResponse } from 'shared-sdk/schemas';
import { sendCustomerMessage, startConversation } from './fixtures/conversation';
import { buildCustomerIdentity, startVisitorSession, visitorBearer } from './fixtures/customer';
import { buildAgentMessage } from './fixtures/message';
import { seedTeams } from './fixtures/teams';
import { bearer } from './fixtures/user';
import {
  appStartTimeoutMs,
  backendDatabase,
  buildTestApp,
  testBackends,
  type TestApp,
} from './support/build-test-app';

jest.setTimeout(30_000);

// Issue 44: search across a workspace's messages, notes, tickets and customers.
describe.each(testBackends)('GET /api/user/search ($backend)', (backend) => {
  let app: TestApp;
  let dropDatabase = async () => {};
  let admin: AuthResponse;
  let agent: AuthResponse;
  let otherAdmin: AuthResponse;
  let workspaceId: string;
  let otherWorkspaceId: string;
  let refundConversation: string;
  let recallConversation: string;
  let visitorToken: string;

  beforeAll(async () => {
    const { database, drop } = await backendDatabase(backend, 'parley_search');
    dropDatabase = drop;
    app = await buildTestApp({ database });
    const teams = await seedTeams(app);
    ({ workspaceId } = teams.team);
    admin = teams.team.admin.auth;
    agent = teams.team.agent.auth;
    otherAdmin = teams.otherTeam.admin.auth;
    otherWorkspaceId = teams.otherTeam.workspaceId;

    const refund = await startConversation(
      app,
      workspaceId,
      'My parcel never came, I was refunded?',
    );
    refundConversation = refund.conversationId;
    visitorToken = refund.session.visitorToken;
    await sendCustomerMessage(app, refund.session, 'The blue kettle arrived broken');
    const recallSession = await startVisitorSession(app, workspaceId, {
      customer: buildCustomerIdentity({
        firstName: 'Margaret',
        lastName: 'Thornton',
        email: 'margaret.thornton@mail.example',
      }),
    });
    const recall = await sendCustomerMessage(
      app,
      recallSession,
      'Is my kettle part of the recall?',
    );
    recallConversation = recall.conversationId;
    const reply = await app.inject({
      method: 'POST',
      url: '/api/user/messages',
      headers: bearer(admin),
      payload: buildAgentMessage(workspaceId, recallConversation, {
        content: 'Yes, the red kettle is recalled; the blue one is not.',
      }),
    });
    expect(reply.statusCode).toBe(201);
    const note = await app.inject({
      method: 'POST',
      url: '/api/user/notes',
      headers: bearer(admin),
      payload: {
        workspaceId,
        conversationId: recallConversation,
        content: 'Supervisor approved a goodwill voucher',
      },
    });
    expect(note.statusCode).toBe(201);
    // The same words in another workspace, note included.
    const theirs = await startConversation(app, otherWorkspaceId, 'Another refunded kettle');
    await app.inject({
      method: 'POST',
      url: '/api/user/notes',
      headers: bearer(otherAdmin),
      payload: {
        workspaceId: otherWorkspaceId,
        conversationId: theirs.conversationId,
        content: 'Their goodwill voucher',
      },
    });
    await app.conversationBot.idle();
  }, appStartTimeoutMs);
  afterAll(async () => {
    await app?.close();
    await dropDatabase();
  });

  const searchAs = (auth: AuthResponse | null, query: Record<string, string>) =>
    app.inject({
      method: 'GET',
      url: `/api/user/search?${new URLSearchParams({ workspaceId, ...query }).toString()}`,
      headers: auth ? bearer(auth) : {},
    });
  const search = async (q: string, more: Record<string, string> = {}): Promise<SearchResponse> => {
    const response = await searchAs(admin, { q, ...more });
    expect(response.statusCode).toBe(200);
    return searchResponseSchema.parse(response.json());
  };
  const texts = (result: SearchResponse) =>
    result.hits.map((hit) => hit.snippet.map((part) => part.text).join(''));
  const highlighted = (result: SearchResponse) =>
    result.hits.flatMap((hit) => hit.snippet.filter((part) => part.match).map((part) => part.text));

  it('finds a word by its stem, and highlights the words found', async () => {
    const result = await search('refunds');
    expect(texts(result)).toEqual(['My parcel never came, I was refunded?']);
    expect(highlighted(result)).toEqual(['refunded']);
    expect(result.hits[0]).toMatchObject({
      kind: 'message',
      conversationId: refundConversation,
      role: 'user',
      customerName: 'Ada Lovelace',
      conversationStatus: expect.any(String),
    });
  });

  it('finds messages of every author: customer, agent and bot', async () => {
    const roles = new Set((await search('kettle')).hits.map((hit) => hit.role));
    expect(roles).toEqual(new Set(['user', 'agent']));
    const bot = await app.db
      .selectFrom('messages')
      .select('content')
      .where('workspaceId', '=', workspaceId)
      .where('role', '=', 'bot')
      .executeTakeFirstOrThrow();
    const word = bot.content.split(/\W+/).find((w) => w.length > 5)!;
    expect((await search(word)).hits.some((hit) => hit.role === 'bot')).toBe(true);
  });

  it('reads "a phrase" in quotes, -word and or', async () => {
    expect(texts(await search('"blue kettle"'))).toEqual(['The blue kettle arrived broken']);
    // Both words, not side by side: no phrase match.
    expect(texts(await search('"kettle blue"'))).toEqual([]);
    expect(texts(await search('kettle -recall -red'))).toEqual(['The blue kettle arrived broken']);
    expect(texts(await search('parcel or broken')).sort()).toEqual([
      'My parcel never came, I was refunded?',
      'The blue kettle arrived broken',
    ]);
  });

  it('finds a customer by a misspelled name or address', async () => {
    const result = await search('Margret Thorton');
    expect(result.customers.map((customer) => customer.name)).toEqual(['Margaret Thornton']);
    const byMail = await search('margaret.thornten@mail');
    expect(byMail.customers.map((customer) => customer.email)).toEqual([
      'margaret.thornton@mail.example',
    ]);
  });

  it('finds notes for members, never another workspace’s', async () => {
    const result = await search('voucher');
    expect(result.hits.map((hit) => [hit.kind, hit.conversationId])).toEqual([
      ['note', recallConversation],
    ]);
    const theirs = await app.inject({
      method: 'GET',
      url: `/api/user/search?workspaceId=${otherWorkspaceId}&q=voucher`,
      headers: bearer(otherAdmin),
    });
    expect(texts(searchResponseSchema.parse(theirs.json()))).toEqual(['Their goodwill voucher']);
  });

  it('finds ticket subjects, opening the ticket', async () => {
    const created = await app.inject({
      method: 'POST',
      url: '/api/user/tickets',
      headers: bearer(admin),
      payload: {
        type: 'internal',
        workspaceId,
        subject: 'Kettles recalled by the supplier',
        recipientInfo: { firstName: '', lastName: '', email: '' },
        assigneeId: null,
      },
    });
    expect(created.statusCode).toBe(201);
    const tickets = (await search('supplier recall')).hits;
    expect(tickets.map((hit) => [hit.kind, hit.ticketId, hit.conversationId])).toEqual([
      ['ticket', created.json().id, null],
    ]);
    // A conversation filter leaves out tickets that belong to none.
    expect((await search('supplier', { status: 'open' })).hits).toEqual([]);
  });

  it('refuses visitors, strangers to the workspace and agents', async () => {
    const asVisitor = await app.inject({
      method: 'GET',
      url: `/api/user/search?workspaceId=${workspaceId}&q=voucher`,
      headers: visitorBearer({ visitorToken }),
    });
    expect(asVisitor.statusCode).toBe(401);
    expect(asVisitor.body).not.toContain('voucher');
    expect((await searchAs(null, { q: 'voucher' })).statusCode).toBe(401);
    const asOther = await searchAs(otherAdmin, { q: 'voucher' });
    expect(asOther.statusCode).toBe(404);
    expect(asOther.body).not.toContain('goodwill');
    expect((await searchAs(agent, { q: 'voucher' })).statusCode).toBe(403);
  });

  it('filters by conversation status, rating and date', async () => {
    expect(texts(await search('kettle', { status: 'resolved' }))).toEqual([]);
    expect((await search('kettle', { rating: '5' })).hits).toEqual([]);
    expect((await search('kettle', { from: '2000-01-01' })).hits.length).toBeGreaterThan(0);
    expect((await search('kettle', { to: '2000-01-01' })).hits).toEqual([]);
  });

  it('answers symbols, a lone quote and 1,000 characters with results, and refuses more', async () => {
    for (const q of ['!!! @@ ###', '"', "'", '-', 'or', '(', ')(|&!:*']) {
      expect((await search(q)).hits).toEqual([]);
    }
    expect((await search(`${'kettle '.repeat(142)}kettle`)).hits.length).toBeGreaterThan(0);
    const tooLong = await searchAs(admin, { q: 'k'.repeat(1001) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error.message).toMatch(/at most 1000 characters/);
    const empty = await searchAs(admin, { q: '   ' });
    expect(empty.statusCode).toBe(400);
    expect((await searchAs(admin, { q: 'kettle', rating: '9' })).statusCode).toBe(400);
  });
});
