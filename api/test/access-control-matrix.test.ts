import type { AuthResponse } from 'shared-sdk/schemas';
import { buildAiTrainingQnaRequest, createAiTrainingQna } from './fixtures/ai-training-qna';
import { startConversation } from './fixtures/conversation';
import { startVisitorSession } from './fixtures/customer';
import { seedTeams, type Teams } from './fixtures/teams';
import { buildInternalTicket, createTicket } from './fixtures/ticket';
import { bearer } from './fixtures/user';
import { liveCollections } from 'shared-sdk/schemas';
import { LiveTestClient, listenForLive } from './support/live-client';
import { appStartTimeoutMs, buildTestApp, type TestApp } from './support/build-test-app';

// Every signed-in route the API documents (/api/docs/json), called by everyone who must be
// refused: no one, a widget visitor, an admin of another workspace with this workspace's ids, that
// admin with their own workspace and this workspace's object ids, and an agent on admin routes.
// A route without a sample below fails the suite: a new route is covered the day it lands.

interface Ids {
  workspaceId: string;
  ticketId: string;
  conversationId: string;
  qnaId: string;
  productId: string;
  chatbotId: string;
  websiteId: string;
  /** A getLinks job. */
  jobId: string;
  /** The agent's membership, and the agent's user id. */
  workspaceUserId: string;
  agentUserId: string;
  cannedResponseId: string;
  webhookId: string;
  /** A webhook.test delivery of that webhook. */
  deliveryId: string;
  /** The conversation's customer, and a second customer (a merge names two). */
  customerId: string;
  secondCustomerId: string;
}

interface Sample {
  /** Query string or JSON body, valid for the route: only who calls should decide the answer. */
  input: (ids: Ids) => Record<string, unknown>;
  /** Agents are refused too (403). */
  adminOnly?: boolean;
  /**
   * A defended answer other than a refusal, for a caller of another workspace: the bulk calls
   * skip ids outside the caller's workspace (changed: 0); is-admin says false.
   */
  harmless?: (status: number, body: unknown) => boolean;
}

const changedNone = (status: number, body: unknown) =>
  status === 200 && (body as { changed?: number }).changed === 0;

