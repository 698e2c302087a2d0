import { bearer, buildSignupRequest, signUp } from './fixtures/user';
import { appStartTimeoutMs, buildTestApp, TestClock, testConfig } from './support/build-test-app';
import type { TestApp } from './support/build-test-app';
import { messagesTo } from './support/outbox';

describe('auth rate limits', () => {
  const clock = new TestClock();
  let app: TestApp;
  beforeAll(async () => {
    const base = testConfig().auth;
    app = await buildTestApp(
      {
        auth: {
          ...base,
          rateLimit: {
            perMinute: 3,
            failedLogins: { max: 3, windowSeconds: 900 },
            passwordResets: { max: 2, windowSeconds: 3600 },
          },
        },
      },
      { now: clock.now },
    );
  }, appStartTimeoutMs);
  afterAll(() => app.close());
  afterEach(() => clock.reset());

  // Each test uses its own client addresses, so the per-address buckets do not mix.
  let nextAddress = 1;
  const newAddress = () => `10.0.0.${nextAddress++}`;

  // Sign-ups come from addresses of their own: the per-address limit would stop them.
  const newAccount = () => signUp(app, {}, { remoteAddress: newAddress() });

  const login = (email: string, password: string, remoteAddress = newAddress()) =>
    app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password },
      remoteAddress,
    });

  const expectTooManyRequests = (response: Awaited<ReturnType<typeof login>>) => {
    expect(response.statusCode).toBe(429);
    expect(response.json().error.code).toBe('auth/too-many-requests');
  };

  describe('per client address', () => {
    // A different e-mail address each time, so that the per-account limits stay out of it.
    it.each([
      ['login', '/api/auth/login', () => ({ email: buildSignupRequest().email, password: 'x' })],
      ['signup', '/api/auth/signup', () => buildSignupRequest()],
      ['password-reset', '/api/auth/password-reset', () => ({ email: buildSignupRequest().email })],
    ])('limits %s, and only for that address', async (_name, url, payload) => {
      const address = newAddress();
      for (let i = 0; i < 3; i++) {
        const response = await app.inject({
          method: 'POST',
          url,
          payload: payload(),
          remoteAddress: address,
        });
        expect(response.statusCode).not.toBe(429);
      }
      expectTooManyRequests(
        await app.inject({ method: 'POST', url, payload: payload(), remoteAddress: address }),
      );
      const elsewhere = await app.inject({
        method: 'POST',
        url,
        payload: payload(),
        remoteAddress: newAddress(),
      });
      expect(elsewhere.statusCode).not.toBe(429);
    });
  });

  describe('failed sign-ins per account', () => {
    it('locks the account after 3 failures from any address, even for the right password', async () => {
      const { request } = await newAccount();
      for (let i = 0; i < 3; i++) {
        const response = await login(request.email, 'wrong');
        expect(response.json().error.code).toBe('auth/invalid-credential');
      }
      expectTooManyRequests(await login(request.email, request.password));
      // Counted in the database, so every api instance sees it.
      const row = await app.db
        .selectFrom('authAttempts')
        .selectAll()
        .where('subject', '=', request.email.toLowerCase())
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ kind: 'failed-login', count: 3 });

      // Another account is not affected.
      const other = await newAccount();
      expect((await login(other.request.email, other.request.password)).statusCode).toBe(200);

      // Once the window has passed, the right password works again.
      clock.advance(901);
      expect((await login(request.email, request.password)).statusCode).toBe(200);
    });

    it('starts counting afresh after a successful sign-in', async () => {
      const { request } = await newAccount();
      await login(request.email, 'wrong');
      await login(request.email, 'wrong');
      expect((await login(request.email, request.password)).statusCode).toBe(200);
      await login(request.email, 'wrong');
      await login(request.email, 'wrong');
      expect((await login(request.email, request.password)).statusCode).toBe(200);
    });

    it('limits unknown addresses alike, revealing nothing', async () => {
      for (let i = 0; i < 3; i++) await login('ghost@furniture.example', 'wrong');
      expectTooManyRequests(await login('ghost@furniture.example', 'wrong'));
    });

    it('counts wrong current passwords of a signed-in session too', async () => {
      const { request, auth } = await newAccount();
      for (let i = 0; i < 3; i++) {
        const response = await app.inject({
          method: 'POST',
          url: '/api/auth/change-password',
          headers: bearer(auth),
          payload: { currentPassword: 'wrong', newPassword: 'a new password' },
        });
        expect(response.json().error.code).toBe('auth/wrong-password');
      }
      const locked = await app.inject({
        method: 'POST',
        url: '/api/auth/change-password',
        headers: bearer(auth),
        payload: { currentPassword: request.password, newPassword: 'a new password' },
      });
      expectTooManyRequests(locked);
    });
  });

  describe('password-reset requests per e-mail address', () => {
    it('refuses the third request in an hour, for known and unknown addresses alike', async () => {
      const { request } = await newAccount();
      for (const email of [request.email, 'nobody@furniture.example']) {
        for (let i = 0; i < 2; i++) {
          const response = await app.inject({
            method: 'POST',
            url: '/api/auth/password-reset',
            payload: { email },
            remoteAddress: newAddress(),
          });
          expect(response.statusCode).toBe(204);
        }
        const limited = await app.inject({
          method: 'POST',
          url: '/api/auth/password-reset',
          payload: { email },
          remoteAddress: newAddress(),
        });
        expectTooManyRequests(limited);
      }
      expect(await messagesTo(app, request.email)).toHaveLength(2);

      clock.advance(3601);
      const later = await app.inject({
        method: 'POST',
        url: '/api/auth/password-reset',
        payload: { email: request.email },
        remoteAddress: newAddress(),
      });
      expect(later.statusCode).toBe(204);
    });
  });
});
