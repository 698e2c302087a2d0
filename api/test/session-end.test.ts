import { authResponseSchema, type AuthResponse } from 'shared-sdk/schemas';
import { bearer, defaultTestPassword, signIn, signUp } from './fixtures/user';
import { LiveTestClient, listenForLive } from './support/live-client';
import { refreshReuseGraceSeconds } from '../src/services/sessions';
import { appStartTimeoutMs, buildTestApp, TestClock, type TestApp } from './support/build-test-app';

// An access token belongs to a sign-in (its refresh-token family). When the sign-in ends, the
// token stops working at once, not an hour later when it expires.
describe('access tokens of an ended sign-in', () => {
  let app: TestApp;
  const clock = new TestClock();
  beforeAll(async () => {
    app = await buildTestApp({}, { now: clock.now });
    await listenForLive(app);
  }, appStartTimeoutMs);
  afterAll(() => app.close());

  const profileStatus = async (auth: Pick<AuthResponse, 'idToken'>) =>
    (await app.inject({ method: 'GET', url: '/api/user/profile', headers: bearer(auth) }))
      .statusCode;
  const post = (url: string, payload: object) => app.inject({ method: 'POST', url, payload });

  it('stop working when the sign-in is signed out; other sign-ins go on', async () => {
    const { auth: first, request } = await signUp(app);
    const second = await signIn(app, request.email, defaultTestPassword);
    expect([await profileStatus(first), await profileStatus(second)]).toEqual([200, 200]);

    expect((await post('/api/auth/logout', { refreshToken: first.refreshToken })).statusCode).toBe(
      204,
    );
    expect(await profileStatus(first)).toBe(401);
    expect(await profileStatus(second)).toBe(200);

    const live = await LiveTestClient.connect(app);
    try {
      live.send({ type: 'auth', token: first.idToken });
      expect(await live.next()).toMatchObject({ type: 'error', code: 'unauthenticated' });
    } finally {
      await live.close();
    }
  });

  it('stop working when a reused refresh token revokes the family', async () => {
    const { auth: stolen } = await signUp(app);
    const rotated = authResponseSchema.parse(
      (await post('/api/auth/refresh', { refreshToken: stolen.refreshToken })).json(),
    );
    expect(await profileStatus(rotated)).toBe(200);

    // The old refresh token again, past the grace for a lost answer: taken as stolen, the whole
    // sign-in ends.
    clock.advance(refreshReuseGraceSeconds + 1);
    expect(
      (await post('/api/auth/refresh', { refreshToken: stolen.refreshToken })).statusCode,
    ).toBe(401);
    expect(await profileStatus(rotated)).toBe(401);
    expect(await profileStatus(stolen)).toBe(401);
  });

  it('end the whole sign-in when it is signed out with a refresh token already traded', async () => {
    const { auth: first } = await signUp(app);
    const refresh = async (refreshToken: string) =>
      authResponseSchema.parse((await post('/api/auth/refresh', { refreshToken })).json());
    // R0 → R1 → R2: the client signs out with a token two rotations old.
    const second = await refresh(first.refreshToken);
    const third = await refresh(second.refreshToken);
    expect(await profileStatus(third)).toBe(200);

    expect((await post('/api/auth/logout', { refreshToken: first.refreshToken })).statusCode).toBe(
      204,
    );
    expect(await profileStatus(second)).toBe(401);
    expect(await profileStatus(third)).toBe(401);
    expect((await post('/api/auth/refresh', { refreshToken: third.refreshToken })).statusCode).toBe(
      401,
    );
  });

  it('refuses a well-signed token whose session id is malformed with 401, not a failure', async () => {
    const { auth } = await signUp(app);
    for (const sessionId of ['not-a-uuid', "'; drop table users; --", '']) {
      const forged = await app.identity.accessTokens.sign(auth.user.id, sessionId);
      const response = await app.inject({
        method: 'GET',
        url: '/api/user/profile',
        headers: bearer({ idToken: forged }),
      });
      expect({ sessionId, status: response.statusCode, code: response.json().error.code }).toEqual({
        sessionId,
        status: 401,
        code: 'auth/user-token-expired',
      });
    }
  });
});