const samples: Record<string, Sample> = {
  'PATCH /api/user/workspaces': {
    input: ({ workspaceId }) => ({
      workspaceId,
      workspaceName: 'Taken over',
      websiteUrl: 'https://evil.example',
    }),
    adminOnly: true,
  },
  'DELETE /api/user/workspaces': { input: ({ workspaceId }) => ({ workspaceId }), adminOnly: true },
  'GET /api/user/is-admin': {
    input: ({ workspaceId }) => ({ workspaceId }),
    harmless: (status, body) => status === 200 && body === false,
  },
  'GET /api/user/users': { input: ({ workspaceId }) => ({ workspaceId }), adminOnly: true },
  'POST /api/user/users': {
    input: ({ workspaceId }) => ({
      workspaceId,
      users: [{ email: 'intruder@evil.example', role: 'admin' }],
    }),
    adminOnly: true,
  },
  'PATCH /api/user/users': {
    input: ({ workspaceUserId }) => ({ workspaceUserId, role: 'admin' }),
    adminOnly: true,
  },
  'DELETE /api/user/users': {
    input: ({ workspaceUserId }) => ({ workspaceUserId }),
    adminOnly: true,
  },
  'GET /api/user/statistics': { input: ({ workspaceId }) => ({ workspaceId }) },
  'GET /api/user/chatbots': { input: ({ workspaceId }) => ({ workspaceId }) },
  'PATCH /api/user/chatbots': {
    input: ({ workspaceId, chatbotId }) => ({
      workspaceId,
      chatbotId,
      name: 'Taken over',
      description: '',
      messageBackgroundColor: '#000000',
      idleTimeoutInMinutes: 30,
      photoUrl: null,
      greetingMessage: 'Planted',
      launcherPosition: 'left',
      launcherLabel: 'Planted',
      preChatForm: { name: 'required', email: 'required' },
      businessHours: { enabled: true, timeZone: 'UTC', intervals: [] },
      awayMessage: 'Planted',
    }),
    adminOnly: true,
  },
  'POST /api/user/tickets': {
    input: ({ workspaceId }) => ({
      type: 'internal',
      workspaceId,
      subject: 'Planted',
      recipientInfo: {},
      assigneeId: null,
    }),
    adminOnly: true,
  },
  'PATCH /api/user/tickets': {
    input: ({ workspaceId, ticketId }) => ({ workspaceId, ticketId, assigneeId: null }),
    adminOnly: true,
  },
  'PATCH /api/user/resolve-tickets': {
    input: ({ workspaceId, ticketId }) => ({ workspaceId, ticketIds: [ticketId] }),
    adminOnly: true,
    harmless: changedNone,
  },
  'PATCH /api/user/resolve-tickets-all': {
    input: ({ workspaceId }) => ({ workspaceId }),
    adminOnly: true,
  },
  'PATCH /api/user/follow-up-tickets': {
    input: ({ workspaceId, ticketId }) => ({ workspaceId, ticketIds: [ticketId] }),
    adminOnly: true,
    harmless: changedNone,
  },
  'PATCH /api/user/follow-up-tickets-all': {
    input: ({ workspaceId }) => ({ workspaceId }),
    adminOnly: true,
  },
  'POST /api/user/messages': {
    input: ({ workspaceId, conversationId }) => ({
      workspaceId,
      conversationId,
      role: 'agent',
      content: 'Planted',
    }),
    adminOnly: true,
  },
  'POST /api/user/take-over-conversation': {
    input: ({ workspaceId, conversationId }) => ({ workspaceId, conversationId }),
    adminOnly: true,
  },
  'POST /api/user/seen-message': {
    input: ({ workspaceId, conversationId }) => ({
      workspaceId,
      conversationId,
      messagesSeenCount: 1,
    }),
    adminOnly: true,
  },
  'POST /api/user/resolve-conversation': {
    input: ({ workspaceId, conversationId }) => ({ workspaceId, conversationId }),
    adminOnly: true,
  },
  'POST /api/user/assign-conversation': {
    input: ({ workspaceId, conversationId, agentUserId }) => ({
      workspaceId,
      conversationId,
      assigneeId: agentUserId,
    }),
    adminOnly: true,
  },
  'POST /api/user/notes': {
    input: ({ workspaceId, conversationId }) => ({
      workspaceId,
      conversationId,
      content: 'Planted',
    }),
    adminOnly: true,
  },
  'GET /api/user/canned-responses': { input: ({ workspaceId }) => ({ workspaceId }) },
  'POST /api/user/canned-responses': {
    input: ({ workspaceId }) => ({ workspaceId, shortcut: 'planted', content: 'Planted' }),
    adminOnly: true,
  },
  'PATCH /api/user/canned-responses': {
    input: ({ workspaceId, cannedResponseId }) => ({
      workspaceId,
      cannedResponseId,
      content: 'Planted',
    }),
    adminOnly: true,
  },
  'DELETE /api/user/canned-responses': {
    input: ({ workspaceId, cannedResponseId }) => ({ workspaceId, cannedResponseId }),
    adminOnly: true,
  },
  'POST /api/user/ai-training-qnas': {
    input: ({ workspaceId }) => ({ workspaceId, question: 'Planted?', answer: 'Yes.' }),
    adminOnly: true,
  },
  'PATCH /api/user/ai-training-qnas': {
    input: ({ workspaceId, qnaId }) => ({
      workspaceId,
      qnaId,
      question: 'Changed?',
      answer: 'Yes.',
    }),
    adminOnly: true,
  },
  'DELETE /api/user/ai-training-qnas': {
    input: ({ workspaceId, qnaId }) => ({ workspaceId, qnaId }),
    adminOnly: true,
  },
  'GET /api/user/ai-training-qnas': { input: ({ workspaceId }) => ({ workspaceId }) },
  'GET /api/user/unanswered-questions': { input: ({ workspaceId }) => ({ workspaceId }) },
  'GET /api/user/reports': {
    input: ({ workspaceId }) => ({ workspaceId, days: 7 }),
    adminOnly: true,
  },
  'GET /api/user/report-conversations': {
    input: ({ workspaceId }) => ({ workspaceId, days: 7 }),
    adminOnly: true,
  },
  'GET /api/user/report-conversations.csv': {
    input: ({ workspaceId }) => ({ workspaceId, days: 7 }),
    adminOnly: true,
  },
  'POST /api/user/unanswered-questions-dismiss': {
    input: ({ workspaceId }) => ({ workspaceId, questionIds: ['unknown-question'] }),
  },
  'POST /api/user/ai-training-qnas-import': {
    input: ({ workspaceId }) => ({
      workspaceId,
      pairs: [{ question: 'Planted?', answer: 'Yes.', topicIds: ['Planted'] }],
    }),
    adminOnly: true,
  },
  'POST /api/user/products': {
    input: ({ workspaceId }) => ({
      workspaceId,
      productId: 'planted-product',
      sku: 'PLANTED-1',
      name: 'Planted',
      description: '',
      price: 1,
      stock: 1,
    }),
    adminOnly: true,
  },
  'PATCH /api/user/products': {
    input: ({ workspaceId, productId }) => ({
      workspaceId,
      productId,
      sku: 'TAKEN-OVER',
      name: 'Taken over',
      description: '',
      price: 0,
      stock: 0,
      status: 'disabled',
    }),
    adminOnly: true,
  },
  'POST /api/user/products-import': {
    input: ({ workspaceId }) => ({
      workspaceId,
      products: [{ sku: 'PLANTED-2', name: 'Planted', price: 1, stock: 1 }],
    }),
    adminOnly: true,
  },
  // A loopback address the SSRF guard refuses: the background jobs these start never connect.
  'POST /api/user/ai-training-websites': {
    input: ({ workspaceId }) => ({
      workspaceId,
      baseUrl: 'http://127.0.0.1:9/',
      links: ['http://127.0.0.1:9/planted'],
    }),
    adminOnly: true,
  },
  'PATCH /api/user/ai-training-websites': {
    input: ({ workspaceId, websiteId }) => ({
      workspaceId,
      websiteId,
      links: ['http://127.0.0.1:9/planted'],
    }),
    adminOnly: true,
  },
  'DELETE /api/user/ai-training-websites': {
    input: ({ workspaceId, websiteId }) => ({ workspaceId, websiteId }),
    adminOnly: true,
  },
  'POST /api/user/ai-training-websites-resync': {
    input: ({ workspaceId, websiteId }) => ({ workspaceId, websiteId }),
    adminOnly: true,
  },
  'POST /api/user/get-links': {
    input: ({ workspaceId }) => ({ workspaceId, baseUrl: 'http://127.0.0.1:9/' }),
    adminOnly: true,
  },
  'GET /api/user/get-links/{jobId}': {
    input: ({ workspaceId, jobId }) => ({ workspaceId, jobId }),
    adminOnly: true,
  },
  'DELETE /api/user/get-links/{jobId}': {
    input: ({ workspaceId, jobId }) => ({ workspaceId, jobId }),
    adminOnly: true,
  },
  'POST /api/user/bot-preview': {
    input: ({ workspaceId }) => ({ workspaceId, question: 'Planted?' }),
  },
  'GET /api/user/suggested-pairs': {
    input: ({ workspaceId }) => ({ workspaceId }),
    adminOnly: true,
  },
  'POST /api/user/suggested-pairs-accept': {
    input: ({ workspaceId }) => ({
      workspaceId,
      sourceIds: ['answered-1'],
      question: 'Planted?',
      answer: 'Planted answer',
      topicIds: [],
    }),
    adminOnly: true,
  },
  'POST /api/user/suggested-pairs-dismiss': {
    input: ({ workspaceId }) => ({ workspaceId, sourceIds: ['answered-1'] }),
    adminOnly: true,
  },
  'POST /api/user/copilot-draft': {
    input: ({ workspaceId, conversationId }) => ({ workspaceId, conversationId }),
    adminOnly: true,
  },
  'POST /api/user/copilot-summary': {
    input: ({ workspaceId, conversationId }) => ({ workspaceId, conversationId }),
    adminOnly: true,
  },
  'POST /api/user/copilot-rewrite': {
    input: ({ workspaceId, conversationId }) => ({
      workspaceId,
      conversationId,
      text: 'Planted reply',
      style: 'shorter',
    }),
    adminOnly: true,
  },
  'GET /api/user/copilot-suggestions': {
    input: ({ workspaceId, conversationId }) => ({ workspaceId, conversationId }),
    adminOnly: true,
  },
  'GET /api/user/webhooks': { input: ({ workspaceId }) => ({ workspaceId }), adminOnly: true },
  'POST /api/user/webhooks': {
    input: ({ workspaceId }) => ({
      workspaceId,
      url: 'https://evil.example/hook',
      events: ['message.created'],
    }),
    adminOnly: true,
  },
  'PATCH /api/user/webhooks': {
    input: ({ workspaceId, webhookId }) => ({
      workspaceId,
      webhookId,
      url: 'https://evil.example/hook',
    }),
    adminOnly: true,
  },
  'DELETE /api/user/webhooks': {
    input: ({ workspaceId, webhookId }) => ({ workspaceId, webhookId }),
    adminOnly: true,
  },
  'POST /api/user/webhooks-test': {
    input: ({ workspaceId, webhookId }) => ({ workspaceId, webhookId }),
    adminOnly: true,
  },
  'POST /api/user/webhook-deliveries-resend': {
    input: ({ workspaceId, deliveryId }) => ({ workspaceId, deliveryId }),
    adminOnly: true,
  },
  'GET /api/user/billing': { input: ({ workspaceId }) => ({ workspaceId }), adminOnly: true },
  'GET /api/user/identity-verification': {
    input: ({ workspaceId }) => ({ workspaceId }),
    adminOnly: true,
  },
  'POST /api/user/identity-verification': {
    input: ({ workspaceId }) => ({ workspaceId }),
    adminOnly: true,
  },
  'POST /api/user/identity-verification-rotate': {
    input: ({ workspaceId }) => ({ workspaceId }),
    adminOnly: true,
  },
  'PATCH /api/user/identity-verification': {
    input: ({ workspaceId }) => ({ workspaceId, required: true }),
    adminOnly: true,
  },
  'GET /api/user/email-settings': {
    input: ({ workspaceId }) => ({ workspaceId }),
    adminOnly: true,
  },
  'PATCH /api/user/email-settings': {
    input: ({ workspaceId }) => ({ workspaceId, signature: 'Thanks, the bike shop' }),
    adminOnly: true,
  },
  'POST /api/user/email-test': {
    input: ({ workspaceId }) => ({ workspaceId }),
    adminOnly: true,
  },
  'POST /api/user/email-retry': {
    input: ({ workspaceId, conversationId }) => ({ workspaceId, messageId: conversationId }),
  },
  'POST /api/user/email-forward': {
    input: ({ workspaceId, conversationId }) => ({
      workspaceId,
      conversationId,
      to: 'someone@example.org',
      note: 'Have a look',
    }),
  },
  'GET /api/user/widget-installs': {
    input: ({ workspaceId }) => ({ workspaceId }),
    adminOnly: true,
  },
  'POST /api/user/billing-plan': {
    input: ({ workspaceId }) => ({ workspaceId, plan: 'growth', period: 'yearly' }),
    adminOnly: true,
  },
  'GET /api/user/search': {
    input: ({ workspaceId }) => ({ workspaceId, q: 'order' }),
    adminOnly: true,
  },
  'GET /api/user/customers': { input: ({ workspaceId }) => ({ workspaceId }), adminOnly: true },
  'GET /api/user/customer': {
    input: ({ workspaceId, customerId }) => ({ workspaceId, customerId }),
    adminOnly: true,
  },
  'PATCH /api/user/customers': {
    input: ({ workspaceId, customerId }) => ({ workspaceId, customerId, firstName: 'Taken' }),
    adminOnly: true,
  },
  'POST /api/user/customers-merge': {
    input: ({ workspaceId, customerId, secondCustomerId }) => ({
      workspaceId,
      customerId,
      mergedCustomerId: secondCustomerId,
    }),
    adminOnly: true,
  },
  'GET /api/user/customer-export': {
    input: ({ workspaceId, customerId }) => ({ workspaceId, customerId }),
    adminOnly: true,
  },
  'POST /api/user/customers-erase': {
    input: ({ workspaceId, customerId }) => ({ workspaceId, customerId }),
    adminOnly: true,
  },
  'GET /api/user/customer-erasures': {
    input: ({ workspaceId }) => ({ workspaceId }),
    adminOnly: true,
  },
  'DELETE /api/user/products': {
    input: ({ workspaceId, productId }) => ({ workspaceId, productIds: [productId] }),
    adminOnly: true,
    harmless: (status, body) => status === 200 && (body as { deleted?: number }).deleted === 0,
  },
};

