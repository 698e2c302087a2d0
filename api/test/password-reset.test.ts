import { authResponseSchema } from 'shared-sdk/schemas';
import { bearer, disableUser, signIn, signUp } from './fixtures/user';
import { appStartTimeoutMs, buildTestApp, TestClock } from './support/build-test-app';
import type { TestApp } from './support/build-test-app';
import { messagesTo, readOutbox, resetLinkIn } from './support/outbox';
import { describeLifetime } from '../src/services/password-reset';

const publicUrl = 'https://parley.example';

describe('password reset', () => {
  const clock = new TestClock();
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp({ publicUrl }, { now: clock.now });
  }, appStartTimeoutMs);
  afterAll(() => app.close());
  afterEach(() => clock.reset());

  const requestReset = (email: string) =>
    app.inject({ method: 'POST', url: '/api/auth/password-reset', payload: { email } });
  const confirm = (code: string, newPassword: string) =>
    app.inject({
      method: 'POST',
      url: '/api/auth/password-reset/confirm',
      payload: { code, newPassword },
    });

  /** Asks for a reset of `email` and returns the code from the e-mail it received. */
  async function resetCodeFor(email: string): Promise<string> {
    const before = (await messagesTo(app, email)).length;
    expect((await requestReset(email)).statusCode).toBe(204);
    const messages = await messagesTo(app, email);
    expect(messages).toHaveLength(before + 1);
    return resetLinkIn(messages[messages.length - 1]!).code;
  }

  it('answers a known and an unknown address alike, and mails only the known one', async () => {
    const { request } = await signUp(app);
    const filesBefore = (await readOutbox(app)).length;

    const known = await requestReset(request.email.toUpperCase());
    const unknown = await requestReset('nobody-here@furniture.example');
    expect(known.statusCode).toBe(204);
    expect(unknown.statusCode).toBe(204);
    expect(unknown.body).toBe(known.body);
    expect(unknown.headers['content-type']).toBe(known.headers['content-type']);

    const files = await readOutbox(app);
    expect(files).toHaveLength(filesBefore + 1);
    expect(await messagesTo(app, 'nobody-here@furniture.example')).toEqual([]);
    expect(await messagesTo(app, request.email)).toHaveLength(1);
  });

  it("mails a link to the product's /login page with a single-use code (product-spec.md §7)", async () => {
    const { request } = await signUp(app);
    await requestReset(request.email);
    const [message] = await messagesTo(app, request.email);
    expect(message!.content).toMatch(/^Subject: Reset your Parley password$/m);
    expect(message!.content).toContain('open this link within an hour');
    const { link, code } = resetLinkIn(message!);
    expect(`${link.origin}${link.pathname}`).toBe(`${publicUrl}/login`);
    expect(link.searchParams.get('mode')).toBe('resetPassword');
    expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Stored hashed, never as sent.
    const rows = await app.db.selectFrom('passwordResetCodes').select('codeHash').execute();
    expect(rows.map((row) => row.codeHash)).not.toContain(code);
  });

  it('sets the new password with the code from the e-mail; the code works once', async () => {
    const { request } = await signUp(app);
    const code = await resetCodeFor(request.email);

    expect((await confirm(code, 'my new password')).statusCode).toBe(204);
    await signIn(app, request.email, 'my new password');
    const old = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: request.email, password: request.password },
    });
    expect(old.json().error.code).toBe('auth/invalid-credential');

    const again = await confirm(code, 'another password');
    expect(again.statusCode).toBe(400);
    expect(again.json().error.code).toBe('auth/invalid-action-code');
    await signIn(app, request.email, 'my new password');
  });

  it('spends every earlier code of the account too', async () => {
    const { request } = await signUp(app);
    const first = await resetCodeFor(request.email);
    const second = await resetCodeFor(request.email);
    expect((await confirm(second, 'my new password')).statusCode).toBe(204);
    expect((await confirm(first, 'yet another one')).json().error.code).toBe(
      'auth/invalid-action-code',
    );
  });

  it('refuses an unknown code', async () => {
    const response = await confirm('made-up-code', 'my new password');
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('auth/invalid-action-code');
  });

  it('refuses a code older than an hour', async () => {
    const { request } = await signUp(app);
    const code = await resetCodeFor(request.email);
    clock.advance(3601);
    const response = await confirm(code, 'my new password');
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('auth/expired-action-code');
  });

  it('refuses a password the policy does not allow, and keeps the code usable', async () => {
    const { request } = await signUp(app);
    const code = await resetCodeFor(request.email);
    const refused = await confirm(code, 'short');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.code).toBe('auth/password-does-not-meet-requirements');
    expect((await confirm(code, 'long enough now')).statusCode).toBe(204);
  });

  it('ends every session of the account', async () => {
    const { request, auth } = await signUp(app);
    const other = await signIn(app, request.email, request.password);
    const code = await resetCodeFor(request.email);
    clock.advance(2);
    expect((await confirm(code, 'my new password')).statusCode).toBe(204);

    for (const session of [auth, other]) {
      const refreshed = await app.inject({
        method: 'POST',
        url: '/api/auth/refresh',
        payload: { refreshToken: session.refreshToken },
      });
      expect(refreshed.statusCode).toBe(401);
      expect(refreshed.json().error.code).toBe('auth/user-token-expired');
      const profile = await app.inject({
        method: 'GET',
        url: '/api/user/profile',
        headers: bearer(session),
      });
      expect(profile.statusCode).toBe(401);
      expect(profile.json().error.code).toBe('auth/user-token-expired');
    }
    // A new sign-in is a working session.
    const fresh = await signIn(app, request.email, 'my new password');
    expect(authResponseSchema.parse(fresh).user.email).toBe(request.email.toLowerCase());
  });

  it('mails nothing for a disabled account, and answers the same', async () => {
    const { request, auth } = await signUp(app);
    await disableUser(app, auth.user.id);
    const response = await requestReset(request.email);
    expect(response.statusCode).toBe(204);
    expect(await messagesTo(app, request.email)).toEqual([]);
  });
});

describe('describeLifetime (the reset e-mail says how long its link works)', () => {
  it.each([
    [3600, 'an hour'],
    [7200, '2 hours'],
    [1800, '30 minutes'],
    [60, 'a minute'],
  ])('%i s → %s', (seconds, text) => {
    expect(describeLifetime(seconds)).toBe(text);
  });
});
