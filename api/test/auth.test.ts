import { authResponseSchema, workspaceUserSchema } from 'shared-sdk/schemas';
import {
  bearer,
  buildSignupRequest,
  defaultTestPassword,
  disableUser,
  signIn,
  signUp,
} from './fixtures/user';
import { appStartTimeoutMs, buildTestApp, TestClock } from './support/build-test-app';
import type { TestApp } from './support/build-test-app';
import { refreshReuseGraceSeconds } from '../src/services/sessions';

describe('sign-up, sign-in and tokens', () => {
  const clock = new TestClock();
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp({}, { now: clock.now });
  }, appStartTimeoutMs);
  afterAll(() => app.close());
  afterEach(() => clock.reset());

  const profile = (headers: Record<string, string>) =>
    app.inject({ method: 'GET', url: '/api/user/profile', headers });

  describe('POST /api/auth/signup', () => {
    it('creates the account and answers 201 with a working session', async () => {
      const request = buildSignupRequest({
        email: 'Ada.Lovelace@Engines.example',
        displayName: 'Ada Lovelace King',
      });
      const response = await app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        payload: request,
      });
      expect(response.statusCode).toBe(201);
      const auth = authResponseSchema.parse(response.json());
      // product-spec.md §5: the display name is split at its first space; e-mails are stored lower-cased.
      expect(auth.user).toEqual({
        id: expect.any(String),
        email: 'ada.lovelace@engines.example',
        providerId: 'password',
        photoUrl: null,
        firstName: 'Ada',
        lastName: 'Lovelace King',
        website: null,
        countryCode: null,
        phoneNumber: null,
        preferredLanguage: 'en-US',
      });
      expect(auth.expiresIn).toBe(3600);
      expect(auth.refreshToken).toMatch(/^[A-Za-z0-9_-]{43}$/);

      const me = await profile(bearer(auth));
      expect(me.statusCode).toBe(200);
      expect(me.json()).toEqual(auth.user);
    });

    it('stores a memory-hard hash, never the password, and the refresh token only hashed', async () => {
      const { request, auth } = await signUp(app);
      const row = await app.db
        .selectFrom('users')
        .select('passwordHash')
        .where('id', '=', auth.user.id)
        .executeTakeFirstOrThrow();
      expect(row.passwordHash).toMatch(/^scrypt\$\d+\$8\$1\$[A-Za-z0-9_-]+\$[A-Za-z0-9_-]+$/);
      expect(row.passwordHash).not.toContain(request.password);
      const tokens = await app.db
        .selectFrom('refreshTokens')
        .select('tokenHash')
        .where('userId', '=', auth.user.id)
        .execute();
      expect(tokens).toHaveLength(1);
      expect(tokens[0]?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
      expect(tokens[0]?.tokenHash).not.toBe(auth.refreshToken);
    });

    it('keeps a one-word display name as the first name', async () => {
      const { auth } = await signUp(app, { displayName: 'Cher' });
      expect(auth.user).toMatchObject({ firstName: 'Cher', lastName: '' });
    });

    it('creates no workspace without a website', async () => {
      const { auth } = await signUp(app);
      const response = await app.inject({
        method: 'GET',
        url: '/api/user/workspaces',
        headers: bearer(auth),
      });
      expect(response.json()).toEqual([]);
    });

    it("creates 'Your workspace' with its chatbot and statistics when a website is given", async () => {
      const { auth } = await signUp(app, { website: 'https://furniture.example' });
      expect(auth.user.website).toBe('https://furniture.example');
      const response = await app.inject({
        method: 'GET',
        url: '/api/user/workspaces',
        headers: bearer(auth),
      });
      const links = workspaceUserSchema.array().parse(response.json());
      expect(links).toHaveLength(1);
      expect(links[0]).toMatchObject({
        userId: auth.user.id,
        role: 'admin',
        status: 'active',
        workspace: {
          name: 'Your workspace',
          url: 'https://furniture.example',
          ownedBy: auth.user.id,
        },
      });
      const workspaceId = links[0]!.workspaceId;
      const chatbots = await app.inject({
        method: 'GET',
        url: `/api/user/chatbots?workspaceId=${workspaceId}`,
        headers: bearer(auth),
      });
      expect(chatbots.json()).toEqual([
        expect.objectContaining({ name: 'Your workspace assistant' }),
      ]);
    });

    it('refuses an e-mail address already in use, whatever its case', async () => {
      const { request } = await signUp(app);
      const response = await app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        payload: buildSignupRequest({ email: request.email.toUpperCase() }),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('auth/email-already-in-use');
    });

    it("refuses a malformed e-mail with the product's own code, on sign-up, sign-in and reset", async () => {
      for (const [url, payload] of [
        ['/api/auth/signup', buildSignupRequest({ email: 'nobody@' })],
        ['/api/auth/login', { email: 'nobody@', password: 'whatever it is' }],
        ['/api/auth/password-reset', { email: 'not an address' }],
      ] as const) {
        const response = await app.inject({ method: 'POST', url, payload });
        expect({ url, status: response.statusCode, body: response.json() }).toEqual({
          url,
          status: 400,
          // product-spec.md §8: auth errors map by code to errors.auth/invalid-email in the browser.
          body: {
            error: { code: 'auth/invalid-email', message: 'Please enter a valid e-mail address.' },
          },
        });
      }
    });

    it('refuses a password shorter than the policy and stores nothing', async () => {
      const request = buildSignupRequest({ password: '12345' });
      const response = await app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        payload: request,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toEqual({
        code: 'auth/password-does-not-meet-requirements',
        message: 'The password needs at least 6 characters',
      });
      const stored = await app.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', request.email)
        .executeTakeFirst();
      expect(stored).toBeUndefined();
    });
  });

  describe('POST /api/auth/login', () => {
    it('signs in with the right password, e-mail in any case', async () => {
      const { request, auth: signedUp } = await signUp(app);
      const response = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: request.email.toUpperCase(), password: request.password },
      });
      expect(response.statusCode).toBe(200);
      const auth = authResponseSchema.parse(response.json());
      expect(auth.user).toEqual(signedUp.user);
      expect((await profile(bearer(auth))).statusCode).toBe(200);
    });

    it('answers the same for a wrong password and an unknown e-mail', async () => {
      const { request } = await signUp(app);
      const wrongPassword = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: request.email, password: 'not the password' },
      });
      const unknownEmail = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'nobody@nowhere.example', password: request.password },
      });
      expect(wrongPassword.statusCode).toBe(400);
      expect(wrongPassword.json()).toEqual({
        error: {
          code: 'auth/invalid-credential',
          message: 'The e-mail address or password is incorrect',
        },
      });
      expect(unknownEmail.statusCode).toBe(wrongPassword.statusCode);
      expect(unknownEmail.json()).toEqual(wrongPassword.json());
    });

    it('refuses a disabled account with 403, but only given the right password', async () => {
      const { request, auth } = await signUp(app);
      await disableUser(app, auth.user.id);
      const right = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: request.email, password: request.password },
      });
      expect(right.statusCode).toBe(403);
      expect(right.json().error.code).toBe('auth/user-disabled');
      const wrong = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: request.email, password: 'guess' },
      });
      expect(wrong.json().error.code).toBe('auth/invalid-credential');
      // Its live access token stops working too.
      const me = await profile(bearer(auth));
      expect(me.statusCode).toBe(403);
      expect(me.json().error.code).toBe('auth/user-disabled');
    });
  });

  describe('access tokens', () => {
    it('answers 401 unauthenticated without a token', async () => {
      const response = await profile({});
      expect(response.statusCode).toBe(401);
      expect(response.json().error.code).toBe('unauthenticated');
    });

    it('answers 401 auth/user-token-expired once the access token has expired', async () => {
      const { auth } = await signUp(app);
      clock.advance(3590);
      expect((await profile(bearer(auth))).statusCode).toBe(200);
      clock.advance(11);
      const response = await profile(bearer(auth));
      expect(response.statusCode).toBe(401);
      expect(response.json().error.code).toBe('auth/user-token-expired');
    });

    it('refuses a token that is not ours, or is tampered with', async () => {
      const { auth } = await signUp(app);
      const [header, payload] = auth.idToken.split('.');
      const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
      const forgedPayload = Buffer.from(
        JSON.stringify({ ...claims, sub: 'someone-else' }),
      ).toString('base64url');
      const forged = `${header}.${forgedPayload}.${auth.idToken.split('.')[2]}`;
      for (const token of ['garbage', forged]) {
        const response = await profile({ authorization: `Bearer ${token}` });
        expect(response.statusCode).toBe(401);
        expect(response.json().error.code).toBe('auth/user-token-expired');
      }
    });
  });

  describe('POST /api/auth/refresh', () => {
    const refresh = (refreshToken: string) =>
      app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken } });

    it('rotates: new tokens, and the old refresh token stops working', async () => {
      const { auth } = await signUp(app);
      const first = await refresh(auth.refreshToken);
      expect(first.statusCode).toBe(200);
      const next = authResponseSchema.parse(first.json());
      expect(next.refreshToken).not.toBe(auth.refreshToken);
      expect(next.user).toEqual(auth.user);
      expect((await profile(bearer(next))).statusCode).toBe(200);

      const again = await refresh(next.refreshToken);
      expect(again.statusCode).toBe(200);
    });

    it('takes a reused refresh token as stolen and ends the whole session', async () => {
      const { auth } = await signUp(app);
      const next = authResponseSchema.parse((await refresh(auth.refreshToken)).json());
      clock.advance(refreshReuseGraceSeconds + 1);

      const reused = await refresh(auth.refreshToken);
      expect(reused.statusCode).toBe(401);
      expect(reused.json().error.code).toBe('auth/user-token-expired');
      // The legitimate newest token of that family is revoked too.
      const newest = await refresh(next.refreshToken);
      expect(newest.statusCode).toBe(401);
      expect(newest.json().error.code).toBe('auth/user-token-expired');
    });

    it('leaves other sessions alone when one is revoked for reuse', async () => {
      const { request, auth } = await signUp(app);
      const other = await signIn(app, request.email, request.password);
      await refresh(auth.refreshToken);
      clock.advance(refreshReuseGraceSeconds + 1);
      await refresh(auth.refreshToken);
      expect((await refresh(other.refreshToken)).statusCode).toBe(200);
    });

    it('answers a token presented again soon after, while its replacement is unused, as a retry of a lost answer: once', async () => {
      const { auth } = await signUp(app);
      const lost = authResponseSchema.parse((await refresh(auth.refreshToken)).json());
      clock.advance(refreshReuseGraceSeconds - 1);
      const retried = await refresh(auth.refreshToken);
      expect(retried.statusCode).toBe(200);
      const current = authResponseSchema.parse(retried.json());
      expect(current.refreshToken).not.toBe(lost.refreshToken);
      expect(current.user).toEqual(auth.user);

      // Once only: the same token a third time is reuse, and the whole sign-in ends.
      expect((await refresh(auth.refreshToken)).statusCode).toBe(401);
      expect((await refresh(current.refreshToken)).statusCode).toBe(401);
    });

    it('takes a token presented again after its replacement was used as stolen, even soon after', async () => {
      const { auth } = await signUp(app);
      const next = authResponseSchema.parse((await refresh(auth.refreshToken)).json());
      const newest = authResponseSchema.parse((await refresh(next.refreshToken)).json());
      expect((await refresh(auth.refreshToken)).statusCode).toBe(401);
      expect((await refresh(newest.refreshToken)).statusCode).toBe(401);
    });

    it('takes the lost token of a retry, presented after the grace, as stolen', async () => {
      const { auth } = await signUp(app);
      const lost = authResponseSchema.parse((await refresh(auth.refreshToken)).json());
      const current = authResponseSchema.parse((await refresh(auth.refreshToken)).json());
      clock.advance(refreshReuseGraceSeconds + 1);
      expect((await refresh(lost.refreshToken)).statusCode).toBe(401);
      expect((await refresh(current.refreshToken)).statusCode).toBe(401);
    });

    it('refuses an unknown or expired refresh token', async () => {
      const unknown = await refresh('not-a-token');
      expect(unknown.statusCode).toBe(401);
      expect(unknown.json().error.code).toBe('auth/user-token-expired');

      const { auth } = await signUp(app);
      clock.advance(30 * 86_400 + 1);
      const expired = await refresh(auth.refreshToken);
      expect(expired.statusCode).toBe(401);
      expect(expired.json().error.code).toBe('auth/user-token-expired');
    });

    it('refuses a disabled account', async () => {
      const { auth } = await signUp(app);
      await disableUser(app, auth.user.id);
      const response = await refresh(auth.refreshToken);
      expect(response.statusCode).toBe(403);
      expect(response.json().error.code).toBe('auth/user-disabled');
    });
  });

  describe('POST /api/auth/logout', () => {
    it('revokes the refresh token and answers 204', async () => {
      const { auth } = await signUp(app);
      const response = await app.inject({
        method: 'POST',
        url: '/api/auth/logout',
        payload: { refreshToken: auth.refreshToken },
      });
      expect(response.statusCode).toBe(204);
      expect(response.body).toBe('');
      const refreshed = await app.inject({
        method: 'POST',
        url: '/api/auth/refresh',
        payload: { refreshToken: auth.refreshToken },
      });
      expect(refreshed.statusCode).toBe(401);
      expect(refreshed.json().error.code).toBe('auth/user-token-expired');
    });

    it('answers 204 for an unknown token too', async () => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/auth/logout',
        payload: { refreshToken: 'never-issued' },
      });
      expect(response.statusCode).toBe(204);
    });
  });

  describe('GET /api/auth/password-policy', () => {
    it('answers the default policy (product-spec.md §9: at least 6 characters)', async () => {
      const response = await app.inject({ method: 'GET', url: '/api/auth/password-policy' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        minLength: 6,
        maxLength: 256,
        requireLowercase: false,
        requireUppercase: false,
        requireNumber: false,
        requireSymbol: false,
      });
    });
  });

  describe('POST /api/auth/change-password', () => {
    const changePassword = (
      headers: Record<string, string>,
      body: { currentPassword: string; newPassword: string },
    ) => app.inject({ method: 'POST', url: '/api/auth/change-password', headers, payload: body });

    it('answers 401 when not signed in', async () => {
      const response = await changePassword(
        {},
        { currentPassword: defaultTestPassword, newPassword: 'a new password' },
      );
      expect(response.statusCode).toBe(401);
      expect(response.json().error.code).toBe('unauthenticated');
    });

    it('refuses a wrong current password and keeps the old one', async () => {
      const { request, auth } = await signUp(app);
      const response = await changePassword(bearer(auth), {
        currentPassword: 'not it',
        newPassword: 'a new password',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('auth/wrong-password');
      await signIn(app, request.email, request.password);
    });

    it('refuses a new password the policy does not allow', async () => {
      const { auth } = await signUp(app);
      const response = await changePassword(bearer(auth), {
        currentPassword: defaultTestPassword,
        newPassword: 'abc',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('auth/password-does-not-meet-requirements');
    });

    it('sets the password, ends every other session and returns a fresh one', async () => {
      const { request, auth } = await signUp(app);
      const otherDevice = await signIn(app, request.email, request.password);
      clock.advance(2);

      const response = await changePassword(bearer(auth), {
        currentPassword: request.password,
        newPassword: 'a brand new password',
      });
      expect(response.statusCode).toBe(200);
      const fresh = authResponseSchema.parse(response.json());

      // The other device: refresh token revoked, access token refused.
      const otherRefresh = await app.inject({
        method: 'POST',
        url: '/api/auth/refresh',
        payload: { refreshToken: otherDevice.refreshToken },
      });
      expect(otherRefresh.statusCode).toBe(401);
      const otherProfile = await profile(bearer(otherDevice));
      expect(otherProfile.statusCode).toBe(401);
      expect(otherProfile.json().error.code).toBe('auth/user-token-expired');

      // The fresh session works, and so does refreshing it.
      expect((await profile(bearer(fresh))).statusCode).toBe(200);
      const refreshed = await app.inject({
        method: 'POST',
        url: '/api/auth/refresh',
        payload: { refreshToken: fresh.refreshToken },
      });
      expect(refreshed.statusCode).toBe(200);

      // Only the new password signs in.
      const old = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: request.email, password: request.password },
      });
      expect(old.json().error.code).toBe('auth/invalid-credential');
      await signIn(app, request.email, 'a brand new password');
    });
  });

  describe('DELETE /api/auth/account', () => {
    const deleteAccount = (headers: Record<string, string>, password: string) =>
      app.inject({ method: 'DELETE', url: '/api/auth/account', headers, payload: { password } });

    it('refuses a wrong password and deletes nothing', async () => {
      const { request, auth } = await signUp(app);
      const response = await deleteAccount(bearer(auth), 'not it');
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('auth/wrong-password');
      await signIn(app, request.email, request.password);
    });

    it('answers 401 when not signed in', async () => {
      const response = await deleteAccount({}, defaultTestPassword);
      expect(response.statusCode).toBe(401);
    });

    it('deletes the account, its sessions and the workspaces it was alone in', async () => {
      const { request, auth } = await signUp(app, { website: 'https://alone.example' });
      const [link] = workspaceUserSchema.array().parse(
        (
          await app.inject({
            method: 'GET',
            url: '/api/user/workspaces',
            headers: bearer(auth),
          })
        ).json(),
      );

      const response = await deleteAccount(bearer(auth), request.password);
      expect(response.statusCode).toBe(204);
      // The sign-in cookie goes too.
      expect(response.headers['set-cookie']).toMatch(/^parley_session=;/);

      const login = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: request.email, password: request.password },
      });
      expect(login.json().error.code).toBe('auth/invalid-credential');
      const refreshed = await app.inject({
        method: 'POST',
        url: '/api/auth/refresh',
        payload: { refreshToken: auth.refreshToken },
      });
      expect(refreshed.statusCode).toBe(401);
      expect((await profile(bearer(auth))).statusCode).toBe(401);
      for (const table of ['workspaces', 'chatbots', 'statistics'] as const) {
        const column = table === 'workspaces' ? 'id' : 'workspaceId';
        const rows = await app.db
          .selectFrom(table)
          .select(column)
          .where(column, '=', link!.workspaceId)
          .execute();
        expect(rows).toEqual([]);
      }
      const tokens = await app.db
        .selectFrom('refreshTokens')
        .select('id')
        .where('userId', '=', auth.user.id)
        .execute();
      expect(tokens).toEqual([]);
    });

    it('refuses while it is the last admin of a workspace with other members', async () => {
      const owner = await signUp(app);
      const agent = await signUp(app);
      const created = await app.inject({
        method: 'POST',
        url: '/api/user/workspaces',
        headers: bearer(owner.auth),
        payload: { workspaceName: 'Garden centre', websiteUrl: 'https://garden.example' },
      });
      const { workspaceId } = workspaceUserSchema.parse(created.json());
      await app.inject({
        method: 'POST',
        url: '/api/user/users',
        headers: bearer(owner.auth),
        payload: { workspaceId, users: [{ email: agent.request.email, role: 'agent' }] },
      });

      const refused = await deleteAccount(bearer(owner.auth), owner.request.password);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({
        error: {
          code: 'invalid-argument',
          message: 'Make someone else an admin of Garden centre first',
        },
      });
      expect((await profile(bearer(owner.auth))).statusCode).toBe(200);

      // An agent leaving deletes only its link; the workspace stays with its admin.
      const agentLeaves = await deleteAccount(bearer(agent.auth), agent.request.password);
      expect(agentLeaves.statusCode).toBe(204);
      const workspaces = await app.inject({
        method: 'GET',
        url: '/api/user/workspaces',
        headers: bearer(owner.auth),
      });
      expect(workspaces.json()).toEqual([expect.objectContaining({ workspaceId })]);
    });
  });
});
