import { currentUserResponseSchema } from 'shared-sdk/schemas';
import { bearer, disableUser, signUp } from './fixtures/user';
import { appStartTimeoutMs, buildTestApp, TestClock, testConfig } from './support/build-test-app';
import type { TestApp } from './support/build-test-app';

/** The cookie header a browser would send back for this Set-Cookie. */
function cookieFrom(setCookie: string | string[] | undefined): string {
  const header = Array.isArray(setCookie) ? setCookie[0] : setCookie;
  if (!header) throw new Error('No Set-Cookie header');
  return header.split(';')[0]!;
}

describe('POST /api/session (sign-in cookie)', () => {
  const clock = new TestClock();
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp({}, { now: clock.now });
  }, appStartTimeoutMs);
  afterAll(() => app.close());
  afterEach(() => clock.reset());

  const setSession = (token: string) =>
    app.inject({ method: 'POST', url: '/api/session', payload: { token } });

  it('sets an HttpOnly cookie for a valid token, and the cookie signs requests in', async () => {
    const { auth } = await signUp(app);
    const response = await setSession(auth.idToken);
    expect(response.statusCode).toBe(204);
    const setCookie = response.headers['set-cookie'] as string;
    expect(setCookie).toBe(
      `parley_session=${auth.idToken}; Max-Age=1209600; Path=/; HttpOnly; SameSite=Lax`,
    );

    const cookie = cookieFrom(setCookie);
    const profile = await app.inject({
      method: 'GET',
      url: '/api/user/profile',
      headers: { cookie },
    });
    expect(profile.statusCode).toBe(200);
    expect(profile.json().id).toBe(auth.user.id);
    const current = await app.inject({ method: 'GET', url: '/api/user', headers: { cookie } });
    expect(currentUserResponseSchema.parse(current.json())).toEqual({
      loggedIn: true,
      user: auth.user,
    });
  });

  it('comes with every answer that issues tokens: sign-up, sign-in, refresh, password change', async () => {
    const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
      app.inject({ method: 'POST', url, payload, headers });
    const cookieOf = (response: Awaited<ReturnType<typeof post>>) => {
      expect(response.headers['set-cookie']).toMatch(
        /; Max-Age=1209600; Path=\/; HttpOnly; SameSite=Lax$/,
      );
      return cookieFrom(response.headers['set-cookie']);
    };
    const { request } = await signUp(app);
    const signedUp = await post('/api/auth/signup', {
      ...request,
      email: `again-${request.email}`,
    });
    expect(cookieOf(signedUp)).toBe(`parley_session=${signedUp.json().idToken}`);
    const signedIn = await post('/api/auth/login', {
      email: request.email,
      password: request.password,
    });
    expect(cookieOf(signedIn)).toBe(`parley_session=${signedIn.json().idToken}`);
    const refreshed = await post('/api/auth/refresh', {
      refreshToken: signedIn.json().refreshToken,
    });
    expect(cookieOf(refreshed)).toBe(`parley_session=${refreshed.json().idToken}`);
    const changed = await post(
      '/api/auth/change-password',
      { currentPassword: request.password, newPassword: 'Another-pass-9' },
      bearer(refreshed.json()),
    );
    expect(changed.statusCode).toBe(200);
    const cookie = cookieOf(changed);
    expect(cookie).toBe(`parley_session=${changed.json().idToken}`);
    // The cookie signs plain requests in.
    const profile = await app.inject({
      method: 'GET',
      url: '/api/user/profile',
      headers: { cookie },
    });
    expect(profile.json().id).toBe(signedIn.json().user.id);
    // A refused sign-in sets nothing.
    const refused = await post('/api/auth/login', {
      email: request.email,
      password: 'wrong-Pass-1',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.headers['set-cookie']).toBeUndefined();
  });

  it('clears the cookie for an empty token (sign-out)', async () => {
    const response = await setSession('');
    expect(response.statusCode).toBe(204);
    expect(response.headers['set-cookie']).toMatch(
      /^parley_session=; Max-Age=0; Path=\/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; SameSite=Lax$/,
    );
  });

  it('refuses an invalid or expired token with 401 auth/invalid-credential and sets nothing', async () => {
    const { auth } = await signUp(app);
    const invalid = await setSession('not-a-token');
    expect(invalid.statusCode).toBe(401);
    expect(invalid.json().error.code).toBe('auth/invalid-credential');
    expect(invalid.headers['set-cookie']).toBeUndefined();

    clock.advance(3601);
    const expired = await setSession(auth.idToken);
    expect(expired.statusCode).toBe(401);
    expect(expired.json().error.code).toBe('auth/invalid-credential');
  });

  it("refuses a disabled account's token with 403 auth/user-disabled", async () => {
    const { auth } = await signUp(app);
    await disableUser(app, auth.user.id);
    const response = await setSession(auth.idToken);
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('auth/user-disabled');
  });

  it('answers 401 auth/user-token-expired for a cookie whose token has expired', async () => {
    const { auth } = await signUp(app);
    const cookie = cookieFrom((await setSession(auth.idToken)).headers['set-cookie']);
    clock.advance(3601);
    const response = await app.inject({
      method: 'GET',
      url: '/api/user/profile',
      headers: { cookie },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('auth/user-token-expired');
    // GET /api/user reports "signed out" rather than failing.
    const current = await app.inject({ method: 'GET', url: '/api/user', headers: { cookie } });
    expect(current.statusCode).toBe(200);
    expect(current.json()).toEqual({ loggedIn: false, user: null });
  });

  it('prefers the Authorization header over the cookie', async () => {
    const cookieUser = await signUp(app);
    const headerUser = await signUp(app);
    const cookie = cookieFrom((await setSession(cookieUser.auth.idToken)).headers['set-cookie']);
    const response = await app.inject({
      method: 'GET',
      url: '/api/user/profile',
      headers: { cookie, ...bearer(headerUser.auth) },
    });
    expect(response.json().id).toBe(headerUser.auth.user.id);
  });
});

describe('sign-in cookie settings', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp({
      publicUrl: 'https://app.parley.example',
      sessionCookie: {
        ...testConfig().sessionCookie,
        name: 'sid',
        maxAgeSeconds: 600,
        domain: 'parley.example',
        path: '/api',
        sameSite: 'strict',
        secure: true,
      },
    });
  }, appStartTimeoutMs);
  afterAll(() => app.close());

  it('uses the configured name, lifetime, domain, path, same-site and Secure', async () => {
    const { auth } = await signUp(app);
    const set = await app.inject({
      method: 'POST',
      url: '/api/session',
      payload: { token: auth.idToken },
    });
    expect(set.headers['set-cookie']).toBe(
      `sid=${auth.idToken}; Max-Age=600; Domain=parley.example; Path=/api; HttpOnly; Secure; SameSite=Strict`,
    );
    const cleared = await app.inject({
      method: 'POST',
      url: '/api/session',
      payload: { token: '' },
    });
    expect(cleared.headers['set-cookie']).toMatch(
      /^sid=; Max-Age=0; Domain=parley\.example; Path=\/api;/,
    );
    const profile = await app.inject({
      method: 'GET',
      url: '/api/user/profile',
      headers: { cookie: `sid=${auth.idToken}` },
    });
    expect(profile.statusCode).toBe(200);
  });
});
