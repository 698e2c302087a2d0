import type { AuthResponse } from 'shared-sdk';
import {
  chatbotSchema,
  statisticsSchema,
  workspaceSchema,
  workspaceUserSchema,
} from 'shared-sdk/schemas';
import { buildCreateWorkspaceRequest, createWorkspace } from './fixtures/workspace';
import { addMember } from './fixtures/workspace-user';
import { bearer, signUp } from './fixtures/user';
import { appStartTimeoutMs, buildTestApp } from './support/build-test-app';
import { messagesTo } from './support/outbox';
import type { TestApp } from './support/build-test-app';

describe('/api/user/workspaces, is-admin, statistics and chatbots', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp();
  }, appStartTimeoutMs);
  afterAll(() => app.close());

  describe('POST /api/user/workspaces', () => {
    it('creates the workspace, its admin link, first chatbot and zero statistics', async () => {
      const { auth } = await signUp(app);
      const response = await app.inject({
        method: 'POST',
        url: '/api/user/workspaces',
        headers: bearer(auth),
        payload: buildCreateWorkspaceRequest({
          workspaceName: 'Bike shop',
          websiteUrl: 'https://bikes.example',
        }),
      });
      expect(response.statusCode).toBe(201);
      const link = workspaceUserSchema.parse(response.json());
      expect(link).toEqual({
        id: expect.any(String),
        workspaceId: link.workspace.id,
        userId: auth.user.id,
        role: 'admin',
        status: 'active',
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
        firstName: auth.user.firstName,
        lastName: auth.user.lastName,
        email: auth.user.email,
        photoUrl: null,
        workspace: {
          id: expect.stringMatching(/^[A-Za-z0-9_-]{20}$/),
          ownedBy: auth.user.id,
          name: 'Bike shop',
          url: 'https://bikes.example',
          ticketForwardingEmail: null,
          backgroundColor: '#2450E6',
          currency: 'USD',
          createdAt: expect.any(String),
          updatedAt: expect.any(String),
        },
      });

      const chatbots = await app.inject({
        method: 'GET',
        url: `/api/user/chatbots?workspaceId=${link.workspaceId}`,
        headers: bearer(auth),
      });
      expect(chatbots.statusCode).toBe(200);
      expect(chatbotSchema.array().parse(chatbots.json())).toEqual([
        {
          id: expect.any(String),
          name: 'Bike shop assistant',
          description: '',
          messageBackgroundColor: '#2450E6',
          idleTimeoutInMinutes: 30,
          photoUrl: null,
          greetingMessage: '',
          launcherPosition: 'right',
          launcherLabel: '',
          preChatForm: { name: 'off', email: 'off' },
          businessHours: { enabled: false, timeZone: 'UTC', intervals: [] },
          awayMessage: '',
          createdAt: expect.any(String),
          updatedAt: expect.any(String),
        },
      ]);

      const statistics = await app.inject({
        method: 'GET',
        url: `/api/user/statistics?workspaceId=${link.workspaceId}`,
        headers: bearer(auth),
      });
      expect(statistics.statusCode).toBe(200);
      expect(statisticsSchema.parse(statistics.json())).toEqual({
        workspaceId: link.workspaceId,
        tickets: { open: 0, closed: 0 },
        products: { all: 0, active: 0, disabled: 0, processing: 0 },
        conversations: { all: 0, resolved: 0, pending: 0, botAnswered: 0 },
        aiTrainingQnas: { count: 0 },
        ratings: { count: 0, sum: 0, average: null },
      });
    });

    it('refuses a missing name or a bad website with 400', async () => {
      const { auth } = await signUp(app);
      for (const payload of [
        { workspaceName: ' ', websiteUrl: 'https://bikes.example' },
        { workspaceName: 'Bike shop', websiteUrl: 'bikes' },
      ]) {
        const response = await app.inject({
          method: 'POST',
          url: '/api/user/workspaces',
          headers: bearer(auth),
          payload,
        });
        expect(response.statusCode).toBe(400);
        expect(response.json().error.code).toBe('invalid-argument');
      }
    });

    it('answers 401 when not signed in', async () => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/user/workspaces',
        payload: buildCreateWorkspaceRequest(),
      });
      expect(response.statusCode).toBe(401);
      expect(response.json().error.code).toBe('unauthenticated');
    });
  });

  describe('GET /api/user/workspaces', () => {
    it("lists the caller's active links, oldest first, and not others'", async () => {
      const { auth } = await signUp(app);
      const stranger = await signUp(app);
      const first = await createWorkspace(app, auth, { workspaceName: 'First' });
      await createWorkspace(app, stranger.auth, { workspaceName: 'Not mine' });
      const second = await createWorkspace(app, auth, { workspaceName: 'Second' });
      const response = await app.inject({
        method: 'GET',
        url: '/api/user/workspaces',
        headers: bearer(auth),
      });
      expect(response.statusCode).toBe(200);
      const links = workspaceUserSchema.array().parse(response.json());
      expect(links.map((link) => link.workspace.name)).toEqual(['First', 'Second']);
      expect(links).toEqual([first, second]);
    });

    it('leaves out workspaces where the member is disabled', async () => {
      const admin = await signUp(app);
      const member = await signUp(app);
      const { workspaceId } = await createWorkspace(app, admin.auth);
      const link = await addMember(app, admin.auth, workspaceId, member.request.email);
      await app.inject({
        method: 'PATCH',
        url: '/api/user/users',
        headers: bearer(admin.auth),
        payload: { workspaceUserId: link.id, status: 'disabled' },
      });
      const response = await app.inject({
        method: 'GET',
        url: '/api/user/workspaces',
        headers: bearer(member.auth),
      });
      expect(response.json()).toEqual([]);
    });
  });

  describe('PATCH /api/user/workspaces', () => {
    it('renames the workspace and changes its website (admins)', async () => {
      const { auth } = await signUp(app);
      const { workspaceId, workspace } = await createWorkspace(app, auth);
      const response = await app.inject({
        method: 'PATCH',
        url: '/api/user/workspaces',
        headers: bearer(auth),
        payload: { workspaceId, workspaceName: 'Cycle hub', websiteUrl: 'https://cycles.example' },
      });
      expect(response.statusCode).toBe(200);
      expect(workspaceSchema.parse(response.json())).toEqual({
        ...workspace,
        name: 'Cycle hub',
        url: 'https://cycles.example',
        updatedAt: expect.any(String),
      });
      expect(Date.parse(response.json().updatedAt)).toBeGreaterThanOrEqual(
        Date.parse(workspace.updatedAt),
      );
    });

    it('changes the currency product prices are in, and refuses one that is not ISO 4217', async () => {
      const { auth } = await signUp(app);
      const { workspaceId } = await createWorkspace(app, auth);
      const patch = (currency: string) =>
        app.inject({
          method: 'PATCH',
          url: '/api/user/workspaces',
          headers: bearer(auth),
          payload: {
            workspaceId,
            workspaceName: 'Cycle hub',
            websiteUrl: 'https://cycles.example',
            currency,
          },
        });
      const euro = await patch('EUR');
      expect(euro.statusCode).toBe(200);
      expect(euro.json().currency).toBe('EUR');
      for (const bad of ['eur', 'EURO', 'XYZ']) {
        const refused = await patch(bad);
        expect(refused.statusCode).toBe(400);
        expect(refused.json().error.message).toContain('currency');
      }
      // Left out, it stays.
      const renamed = await app.inject({
        method: 'PATCH',
        url: '/api/user/workspaces',
        headers: bearer(auth),
        payload: { workspaceId, workspaceName: 'Hub', websiteUrl: 'https://cycles.example' },
      });
      expect(renamed.json().currency).toBe('EUR');
    });
  });

  describe('ticket forwarding e-mail and colour (PATCH /api/user/workspaces)', () => {
    const patch = (auth: AuthResponse, workspaceId: string, settings: object) =>
      app.inject({
        method: 'PATCH',
        url: '/api/user/workspaces',
        headers: bearer(auth),
        payload: {
          workspaceId,
          workspaceName: 'Trail shop',
          websiteUrl: 'https://trail.example',
          ...settings,
        },
      });
    const createTicket = (auth: AuthResponse, workspaceId: string, subject: string) =>
      app.inject({
        method: 'POST',
        url: '/api/user/tickets',
        headers: bearer(auth),
        payload: {
          workspaceId,
          type: 'internal',
          subject,
          recipientInfo: { firstName: 'Ada', lastName: 'Byron', email: 'ada@customer.example' },
          assigneeId: null,
        },
      });

    it('sets both, refuses what is not an e-mail or a #RRGGBB colour, and clears forwarding with null', async () => {
      const { auth } = await signUp(app);
      const { workspaceId } = await createWorkspace(app, auth);
      const saved = await patch(auth, workspaceId, {
        ticketForwardingEmail: 'support@trail.example',
        backgroundColor: '#0B6E4F',
      });
      expect(saved.statusCode).toBe(200);
      expect(saved.json()).toMatchObject({
        ticketForwardingEmail: 'support@trail.example',
        backgroundColor: '#0B6E4F',
      });
      for (const [field, value] of [
        ['ticketForwardingEmail', 'support at trail'],
        ['backgroundColor', 'green'],
        ['backgroundColor', '#0B6E4'],
        ['backgroundColor', 'rgb(0,0,0)'],
      ] as const) {
        const refused = await patch(auth, workspaceId, { [field]: value });
        expect(refused.statusCode).toBe(400);
        expect(refused.json().error.message).toContain(`body.${field}`);
      }
      // Left out, they stay; null stops the forwarding.
      expect((await patch(auth, workspaceId, {})).json()).toMatchObject({
        ticketForwardingEmail: 'support@trail.example',
        backgroundColor: '#0B6E4F',
      });
      const cleared = await patch(auth, workspaceId, { ticketForwardingEmail: null });
      expect(cleared.json().ticketForwardingEmail).toBeNull();
    });

    it('e-mails each new ticket to the forwarding address, with a link to it, and nothing once cleared', async () => {
      const { auth } = await signUp(app);
      const { workspaceId } = await createWorkspace(app, auth);
      const forwardTo = `tickets-${workspaceId}@trail.example`.toLowerCase();
      await patch(auth, workspaceId, { ticketForwardingEmail: forwardTo });
      const created = await createTicket(auth, workspaceId, 'Refund <order 1042>');
      expect(created.statusCode).toBe(201);
      const [mail, ...more] = await messagesTo(app, forwardTo);
      expect(more).toHaveLength(0);
      expect(mail?.content).toContain('Subject: New ticket in Trail shop: Refund <order 1042>');
      expect(mail?.content).toContain('For: Ada Byron, ada@customer.example');
      expect(mail?.content).toContain(
        `/dashboard/${workspaceId}/tickets/${created.json().id as string}`,
      );
      // The HTML part escapes what the admin typed.
      expect(mail?.content).toContain('Refund &lt;order 1042&gt;');

      await patch(auth, workspaceId, { ticketForwardingEmail: null });
      await createTicket(auth, workspaceId, 'Second ticket');
      expect(await messagesTo(app, forwardTo)).toHaveLength(1);
    });

    it('is for admins: an agent cannot change them', async () => {
      const { auth } = await signUp(app);
      const { workspaceId } = await createWorkspace(app, auth);
      const agent = await signUp(app);
      await addMember(app, auth, workspaceId, agent.request.email, 'agent');
      const refused = await patch(agent.auth, workspaceId, { backgroundColor: '#000000' });
      expect(refused.statusCode).toBe(403);
    });
  });

  describe('DELETE /api/user/workspaces (JSON body)', () => {
    it('deletes the workspace with its members, chatbots and statistics', async () => {
      const admin = await signUp(app);
      const member = await signUp(app);
      const { workspaceId } = await createWorkspace(app, admin.auth);
      await addMember(app, admin.auth, workspaceId, member.request.email);
      const response = await app.inject({
        method: 'DELETE',
        url: '/api/user/workspaces',
        headers: bearer(admin.auth),
        payload: { workspaceId },
      });
      expect(response.statusCode).toBe(204);
      expect(response.body).toBe('');
      for (const table of ['workspaceUsers', 'chatbots', 'statistics'] as const) {
        const rows = await app.db
          .selectFrom(table)
          .select('workspaceId')
          .where('workspaceId', '=', workspaceId)
          .execute();
        expect(rows).toEqual([]);
      }
      const workspace = await app.db
        .selectFrom('workspaces')
        .select('id')
        .where('id', '=', workspaceId)
        .executeTakeFirst();
      expect(workspace).toBeUndefined();
      // The member's account stays.
      const profile = await app.inject({
        method: 'GET',
        url: '/api/user/profile',
        headers: bearer(member.auth),
      });
      expect(profile.statusCode).toBe(200);
    });

    it('answers 400 for a DELETE without a body', async () => {
      const { auth } = await signUp(app);
      const response = await app.inject({
        method: 'DELETE',
        url: '/api/user/workspaces',
        headers: bearer(auth),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('invalid-argument');
    });
  });

  describe('GET /api/user/is-admin', () => {
    const isAdmin = (headers: Record<string, string>, workspaceId: string) =>
      app.inject({ method: 'GET', url: `/api/user/is-admin?workspaceId=${workspaceId}`, headers });

    it('answers true for an admin, false for an agent, a stranger and an unknown workspace', async () => {
      const admin = await signUp(app);
      const agent = await signUp(app);
      const stranger = await signUp(app);
      const { workspaceId } = await createWorkspace(app, admin.auth);
      await addMember(app, admin.auth, workspaceId, agent.request.email, 'agent');

      const answers = [
        await isAdmin(bearer(admin.auth), workspaceId),
        await isAdmin(bearer(agent.auth), workspaceId),
        await isAdmin(bearer(stranger.auth), workspaceId),
        await isAdmin(bearer(admin.auth), 'no-such-workspace'),
      ];
      expect(answers.map((response) => response.statusCode)).toEqual([200, 200, 200, 200]);
      expect(answers.map((response) => response.body)).toEqual(['true', 'false', 'false', 'false']);
      expect(answers[0]!.headers['content-type']).toMatch(/^application\/json/);
    });

    it('answers false for a disabled admin', async () => {
      const admin = await signUp(app);
      const other = await signUp(app);
      const { workspaceId } = await createWorkspace(app, admin.auth);
      const link = await addMember(app, admin.auth, workspaceId, other.request.email, 'admin');
      await app.inject({
        method: 'PATCH',
        url: '/api/user/users',
        headers: bearer(admin.auth),
        payload: { workspaceUserId: link.id, status: 'disabled' },
      });
      expect((await isAdmin(bearer(other.auth), workspaceId)).body).toBe('false');
    });

    it('answers 400 without a workspaceId and 401 when not signed in', async () => {
      const { auth } = await signUp(app);
      const missing = await app.inject({
        method: 'GET',
        url: '/api/user/is-admin',
        headers: bearer(auth),
      });
      expect(missing.statusCode).toBe(400);
      expect((await isAdmin({}, 'anything')).statusCode).toBe(401);
    });
  });
});