/** Signed-in routes that belong to no workspace: only "no one" and a visitor are tried. */
const accountRoutes = new Set([
  'POST /api/auth/change-password',
  'DELETE /api/auth/account',
  'GET /api/user/profile',
  'PATCH /api/user/profile',
  'GET /api/user/workspaces',
  'POST /api/user/workspaces',
]);

/** Routes that answer 401 to no one but are not signed-in routes of a workspace. */
const otherRoutes = new Set([
  // Sign-in calls: their 401 is a refresh token or an access token in the body.
  'POST /api/auth/refresh',
  'POST /api/session',
  // The widget's own calls: a visitor token; isolation is tested in widget.test.ts.
  'GET /api/widget/messages',
  'POST /api/widget/messages',
  'POST /api/widget/handoff',
  'POST /api/widget/pre-chat',
  'POST /api/widget/attachments',
  // Its refusals (no token, a member's token, nothing to rate): inbox-calls.test.ts.
  'POST /api/widget/rating',
  // Its refusals (no token, another visitor's message, a pair not offered): bot-learning.test.ts.
  'POST /api/widget/suggestion',
  // Parley.logout(): it ends the token it is sent with, and no other (identity-verification.test.ts).
  'POST /api/widget/logout',
  // Storage: the path names the workspace; its matrix is in storage.test.ts.
  'POST /api/storage/upload',
  'GET /api/storage/attachments/{*}',
]);

