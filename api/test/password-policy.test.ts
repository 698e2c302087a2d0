import { bearer, buildSignupRequest, signUp } from './fixtures/user';
import { appStartTimeoutMs, buildTestApp, testConfig } from './support/build-test-app';
import type { TestApp } from './support/build-test-app';
import { messagesTo, resetLinkIn } from './support/outbox';

const strongPassword = 'Str0ng&long';

describe('a configured password policy', () => {
  let app: TestApp;
  beforeAll(async () => {
    const base = testConfig().auth;
    app = await buildTestApp({
      auth: {
        ...base,
        passwordPolicy: {
          minLength: 10,
          maxLength: 256,
          requireLowercase: true,
          requireUppercase: true,
          requireNumber: true,
          requireSymbol: true,
        },
      },
    });
  }, appStartTimeoutMs);
  afterAll(() => app.close());

  it('is what GET /api/auth/password-policy answers', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/auth/password-policy' });
    expect(response.json()).toEqual({
      minLength: 10,
      maxLength: 256,
      requireLowercase: true,
      requireUppercase: true,
      requireNumber: true,
      requireSymbol: true,
    });
  });

  it('holds for sign-up, password change and password reset', async () => {
    const weak = 'alllowercase';
    const expectRefused = (response: { statusCode: number; json: () => unknown }) => {
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        error: {
          code: 'auth/password-does-not-meet-requirements',
          message: 'The password needs an upper-case letter, a digit, a symbol',
        },
      });
    };

    expectRefused(
      await app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        payload: buildSignupRequest({ password: weak }),
      }),
    );

    const { request, auth } = await signUp(app, { password: strongPassword });
    expectRefused(
      await app.inject({
        method: 'POST',
        url: '/api/auth/change-password',
        headers: bearer(auth),
        payload: { currentPassword: request.password, newPassword: weak },
      }),
    );

    await app.inject({
      method: 'POST',
      url: '/api/auth/password-reset',
      payload: { email: request.email },
    });
    const [message] = await messagesTo(app, request.email);
    expectRefused(
      await app.inject({
        method: 'POST',
        url: '/api/auth/password-reset/confirm',
        payload: { code: resetLinkIn(message!).code, newPassword: weak },
      }),
    );
  });
});
