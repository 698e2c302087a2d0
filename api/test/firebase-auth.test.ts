import { randomBytes } from 'node:crypto';
import { userSchema } from 'shared-sdk/schemas';
import type { FirebaseConfig } from '../src/config';
import { randomId } from '../src/db/random-id';
import { writeTransaction } from '../src/live/write-transaction';
import { insertUser } from '../src/repositories/users';
import { appStartTimeoutMs, buildTestApp, TestClock } from './support/build-test-app';
import type { TestApp } from './support/build-test-app';
import {
  clearEmulatorAccounts,
  createEmulatorAccount,
  emulatorHost,
  emulatorProjectId,
  emulatorStartTimeoutMs,
  signInEmulatorAccount,
  startAuthEmulator,
  updateEmulatorAccount,
} from './support/firebase-emulator';

// Issue 16: Firebase ID tokens from the Auth emulator (127.0.0.1:9099), verified by the API.
const firebase: FirebaseConfig = {
  projectId: emulatorProjectId,
  apiKey: 'test-api-key',
  authEmulatorHost: emulatorHost,
  accountCheckSeconds: 0,
};

const uniqueEmail = () => `Owner-${randomBytes(4).toString('hex')}@Firebase.example`;
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('Firebase Authentication against the Auth emulator', () => {
  const clock = new TestClock();
  let emulator: { stop: () => Promise<void> };
  let app: TestApp;

  beforeAll(async () => {
    emulator = await startAuthEmulator();
    await clearEmulatorAccounts();
    app = await buildTestApp({ firebase }, { now: clock.now });
  }, emulatorStartTimeoutMs + appStartTimeoutMs);
  afterAll(async () => {
    await app?.close();
    await emulator?.stop();
  }, emulatorStartTimeoutMs);
  afterEach(() => clock.reset());

  const profile = (token: string) =>
    app.inject({ method: 'GET', url: '/api/user/profile', headers: bearer(token) });
  const setSession = (token: string) =>
    app.inject({ method: 'POST', url: '/api/session', payload: { token } });

  it('creates the Parley user on the first sign-in and finds it afterwards', async () => {
    const email = uniqueEmail();
    const account = await createEmulatorAccount(email, 'secret12', 'Ada Lovelace King');

    const session = await setSession(account.idToken);
    expect(session.statusCode).toBe(204);
    expect(session.headers['set-cookie']).toMatch(/^parley_session=ey[^;]+; .*HttpOnly/);

    const first = await profile(account.idToken);
    expect(first.statusCode).toBe(200);
    // product-spec.md §5: the display name split at its first space; providerId from the token.
    expect(userSchema.parse(first.json())).toMatchObject({
      email: email.toLowerCase(),
      providerId: 'password',
      firstName: 'Ada',
      lastName: 'Lovelace King',
    });
    const again = await profile(account.idToken);
    expect(again.json().id).toBe(first.json().id);
    const rows = await app.db
      .selectFrom('users')
      .select(['id', 'passwordHash'])
      .where('firebaseUid', '=', account.uid)
      .execute();
    expect(rows).toEqual([{ id: first.json().id, passwordHash: null }]);

    // Then authorized exactly as today: the user's own workspaces and nothing else.
    const created = await app.inject({
      method: 'POST',
      url: '/api/user/workspaces',
      headers: bearer(account.idToken),
      payload: { workspaceName: 'Firebase Shop', websiteUrl: 'https://shop.example' },
    });
    expect(created.statusCode).toBe(201);
  });

  it('refuses an expired token', async () => {
    const account = await createEmulatorAccount(uniqueEmail(), 'secret12', 'Ex Pired');
    expect((await profile(account.idToken)).statusCode).toBe(200);
    clock.advance(60 * 60 + 1);
    const response = await profile(account.idToken);
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('auth/user-token-expired');
    expect((await setSession(account.idToken)).statusCode).toBe(401);
  });

  it(
    'refuses a token of another project',
    async () => {
      const other = await buildTestApp({ firebase: { ...firebase, projectId: 'demo-other' } });
      try {
        const account = await createEmulatorAccount(uniqueEmail(), 'secret12', 'Other Project');
        const response = await other.inject({
          method: 'GET',
          url: '/api/user/profile',
          headers: bearer(account.idToken),
        });
        expect(response.statusCode).toBe(401);
      } finally {
        await other.close();
      }
    },
    appStartTimeoutMs,
  );

  it(
    'refuses the emulator’s unsigned tokens unless the emulator is configured',
    async () => {
      const production = await buildTestApp({
        firebase: { ...firebase, authEmulatorHost: undefined },
      });
      try {
        const account = await createEmulatorAccount(uniqueEmail(), 'secret12', 'Un Signed');
        const response = await production.inject({
          method: 'POST',
          url: '/api/session',
          payload: { token: account.idToken },
        });
        expect(response.statusCode).toBe(401);
        expect(response.headers['set-cookie']).toBeUndefined();
      } finally {
        await production.close();
      }
    },
    appStartTimeoutMs,
  );

  it('refuses a tampered token', async () => {
    const account = await createEmulatorAccount(uniqueEmail(), 'secret12', 'Tam Pered');
    const [, payload] = account.idToken.split('.');
    // Claiming a signature it does not have: RS256 in the header, no key can match.
    const header = Buffer.from(JSON.stringify({ alg: 'RS256', kid: 'forged' })).toString(
      'base64url',
    );
    const forged = `${header}.${payload}.${Buffer.from('not a signature').toString('base64url')}`;
    expect((await profile(forged)).statusCode).toBe(401);
    // Another uid written into it: the emulator knows no such account.
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const retargeted = Buffer.from(
      JSON.stringify({ ...claims, sub: 'someone-else', user_id: 'someone-else' }),
    ).toString('base64url');
    const [head] = account.idToken.split('.');
    expect((await profile(`${head}.${retargeted}.`)).statusCode).toBe(401);
    expect((await profile(account.idToken.slice(0, -3))).statusCode).toBe(401);
  });

  it('signs out a user whose tokens were revoked, and refuses a disabled one', async () => {
    const revoked = await createEmulatorAccount(uniqueEmail(), 'secret12', 'Re Voked');
    expect((await profile(revoked.idToken)).statusCode).toBe(200);
    await updateEmulatorAccount(revoked.uid, {
      validSince: String(Math.floor(Date.now() / 1000) + 1),
    });
    const afterRevoke = await profile(revoked.idToken);
    expect(afterRevoke.statusCode).toBe(401);
    expect(afterRevoke.json().error.code).toBe('auth/user-token-expired');

    const disabled = await createEmulatorAccount(uniqueEmail(), 'secret12', 'Dis Abled');
    expect((await profile(disabled.idToken)).statusCode).toBe(200);
    await updateEmulatorAccount(disabled.uid, { disableUser: true });
    const afterDisable = await profile(disabled.idToken);
    expect(afterDisable.statusCode).toBe(403);
    expect(afterDisable.json().error.code).toBe('auth/user-disabled');
  });

  it('deletes the account after Firebase checks the password', async () => {
    const account = await createEmulatorAccount(uniqueEmail(), 'secret12', 'Dele Ted');
    const me = await profile(account.idToken);
    const remove = (password: string) =>
      app.inject({
        method: 'DELETE',
        url: '/api/auth/account',
        headers: bearer(account.idToken),
        payload: { password },
      });
    const wrong = await remove('not-the-password');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.code).toBe('auth/wrong-password');
    expect((await remove('secret12')).statusCode).toBe(204);
    const rows = await app.db
      .selectFrom('users')
      .select('id')
      .where('id', '=', me.json().id)
      .execute();
    expect(rows).toEqual([]);
  });

  it('takes the e-mail address Firebase signs in with, and no other from the profile', async () => {
    const email = uniqueEmail();
    const account = await createEmulatorAccount(email, 'secret12', 'Mo Ved');
    const saveProfile = (token: string, payload: Record<string, unknown>) =>
      app.inject({
        method: 'PATCH',
        url: '/api/user/profile',
        headers: bearer(token),
        payload,
      });
    const moved = uniqueEmail();

    // Not through the profile: Firebase would still sign in with the old address.
    const refused = await saveProfile(account.idToken, { email: moved, firstName: 'Moe' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.code).toBe('invalid-argument');
    const before = (await profile(account.idToken)).json();
    expect(before).toMatchObject({ email: email.toLowerCase(), firstName: 'Mo' });
    // The address it has (in any case) and the other fields are saved as before.
    const same = await saveProfile(account.idToken, { email, firstName: 'Moe' });
    expect(same.statusCode).toBe(200);

    // Changed in Firebase: the next token brings the address, on the same Parley user.
    await updateEmulatorAccount(account.uid, { email: moved });
    const movedToken = await signInEmulatorAccount(moved, 'secret12');
    const after = await profile(movedToken);
    expect(after.statusCode).toBe(200);
    // The id is read from before the move: the emulator may refuse the old token now (an
    // address change revokes tokens issued before that second).
    expect(after.json()).toMatchObject({
      id: before.id,
      email: moved.toLowerCase(),
      firstName: 'Moe',
    });
  });

  it('keeps the old address when Firebase moves an account to one another Parley account has', async () => {
    const account = await createEmulatorAccount(uniqueEmail(), 'secret12', 'Kept Address');
    const before = (await profile(account.idToken)).json();
    // An account of Parley's own sign-in, from before the switch to Firebase.
    const taken = uniqueEmail();
    await writeTransaction(app.db, (trx) =>
      insertUser(trx, {
        id: randomId(),
        email: taken,
        passwordHash: 'not-a-hash',
        firstName: 'Other',
        lastName: 'Owner',
        website: null,
      }),
    );

    await updateEmulatorAccount(account.uid, { email: taken });
    const token = await signInEmulatorAccount(taken, 'secret12');
    // Still signed in, as the same user with the address it had.
    const after = await profile(token);
    expect(after.statusCode).toBe(200);
    expect(after.json()).toMatchObject({ id: before.id, email: before.email });
    const holders = await app.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', taken.toLowerCase())
      .execute();
    expect(holders).toHaveLength(1);
    expect(holders[0]?.id).not.toBe(before.id);
  });

  it('serves the browser its Firebase settings and closes Parley’s own password calls', async () => {
    const config = await app.inject({ method: 'GET', url: '/api/runtime-config' });
    expect(config.json().firebase).toEqual({
      projectId: emulatorProjectId,
      apiKey: 'test-api-key',
      authDomain: `${emulatorProjectId}.firebaseapp.com`,
      authEmulatorUrl: `http://${emulatorHost}`,
    });
    expect(config.headers['content-security-policy']).toContain(`http://${emulatorHost}`);
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'a@b.example', password: 'secret12' },
    });
    expect(login.statusCode).toBe(404);
    const policy = await app.inject({ method: 'GET', url: '/api/auth/password-policy' });
    expect(policy.statusCode).toBe(200);
  });
});
