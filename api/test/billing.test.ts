import { cp, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { AuthResponse } from 'shared-sdk';
import { billingSchema, type Billing } from 'shared-sdk/schemas';
import { connectDatabase } from '../src/db/connect-database';
import { migrate } from '../src/db/migrate';
import { sweepIdleConversations } from '../src/plugins/app/idle-conversations';
import { findConversation } from '../src/repositories/conversations';
import { buildAiTrainingQnaRequest, createAiTrainingQna } from './fixtures/ai-training-qna';
import { startConversation } from './fixtures/conversation';
import { visitorBearer } from './fixtures/customer';
import { seedTeams, type Teams } from './fixtures/teams';
import { bearer, signIn, signUp } from './fixtures/user';
import { createWorkspace } from './fixtures/workspace';
import { addMember } from './fixtures/workspace-user';
import {
  appStartTimeoutMs,
  buildTestApp,
  TestClock,
  emptyPgliteDatabase,
  type TestApp,
} from './support/build-test-app';

jest.setTimeout(60_000);

const minutes = (n: number) => n * 60_000;

describe('billing (/api/user/billing, /api/user/billing-plan)', () => {
  let app: TestApp;
  let teams: Teams;
  let admin: AuthResponse;
  let workspaceId: string;
  const clock = new TestClock();

  beforeAll(async () => {
    app = await buildTestApp({}, { now: clock.now });
    teams = await seedTeams(app);
    ({ workspaceId } = teams.team);
    admin = teams.team.admin.auth;
  }, appStartTimeoutMs);
  afterEach(() => {
    clock.reset();
    jest.restoreAllMocks();
  });
  afterAll(() => app?.close());

  const getBilling = (auth: AuthResponse | null, query = `workspaceId=${workspaceId}`) =>
    app.inject({
      method: 'GET',
      url: `/api/user/billing?${query}`,
      headers: auth ? bearer(auth) : {},
    });
  const changePlan = (auth: AuthResponse | null, payload: Record<string, unknown>) =>
    app.inject({
      method: 'POST',
      url: '/api/user/billing-plan',
      headers: auth ? bearer(auth) : {},
      payload: { workspaceId, ...payload },
    });
  const billingOf = async (auth: AuthResponse, id = workspaceId): Promise<Billing> => {
    const response = await getBilling(auth, `workspaceId=${id}`);
    expect(response.statusCode).toBe(200);
    return billingSchema.parse(response.json());
  };
  const moveTo = async (plan: string, period: string, auth = admin, id = workspaceId) => {
    const response = await changePlan(auth, { workspaceId: id, plan, period });
    expect(response.statusCode).toBe(200);
    return billingSchema.parse(response.json());
  };
  const setMemberStatus = async (workspaceUserId: string, status: 'active' | 'disabled') => {
    const response = await app.inject({
      method: 'PATCH',
      url: '/api/user/users',
      headers: bearer(admin),
      payload: { workspaceUserId, status },
    });
    expect(response.statusCode).toBe(200);
  };

  it('puts a new workspace on Free, monthly, since it was created, with no history', async () => {
    const owner = await signUp(app);
    const link = await createWorkspace(app, owner.auth, { workspaceName: 'Tea shop' });
    const billing = await billingOf(owner.auth, link.workspaceId);
    expect(billing).toMatchObject({
      workspaceId: link.workspaceId,
      plan: 'free',
      period: 'monthly',
      seats: { used: 1, included: 1 },
      limits: { conversations: 100, qnaPairs: 50, products: 0, webPages: 25 },
      usage: {
        conversations: 0,
        botResolvedConversations: 0,
        qnaPairs: 0,
        products: 0,
        webPages: 0,
      },
      history: [],
    });
    expect(Math.abs(Date.parse(billing.since) - Date.parse(link.workspace.createdAt))).toBeLessThan(
      5_000,
    );
  });

  describe('who may', () => {
    it('answers admins only: agents 403, non-members and other admins 404, no one 401', async () => {
      expect((await getBilling(admin)).statusCode).toBe(200);
      const cases: [AuthResponse | null, number][] = [
        [teams.team.agent.auth, 403],
        [teams.stranger.auth, 404],
        [teams.otherTeam.admin.auth, 404],
        [null, 401],
      ];
      for (const [auth, status] of cases) {
        expect((await getBilling(auth)).statusCode).toBe(status);
        const change = await changePlan(auth, { plan: 'starter', period: 'monthly' });
        expect(change.statusCode).toBe(status);
        expect(change.json().error.code).toEqual(expect.any(String));
      }
      // Refused changes changed nothing.
      expect((await billingOf(admin)).history).toEqual([]);
    });

    it("never reads another workspace's billing under this workspace's admin", async () => {
      const response = await getBilling(admin, `workspaceId=${teams.otherTeam.workspaceId}`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        error: {
          code: 'not-found',
          message: `Workspace ${teams.otherTeam.workspaceId} not found`,
        },
      });
    });
  });

  describe('bad input', () => {
    it.each([
      ['an unknown plan', { plan: 'platinum', period: 'monthly' }, /^body\.plan: Unknown plan/],
      ['no plan', { period: 'monthly' }, /^body\.plan: /],
      ['an unknown period', { plan: 'starter', period: 'weekly' }, /^body\.period: /],
      ['a plan of another type', { plan: 3, period: 'monthly' }, /^body\.plan: /],
      [
        'no workspace',
        { workspaceId: '', plan: 'starter', period: 'monthly' },
        /^body\.workspaceId/,
      ],
    ])('refuses %s with 400 naming the field', async (_, payload, message) => {
      const response = await changePlan(admin, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('invalid-argument');
      expect(response.json().error.message).toMatch(message);
    });

    it('sends Enterprise to sales', async () => {
      const response = await changePlan(admin, { plan: 'enterprise', period: 'yearly' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        error: {
          code: 'invalid-argument',
          message:
            'body.plan: This plan is arranged with our sales team: contact sales to move to it',
        },
      });
    });

    it('refuses a read without a workspace, naming the field', async () => {
      const response = await getBilling(admin, '');
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toMatch(/^querystring\.workspaceId/);
    });
  });

  describe('changing plan', () => {
    let workspace: string;
    let owner: AuthResponse;

    beforeEach(async () => {
      const signedUp = await signUp(app, { displayName: 'Ada Lovelace' });
      owner = signedUp.auth;
      ({ workspaceId: workspace } = await createWorkspace(app, owner, { workspaceName: 'Mill' }));
    });

    it('records each change with its period, who and when, newest first', async () => {
      const first = await moveTo('starter', 'monthly', owner, workspace);
      expect(first).toMatchObject({ plan: 'starter', period: 'monthly' });
      expect(first.limits).toEqual({
        conversations: 1000,
        qnaPairs: 500,
        products: 500,
        webPages: 200,
      });
      clock.advance(60);
      await moveTo('starter', 'yearly', owner, workspace);
      clock.advance(60);
      const last = await moveTo('growth', 'yearly', owner, workspace);

      expect(last).toMatchObject({
        plan: 'growth',
        period: 'yearly',
        seats: { used: 1, included: 10 },
        limits: { conversations: 5000, qnaPairs: null, products: 10000, webPages: 2000 },
      });
      expect(last.since).toBe(last.history[0]!.changedAt);
      expect(
        last.history.map((change) => [
          change.fromPlan,
          change.fromPeriod,
          change.toPlan,
          change.toPeriod,
        ]),
      ).toEqual([
        ['starter', 'yearly', 'growth', 'yearly'],
        ['starter', 'monthly', 'starter', 'yearly'],
        ['free', 'monthly', 'starter', 'monthly'],
      ]);
      const times = last.history.map((change) => Date.parse(change.changedAt));
      expect(times[0]! - times[1]!).toBeGreaterThanOrEqual(60_000);
      expect(times[1]! - times[2]!).toBeGreaterThanOrEqual(60_000);
      for (const change of last.history) {
        expect(change.changedBy).toEqual({
          userId: owner.user.id,
          firstName: 'Ada',
          lastName: 'Lovelace',
          email: owner.user.email,
        });
        expect(change.provider).toBe('local');
        expect(change.providerReference).toMatch(/^local_[A-Za-z0-9_-]{20}$/);
      }
      expect(new Set(last.history.map((change) => change.providerReference)).size).toBe(3);
    });

    it('answers the plan and period the workspace is on as they are, recording nothing', async () => {
      await moveTo('starter', 'monthly', owner, workspace);
      const before = await billingOf(owner, workspace);
      const spy = jest.spyOn(app.billingProvider, 'changePlan');
      clock.advance(60);
      const again = await moveTo('starter', 'monthly', owner, workspace);
      expect(again).toEqual(before);
      expect(spy).not.toHaveBeenCalled();
      // Free, monthly, on a new workspace: the same.
      const other = await createWorkspace(app, owner, { workspaceName: 'Bakery' });
      expect((await moveTo('free', 'monthly', owner, other.workspaceId)).history).toEqual([]);
    });

    it('keeps nothing of a change the billing provider fails', async () => {
      await moveTo('starter', 'monthly', owner, workspace);
      const before = await billingOf(owner, workspace);
      jest
        .spyOn(app.billingProvider, 'changePlan')
        .mockRejectedValueOnce(new Error('payment service unreachable'));
      const response = await changePlan(owner, {
        workspaceId: workspace,
        plan: 'growth',
        period: 'yearly',
      });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ error: { code: 'internal', message: 'Internal error' } });
      expect(await billingOf(owner, workspace)).toEqual(before);
      const rows = await app.db
        .selectFrom('billingChanges')
        .select('id')
        .where('workspaceId', '=', workspace)
        .execute();
      expect(rows).toHaveLength(1);
    });

    it('refuses a plan with fewer seats than active members, until members are removed', async () => {
      const colleagues = [await signUp(app), await signUp(app)];
      const links = [];
      for (const colleague of colleagues) {
        links.push(await addMember(app, owner, workspace, colleague.request.email));
      }
      await moveTo('starter', 'monthly', owner, workspace);

      const refused = await changePlan(owner, {
        workspaceId: workspace,
        plan: 'free',
        period: 'monthly',
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({
        error: {
          code: 'invalid-argument',
          message:
            'The Free plan includes 1 seat; this workspace has 3 active members. Remove members first.',
        },
      });
      expect(await billingOf(owner, workspace)).toMatchObject({
        plan: 'starter',
        seats: { used: 3, included: 3 },
      });

      // A disabled member takes no seat; removing the other leaves the owner alone.
      const patch = await app.inject({
        method: 'PATCH',
        url: '/api/user/users',
        headers: bearer(owner),
        payload: { workspaceUserId: links[0]!.id, status: 'disabled' },
      });
      expect(patch.statusCode).toBe(200);
      const stillTwo = await changePlan(owner, {
        workspaceId: workspace,
        plan: 'free',
        period: 'monthly',
      });
      expect(stillTwo.json().error.message).toBe(
        'The Free plan includes 1 seat; this workspace has 2 active members. Remove members first.',
      );
      const removed = await app.inject({
        method: 'DELETE',
        url: '/api/user/users',
        headers: bearer(owner),
        payload: { workspaceUserId: links[1]!.id },
      });
      expect(removed.statusCode).toBe(204);
      expect(await moveTo('free', 'monthly', owner, workspace)).toMatchObject({
        plan: 'free',
        seats: { used: 1, included: 1 },
      });
    });
  });

  it('shows more members than the plan includes as they are (over its limit)', async () => {
    // The seeded team: its admin and an agent, on Free with one seat.
    const billing = await billingOf(admin);
    expect(billing.seats).toEqual({ used: 2, included: 1 });
    const [agentLink] = await app.db
      .selectFrom('workspaceUsers')
      .select('id')
      .where('workspaceId', '=', workspaceId)
      .where('role', '=', 'agent')
      .execute();
    await setMemberStatus(agentLink!.id, 'disabled');
    expect((await billingOf(admin)).seats).toEqual({ used: 1, included: 1 });
    await setMemberStatus(agentLink!.id, 'active');
  });

  describe('usage this month', () => {
    let owner: SignedUpAdmin;
    let workspace: string;

    type SignedUpAdmin = { auth: AuthResponse; email: string; password: string };

    beforeAll(async () => {
      const signedUp = await signUp(app);
      owner = {
        auth: signedUp.auth,
        email: signedUp.request.email,
        password: signedUp.request.password,
      };
      ({ workspaceId: workspace } = await createWorkspace(app, owner.auth, {
        workspaceName: 'Harbour bikes',
      }));
    });

    it('counts conversations opened this month, those the bot resolved, Q&A pairs, products and web pages', async () => {
      const auth = owner.auth;
      const question = 'How long does delivery take?';
      await createAiTrainingQna(app, auth, buildAiTrainingQnaRequest(workspace, { question }));
      await createAiTrainingQna(
        app,
        auth,
        buildAiTrainingQnaRequest(workspace, { question: 'Do you ship abroad?', answer: 'Yes.' }),
      );
      for (const [index, sku] of ['LAMP-1', 'LAMP-2', 'LAMP-3'].entries()) {
        const product = await app.inject({
          method: 'POST',
          url: '/api/user/products',
          headers: bearer(auth),
          payload: {
            workspaceId: workspace,
            productId: `lamp-${index}`,
            sku,
            name: `Lamp ${index}`,
            description: '',
            price: 10,
            stock: 1,
          },
        });
        expect(product.statusCode).toBe(201);
      }
      // Refused by the outbound guard when read, but chosen: each link is a page of the plan.
      const website = await app.inject({
        method: 'POST',
        url: '/api/user/ai-training-websites',
        headers: bearer(auth),
        payload: {
          workspaceId: workspace,
          baseUrl: 'http://127.0.0.1:9/',
          links: ['http://127.0.0.1:9/faq', 'http://127.0.0.1:9/delivery'],
        },
      });
      expect(website.statusCode).toBe(201);

      // The bot answers from training, and the conversation later goes idle: resolved by the bot.
      const answered = await startConversation(app, workspace, question);
      expect((await findConversation(app.db, workspace, answered.conversationId))?.status).toBe(
        'open',
      );
      // The customer asks for a person; nobody comes and it goes idle: not the bot's.
      const handedOff = await startConversation(app, workspace, 'Hello');
      const handoff = await app.inject({
        method: 'POST',
        url: '/api/widget/handoff',
        headers: visitorBearer(handedOff.session),
      });
      expect(handoff.statusCode).toBe(200);
      // An agent answers and resolves it: not the bot's.
      const agentHandled = await startConversation(app, workspace, 'My lamp arrived broken');
      for (const [url, payload] of [
        [
          '/api/user/messages',
          { role: 'agent', content: 'Sorry! A new one is on its way.' },
        ] as const,
        ['/api/user/resolve-conversation', {}] as const,
      ]) {
        const response = await app.inject({
          method: 'POST',
          url,
          headers: bearer(auth),
          payload: {
            workspaceId: workspace,
            conversationId: agentHandled.conversationId,
            ...payload,
          },
        });
        expect(response.statusCode).toBeLessThan(300);
      }
      await sweepIdleConversations(app.db, new Date(Date.now() + minutes(31)));
      // Still open: counted, not resolved.
      await startConversation(app, workspace, question);
      // Another workspace's conversations are not this one's.
      await startConversation(app, teams.otherTeam.workspaceId, question);

      const now = clock.now();
      const billing = await billingOf(auth, workspace);
      expect(billing.usage).toEqual({
        month: `${now.getUTCFullYear()}-${String(now.getUTCMonth() + 1).padStart(2, '0')}`,
        conversations: 4,
        botResolvedConversations: 1,
        qnaPairs: 2,
        products: 3,
        webPages: 2,
      });
      // Free includes no products: the page warns of that from these numbers.
      expect(billing.limits.products).toBe(0);
    });

    it('counts conversations by the calendar month (UTC) they were opened in', async () => {
      const now = new Date();
      const nextMonth = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1, 12);
      clock.advance((nextMonth - now.getTime()) / 1000);
      // The access token expired meanwhile: sign in again on the moved clock.
      const auth = await signIn(app, owner.email, owner.password);
      const billing = await billingOf(auth, workspace);
      const moved = new Date(nextMonth);
      expect(billing.usage).toMatchObject({
        month: `${moved.getUTCFullYear()}-${String(moved.getUTCMonth() + 1).padStart(2, '0')}`,
        conversations: 0,
        botResolvedConversations: 0,
        // What the workspace holds is counted whatever the month.
        qnaPairs: 2,
        products: 3,
      });
    });
  });
});