type Caller = { name: string; headers: Record<string, string> };

describe('access control over every signed-in route', () => {
  let app: TestApp;
  let teams: Teams;
  let ids: Ids;
  let theirIds: Ids;
  /** A visitor of this workspace's widget (a customer). */
  let visitorToken: string;
  /** A visitor of the other workspace's widget. */
  let theirVisitorToken: string;
  const routes: string[] = [];

  async function seedObjects(
    workspaceId: string,
    admin: AuthResponse,
  ): Promise<Ids & { visitorToken: string }> {
    const ticket = await createTicket(app, buildInternalTicket(workspaceId));
    const { conversationId, session } = await startConversation(app, workspaceId);
    const qna = await createAiTrainingQna(app, admin, buildAiTrainingQnaRequest(workspaceId));
    const product = await app.inject({
      method: 'POST',
      url: '/api/user/products',
      headers: bearer(admin),
      payload: {
        workspaceId,
        productId: `seeded-${workspaceId}`,
        sku: 'SEEDED-1',
        name: 'Seeded',
        description: '',
        price: 10,
        stock: 1,
      },
    });
    const website = await app.inject({
      method: 'POST',
      url: '/api/user/ai-training-websites',
      headers: bearer(admin),
      payload: { workspaceId, baseUrl: 'http://127.0.0.1:9/', links: ['http://127.0.0.1:9/faq'] },
    });
    const job = await app.inject({
      method: 'POST',
      url: '/api/user/get-links',
      headers: bearer(admin),
      payload: { workspaceId, baseUrl: 'http://127.0.0.1:9/' },
    });
    // Refused by the SSRF guard (loopback): the test event's one try ends at once.
    const webhook = await app.inject({
      method: 'POST',
      url: '/api/user/webhooks',
      headers: bearer(admin),
      payload: { workspaceId, url: 'http://127.0.0.1:9/hook', events: ['ticket.created'] },
    });
    const webhookTest = await app.inject({
      method: 'POST',
      url: '/api/user/webhooks-test',
      headers: bearer(admin),
      payload: { workspaceId, webhookId: webhook.json().id },
    });
    // A secret to rotate: a refused rotation would change it (the snapshot would differ).
    await app.inject({
      method: 'POST',
      url: '/api/user/identity-verification',
      headers: bearer(admin),
      payload: { workspaceId },
    });
    const cannedResponse = await app.inject({
      method: 'POST',
      url: '/api/user/canned-responses',
      headers: bearer(admin),
      payload: { workspaceId, shortcut: 'seeded', content: 'Seeded reply' },
    });
    const chatbot = await app.db
      .selectFrom('chatbots')
      .select('id')
      .where('workspaceId', '=', workspaceId)
      .executeTakeFirstOrThrow();
    const { customerId } = await app.db
      .selectFrom('conversations')
      .select('customerId')
      .where('id', '=', conversationId)
      .executeTakeFirstOrThrow();
    await startVisitorSession(app, workspaceId);
    const secondCustomer = await app.db
      .selectFrom('customers')
      .select('id')
      .where('workspaceId', '=', workspaceId)
      .where('id', '<>', customerId)
      .executeTakeFirstOrThrow();
    const [agentLink] = await app.db
      .selectFrom('workspaceUsers')
      .select(['id', 'userId'])
      .where('workspaceId', '=', workspaceId)
      .where('role', '=', 'agent')
      .execute();
    return {
      workspaceId,
      ticketId: ticket.id,
      conversationId,
      qnaId: qna.id,
      productId: product.json().id,
      chatbotId: chatbot.id,
      websiteId: website.json().id,
      jobId: job.json().jobId,
      workspaceUserId: agentLink!.id,
      agentUserId: agentLink!.userId,
      cannedResponseId: cannedResponse.json().id,
      webhookId: webhook.json().id,
      deliveryId: webhookTest.json().deliveryId,
      customerId,
      secondCustomerId: secondCustomer.id,
      visitorToken: session.visitorToken,
    };
  }

  /** Every row of every table a refused call could have written, to compare before and after. */
  async function snapshot() {
    const tables = [
      'workspaces',
      'workspaceUsers',
      'statistics',
      'tickets',
      'customers',
      'visitorTokens',
      'identityVerification',
      'conversations',
      'messages',
      'aiTrainingQnas',
      'aiTrainingQnaTopics',
      'products',
      'aiTrainingWebsites',
      'aiTrainingWebpages',
      'chatbots',
      'users',
      'webhooks',
      'webhookDeliveries',
      'workspacePlans',
      'billingChanges',
      'cannedResponses',
      'conversationNotes',
      'customerErasures',
      'storedFiles',
    ] as const;
    return Promise.all(tables.map((table) => app.db.selectFrom(table).selectAll().execute()));
  }

  beforeAll(async () => {
    // Every route is tried by five callers from one address: more than a minute's default.
    app = await buildTestApp({ rateLimit: { perMinute: 100_000, submissionsPerMinute: 100_000 } });
    await listenForLive(app);
    teams = await seedTeams(app);
    ({ visitorToken, ...ids } = await seedObjects(teams.team.workspaceId, teams.team.admin.auth));
    ({ visitorToken: theirVisitorToken, ...theirIds } = await seedObjects(
      teams.otherTeam.workspaceId,
      teams.otherTeam.admin.auth,
    ));
    await app.conversationBot.idle();
    // The seeded website's and discovery's jobs end (refused address) before the snapshots.
    for (let tries = 0; ; tries += 1) {
      const unfinished = await app.db
        .selectFrom('jobs')
        .select('id')
        .where('status', 'in', ['queued', 'running'])
        .execute();
      if (unfinished.length === 0) break;
      if (tries > 500) throw new Error('background jobs never finished');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const doc = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, { responses?: Record<string, unknown> }>>;
    };
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        if ('401' in (operation.responses ?? {})) routes.push(`${method.toUpperCase()} ${path}`);
      }
    }
  }, appStartTimeoutMs);
  afterAll(() => app.close());

  function send(route: string, caller: Caller, input: Record<string, unknown>) {
    const [method, template] = route.split(' ') as [string, string];
    const path = template.replace(/\{(\w+)\}/g, (_, name: string) => String(input[name]));
    const isRead = method === 'GET';
    const query = new URLSearchParams(input as Record<string, string>).toString();
    return app.inject({
      method: method as 'GET',
      url: isRead && query ? `${path}?${query}` : path,
      headers: caller.headers,
      ...(isRead ? {} : { payload: input }),
    });
  }

  it('knows every signed-in route the API documents', () => {
    const unknown = routes.filter(
      (route) => !(route in samples) && !accountRoutes.has(route) && !otherRoutes.has(route),
    );
    expect(unknown).toEqual([]);
    expect(routes.length).toBeGreaterThan(30);
  });

  it('refuses everyone who may not, and nothing is written', async () => {
    const before = await snapshot();
    const nobody: Caller = { name: 'no one', headers: {} };
    const visitor: Caller = {
      name: 'a widget visitor',
      headers: { authorization: `Bearer ${visitorToken}` },
    };
    const outsider: Caller = {
      name: "another workspace's admin",
      headers: bearer(teams.otherTeam.admin.auth),
    };
    const agent: Caller = { name: 'an agent', headers: bearer(teams.team.agent.auth) };
    const refusedWrong: string[] = [];
    let attempts = 0;

    const expectRefused = async (
      route: string,
      caller: Caller,
      input: Record<string, unknown>,
      allowed: number[],
      harmless?: Sample['harmless'],
    ) => {
      attempts += 1;
      const response = await send(route, caller, input);
      const body = response.json() as { error?: { code?: string } };
      const refused = allowed.includes(response.statusCode) && Boolean(body.error?.code);
      if (!refused && !harmless?.(response.statusCode, body)) {
        refusedWrong.push(
          `${route} as ${caller.name}: ${response.statusCode} ${response.body.slice(0, 120)}`,
        );
      }
    };

    for (const route of routes.filter((candidate) => accountRoutes.has(candidate))) {
      await expectRefused(route, nobody, {}, [401]);
      await expectRefused(route, visitor, {}, [401]);
    }
    for (const [route, sample] of Object.entries(samples)) {
      await expectRefused(route, nobody, sample.input(ids), [401]);
      await expectRefused(route, visitor, sample.input(ids), [401]);
      // This workspace's ids, as a member of another.
      await expectRefused(route, outsider, sample.input(ids), [403, 404], sample.harmless);
      // Their own workspace, with this workspace's objects (where the route names any).
      const mixed = { ...sample.input(ids), workspaceId: theirIds.workspaceId };
      if (JSON.stringify(sample.input(theirIds)) !== JSON.stringify(mixed)) {
        await expectRefused(route, outsider, mixed, [403, 404], sample.harmless);
      }
      if (sample.adminOnly) await expectRefused(route, agent, sample.input(ids), [403]);
    }

    expect(refusedWrong).toEqual([]);
    expect(await snapshot()).toEqual(before);
    // The suite's report: what was tried, and that all of it was defended.
    console.info(
      `access control: ${attempts} attempts, ${attempts - refusedWrong.length} defended`,
    );
  }, 60_000);

  it("refuses every live collection of the workspace to a member of another and to another workspace's visitor", async () => {
    const outsider = await LiveTestClient.signedIn(app, teams.otherTeam.admin.auth.idToken);
    const visitor = await LiveTestClient.connect(app, {}, '?as=visitor');
    try {
      await visitor.auth(theirVisitorToken);
      const leaked: string[] = [];
      for (const collection of liveCollections.filter((name) => name !== 'users')) {
        const query = {
          collection,
          workspaceId: ids.workspaceId,
          ...(collection === 'messages' || collection === 'conversation_notes'
            ? { conversationId: ids.conversationId }
            : {}),
        };
        const fromOutsider = await outsider.subscribeRefused(`o-${collection}`, query);
        if (!['not-found', 'permission-denied'].includes(fromOutsider.code)) {
          leaked.push(`${collection} to an outsider: ${fromOutsider.code}`);
        }
        const fromVisitor = await visitor.subscribeRefused(`v-${collection}`, query);
        if (!['not-found', 'permission-denied'].includes(fromVisitor.code)) {
          leaked.push(`${collection} to a visitor: ${fromVisitor.code}`);
        }
      }
      expect(leaked).toEqual([]);
    } finally {
      await Promise.all([outsider.close(), visitor.close()]);
    }
  });
});
