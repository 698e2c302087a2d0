import { createHmac } from 'node:crypto';
import type { AuthResponse } from 'shared-sdk';
import {
  identitySecretResponseSchema,
  identityVerificationSchema,
  widgetConversationSchema,
  widgetSessionSchema,
  type WidgetSession,
} from 'shared-sdk/schemas';
import { findConversation } from '../src/repositories/conversations';
import { sendCustomerMessage } from './fixtures/conversation';
import { visitorBearer } from './fixtures/customer';
import { seedTeams, type Teams } from './fixtures/teams';
import { bearer } from './fixtures/user';
import { appStartTimeoutMs, buildTestApp, TestClock, type TestApp } from './support/build-test-app';

jest.setTimeout(60_000);

type Auth = Pick<AuthResponse, 'idToken'>;

/** What the business's server computes (widget/README.md's Node snippet). */
const sign = (secret: string, message: string) =>
  createHmac('sha256', secret).update(message).digest('hex');

describe('verified customer identity', () => {
  let app: TestApp;
  let teams: Teams;
  let workspaceId: string;
  let admin: Auth;
  let secret: string;
  const clock = new TestClock();
  /** Every answer of the whole suite, to look for the secret in. */
  const bodies: { url: string; body: string }[] = [];

  beforeAll(async () => {
    app = await buildTestApp(
      {},
      {
        now: clock.now,
        beforeReady: (built) =>
          built.addHook('onSend', async (request, _reply, payload) => {
            if (typeof payload === 'string') bodies.push({ url: request.url, body: payload });
            return payload;
          }),
      },
    );
    teams = await seedTeams(app);
    workspaceId = teams.team.workspaceId;
    admin = teams.team.admin.auth;
    const created = await call('POST', '/api/user/identity-verification', admin, { workspaceId });
    expect(created.statusCode).toBe(201);
    secret = identitySecretResponseSchema.parse(created.json()).secret;
  }, appStartTimeoutMs);
  afterAll(() => app?.close());

  function call(method: 'GET' | 'POST' | 'PATCH', url: string, auth: Auth, input: object) {
    return app.inject({
      method,
      url:
        method === 'GET' ? `${url}?${new URLSearchParams(input as Record<string, string>)}` : url,
      headers: bearer(auth),
      ...(method === 'GET' ? {} : { payload: input }),
    });
  }

  /** A widget session of a browser: its stored token, if it has one, and what identify said. */
  async function session(customer: object, token?: string, onWorkspace = workspaceId) {
    const response = await app.inject({
      method: 'POST',
      url: '/api/widget/sessions',
      payload: { workspaceId: onWorkspace, customer },
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    expect([200, 201]).toContain(response.statusCode);
    return widgetSessionSchema.parse(response.json());
  }

  const messagesOf = async (browser: Pick<WidgetSession, 'visitorToken'>) => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/widget/messages',
      headers: visitorBearer(browser),
    });
    return { status: response.statusCode, body: response.json() };
  };

  const customerRow = (id: string) =>
    app.db.selectFrom('customers').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('makes one customer of a user on two devices, each seeing the conversations', async () => {
    const userId = 'shop-user-1';
    const identity = {
      userId,
      userHash: sign(secret, userId),
      firstName: 'Grace',
      lastName: 'Hopper',
      email: 'grace@shop.example',
    };
    // A laptop that chatted anonymously first, then signed in to the shop.
    const anonymous = await session({});
    const laptop = await session(identity, anonymous.visitorToken);
    expect(laptop.identity).toEqual({ verified: true, saved: true, error: null });
    expect(laptop.visitor).toMatchObject({ verified: true, firstName: 'Grace' });
    expect(laptop.customerId).not.toBe(anonymous.customerId);
    const first = await sendCustomerMessage(app, laptop, 'Where is my parcel?');

    // A phone, never seen before.
    const phone = await session(identity);
    expect(phone.customerId).toBe(laptop.customerId);
    expect(phone.visitorToken).not.toBe(laptop.visitorToken);
    expect(phone.conversation?.id).toBe(first.conversationId);
    const onPhone = widgetConversationSchema.parse((await messagesOf(phone)).body);
    expect(onPhone.messages.map((message) => message.content)).toContain('Where is my parcel?');

    // The agent resolves it; the phone starts another; the laptop sees the new one too.
    const resolved = await call('POST', '/api/user/resolve-conversation', admin, {
      workspaceId,
      conversationId: first.conversationId,
    });
    expect(resolved.statusCode).toBeLessThan(300);
    const second = await sendCustomerMessage(app, phone, 'And my refund?');
    expect(second.conversationId).not.toBe(first.conversationId);
    const onLaptop = widgetConversationSchema.parse((await messagesOf(laptop)).body);
    expect(onLaptop.conversation?.id).toBe(second.conversationId);

    // Agents see both conversations under one verified customer.
    for (const id of [first.conversationId, second.conversationId]) {
      const conversation = await findConversation(app.db, workspaceId, id);
      expect(conversation).toMatchObject({
        customerId: laptop.customerId,
        customer: { firstName: 'Grace', email: 'grace@shop.example', verified: true },
      });
    }
    // The anonymous visitor the laptop was keeps nothing of the verified customer's.
    expect((await customerRow(anonymous.customerId)).userId).toBeNull();
  });

  it("refuses forged, expired, other workspaces' and stale-secret hashes, saying why", async () => {
    const userId = 'shop-user-2';
    const otherSecret = identitySecretResponseSchema.parse(
      (
        await call('POST', '/api/user/identity-verification', teams.otherTeam.admin.auth, {
          workspaceId: teams.otherTeam.workspaceId,
        })
      ).json(),
    ).secret;
    const past = Math.floor(clock.now().getTime() / 1000) - 60;
    const cases = [
      { userId, userHash: 'a'.repeat(64), code: 'identity/invalid-hash' },
      { userId, userHash: sign(otherSecret, userId), code: 'identity/invalid-hash' },
      { userId, userHash: sign(secret, 'someone-else'), code: 'identity/invalid-hash' },
      {
        userId,
        expiresAt: past,
        userHash: sign(secret, `${userId}:${past}`),
        code: 'identity/expired',
      },
      { userId, code: 'identity/missing-hash' },
    ];
    for (const { code, ...signed } of cases) {
      const visitor = await session({ ...signed, firstName: 'Mallory' });
      expect(visitor.identity).toMatchObject({ verified: false, saved: true, error: { code } });
      expect(visitor.identity?.error?.message).toMatch(/Not verified/);
      // Kept as an unverified label on the visitor's own anonymous customer.
      expect(visitor.visitor).toMatchObject({ verified: false, firstName: 'Mallory' });
      expect((await customerRow(visitor.customerId)).userId).toBeNull();
    }

    // A hash that expires later is good until then.
    const later = Math.floor(clock.now().getTime() / 1000) + 3600;
    const expiring = await session({
      userId,
      expiresAt: later,
      userHash: sign(secret, `${userId}:${later}`),
    });
    expect(expiring.identity?.verified).toBe(true);
  });

  it('accepts the previous secret for 24 hours after a rotation, not after', async () => {
    const otherAdmin = teams.otherTeam.admin.auth;
    const otherWorkspaceId = teams.otherTeam.workspaceId;
    const before = identitySecretResponseSchema.parse(
      (
        await call('POST', '/api/user/identity-verification-rotate', otherAdmin, {
          workspaceId: otherWorkspaceId,
        })
      ).json(),
    ).secret;
    const rotated = await call('POST', '/api/user/identity-verification-rotate', otherAdmin, {
      workspaceId: otherWorkspaceId,
    });
    expect(rotated.statusCode).toBe(200);
    const after = identitySecretResponseSchema.parse(rotated.json());
    expect(after.secret).not.toBe(before);
    expect(after.previousSecretExpiresAt).not.toBeNull();
    const userId = 'reader-7';
    const withOld = { userId, userHash: sign(before, userId) };
    const withNew = { userId, userHash: sign(after.secret, userId) };

    try {
      clock.advance(23 * 3600);
      expect((await session(withOld, undefined, otherWorkspaceId)).identity?.verified).toBe(true);
      clock.advance(2 * 3600);
      const stale = await session(withOld, undefined, otherWorkspaceId);
      expect(stale.identity?.error?.code).toBe('identity/invalid-hash');
      expect((await session(withNew, undefined, otherWorkspaceId)).identity?.verified).toBe(true);
    } finally {
      clock.reset();
    }
  });

  it('with "Require verified identity" on, refuses an unsigned identify and writes nothing', async () => {
    const switched = await call('PATCH', '/api/user/identity-verification', admin, {
      workspaceId,
      required: true,
    });
    expect(identityVerificationSchema.parse(switched.json()).required).toBe(true);
    try {
      const unsigned = await session({ firstName: 'Eve', email: 'eve@shop.example' });
      expect(unsigned.identity).toMatchObject({
        verified: false,
        saved: false,
        error: { code: 'identity/required' },
      });
      expect(unsigned.identity?.error?.message).toMatch(/requires a verified identity/);
      const row = await customerRow(unsigned.customerId);
      expect([row.firstName, row.email, row.userId]).toEqual(['', null, null]);

      const forged = await session(
        { userId: 'x', userHash: 'b'.repeat(64), firstName: 'Eve' },
        unsigned.visitorToken,
      );
      expect(forged.identity).toMatchObject({
        saved: false,
        error: { code: 'identity/invalid-hash' },
      });
      expect((await customerRow(unsigned.customerId)).firstName).toBe('');

      // A signed one still goes through.
      const signed = await session({
        userId: 'eve',
        userHash: sign(secret, 'eve'),
        firstName: 'Eve',
      });
      expect(signed.identity?.verified).toBe(true);
    } finally {
      await call('PATCH', '/api/user/identity-verification', admin, {
        workspaceId,
        required: false,
      });
    }
  });

  it('shows the secret only to the admin who created or rotated it, never to agents', async () => {
    const agent = teams.team.agent.auth;
    const status = await call('GET', '/api/user/identity-verification', admin, { workspaceId });
    expect(identityVerificationSchema.strict().parse(status.json())).toMatchObject({
      configured: true,
    });
    for (const [method, url, input] of [
      ['GET', '/api/user/identity-verification', { workspaceId }],
      ['POST', '/api/user/identity-verification-rotate', { workspaceId }],
      ['PATCH', '/api/user/identity-verification', { workspaceId, required: true }],
    ] as const) {
      expect((await call(method, url, agent, input)).statusCode).toBe(403);
    }
    // A second creation does not answer the secret again.
    const again = await call('POST', '/api/user/identity-verification', admin, { workspaceId });
    expect(again.statusCode).toBe(400);

    const rotated = identitySecretResponseSchema.parse(
      (await call('POST', '/api/user/identity-verification-rotate', admin, { workspaceId })).json(),
    );
    const secrets = [secret, rotated.secret];
    const showing = bodies.filter(({ body }) => secrets.some((one) => body.includes(one)));
    expect(showing.map(({ url }) => url)).toEqual([
      '/api/user/identity-verification',
      '/api/user/identity-verification-rotate',
    ]);
    secret = rotated.secret;
  });

  it("Parley.logout() ends the browser's token; the customer's other devices go on", async () => {
    const userId = 'shared-computer-user';
    const identity = { userId, userHash: sign(secret, userId) };
    const library = await session(identity);
    const home = await session(identity);
    await sendCustomerMessage(app, library, 'Hello from the library');

    const out = await app.inject({
      method: 'POST',
      url: '/api/widget/logout',
      headers: visitorBearer(library),
    });
    expect(out.statusCode).toBe(204);
    expect((await messagesOf(library)).status).toBe(401);
    expect((await messagesOf(home)).status).toBe(200);

    // The next visitor of the library's computer is a stranger.
    const next = await session({}, library.visitorToken);
    expect(next.customerId).not.toBe(library.customerId);
    expect(next.conversation).toBeNull();
  });
});