describe('migration 0012_billing', () => {
  it(
    'puts every workspace that exists on Free, monthly, since its creation',
    async () => {
      const silentLog = { warn: () => undefined } as unknown as Parameters<
        typeof connectDatabase
      >[1];
      const connection = await connectDatabase(emptyPgliteDatabase(), silentLog);
      const dir = await mkdtemp(path.join(os.tmpdir(), 'parley-billing-migration-'));
      try {
        const migrations = path.resolve(__dirname, '../migrations');
        await cp(migrations, dir, {
          recursive: true,
          filter: (source) => !path.basename(source).startsWith('0012_'),
        });
        await migrate(connection, dir);
        await connection.db
          .insertInto('workspaces')
          .values({ id: 'ws-old', ownedBy: 'u-1', name: 'Old', url: 'https://old.example' })
          .execute();
        await cp(path.join(migrations, '0012_billing.sql'), path.join(dir, '0012_billing.sql'));
        expect(await migrate(connection, dir)).toEqual([12]);

        const workspace = await connection.db
          .selectFrom('workspaces')
          .select('createdAt')
          .where('id', '=', 'ws-old')
          .executeTakeFirstOrThrow();
        const rows = await connection.db
          .selectFrom('workspacePlans')
          .select(['workspaceId', 'plan', 'period', 'since'])
          .execute();
        expect(rows.map(({ workspaceId, plan, period }) => [workspaceId, plan, period])).toEqual([
          ['ws-old', 'free', 'monthly'],
        ]);
        // `since` keeps milliseconds, the workspace's creation microseconds.
        const since = new Date(rows[0]!.since).getTime();
        expect(Math.abs(since - new Date(workspace.createdAt).getTime())).toBeLessThanOrEqual(1);
      } finally {
        await connection.close();
        await rm(dir, { recursive: true, force: true });
      }
    },
    appStartTimeoutMs,
  );
});
