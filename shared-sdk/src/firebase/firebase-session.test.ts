import { configureApiClient, createApiClient } from '../api-client';
import { ApiError } from '../errors';
import {
  refreshLeadMs,
  refreshRetryMaxMs,
  refreshRetryStartMs,
  type SessionStorage,
} from '../session';
import { createFirebaseSession } from './firebase-session';

// The Firebase web SDK stands in as a fake: what it is asked, and what it answers.
const sdk = {
  connect: jest.fn(),
  signIn: jest.fn(),
  signUp: jest.fn(),
  sendPasswordReset: jest.fn(),
  confirmPasswordReset: jest.fn(),
  reauthenticate: jest.fn(),
  updatePassword: jest.fn(),
  updateEmail: jest.fn(),
  verifyBeforeUpdateEmail: jest.fn(),
  deleteUser: jest.fn(),
  signOut: jest.fn(),
};
jest.mock('./firebase-auth-sdk', () => ({
  connectFirebaseAuth: (...args: unknown[]) => sdk.connect(...args),
  firebaseAuth: {
    signIn: (...args: unknown[]) => sdk.signIn(...args),
    signUp: (...args: unknown[]) => sdk.signUp(...args),
    sendPasswordReset: (...args: unknown[]) => sdk.sendPasswordReset(...args),
    confirmPasswordReset: (...args: unknown[]) => sdk.confirmPasswordReset(...args),
    reauthenticate: (...args: unknown[]) => sdk.reauthenticate(...args),
    updatePassword: (...args: unknown[]) => sdk.updatePassword(...args),
    updateEmail: (...args: unknown[]) => sdk.updateEmail(...args),
    verifyBeforeUpdateEmail: (...args: unknown[]) => sdk.verifyBeforeUpdateEmail(...args),
    deleteUser: (...args: unknown[]) => sdk.deleteUser(...args),
    signOut: (...args: unknown[]) => sdk.signOut(...args),
  },
}));

const firebase = {
  projectId: 'demo-parley',
  apiKey: 'demo-key',
  authDomain: 'demo-parley.firebaseapp.com',
  authEmulatorUrl: 'http://127.0.0.1:9099',
};
const parleyUser = {
  id: 'u1',
  email: 'ada@example.com',
  providerId: 'password',
  photoUrl: null,
  firstName: 'Ada',
  lastName: 'Lovelace',
  website: null,
  countryCode: null,
  phoneNumber: null,
  preferredLanguage: 'en-US',
};
const firebaseError = (code: string) => Object.assign(new Error(code), { code });

function memoryStorage(): SessionStorage {
  const items = new Map<string, string>();
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
}

function setup(
  answer: (path: string) => { status: number; body?: unknown } = () => ({ status: 200 }),
  /** What GET and PATCH /api/user/profile answer. */
  profile: (body: unknown) => unknown = () => parleyUser,
) {
  let clock = 0;
  let issued = 0;
  const calls: { path: string; body: unknown }[] = [];
  const fetch = (async (url: string, init: RequestInit) => {
    calls.push({ path: url, body: init.body ? JSON.parse(String(init.body)) : undefined });
    const result =
      url === '/api/user/profile'
        ? { status: 200, body: profile(init.body ? JSON.parse(String(init.body)) : undefined) }
        : answer(url);
    return new Response(result.body === undefined ? null : JSON.stringify(result.body), {
      status: result.status,
    });
  }) as unknown as typeof globalThis.fetch;
  // A Firebase user whose every new token is valid for an hour from the clock's now.
  const tokenRequests: boolean[] = [];
  const user = {
    email: 'ada@example.com',
    getIdTokenResult: jest.fn(async (force: boolean) => {
      tokenRequests.push(force);
      issued += 1;
      return { token: `fb-${issued}`, expirationTime: new Date(clock + 3600_000).toUTCString() };
    }),
  };
  const auth = { currentUser: null as typeof user | null, authStateReady: async () => undefined };
  sdk.connect.mockReturnValue(auth);
  sdk.signIn.mockImplementation(async () => {
    auth.currentUser = user;
    return { user };
  });
  sdk.signOut.mockImplementation(async () => {
    auth.currentUser = null;
  });
  const storage = memoryStorage();
  const session = createFirebaseSession({
    client: createApiClient({ baseUrl: '', fetch }),
    storage,
    now: () => clock,
    firebase,
  });
  configureApiClient({ baseUrl: '', fetch, getToken: () => session.getIdToken() });
  return {
    session,
    storage,
    calls,
    auth,
    user,
    tokenRequests,
    advance: async (ms: number) => {
      clock += ms;
      await jest.advanceTimersByTimeAsync(ms);
    },
  };
}

describe('Firebase session (issue 16, product-spec.md §8 and §9)', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    jest.clearAllMocks();
  });
  afterEach(() => jest.useRealTimers());

  it('loads nothing of Firebase for a browser that never signed in with it', async () => {
    const { session } = setup();
    await session.restore();
    expect(session.getState()).toEqual({ status: 'signed-out', user: null });
    expect(sdk.connect).not.toHaveBeenCalled();
  });

  it('signs in with Firebase and hands the ID token to POST /api/session', async () => {
    const { session, calls, storage } = setup();
    const user = await session.signIn({ email: 'ada@example.com', password: 'secret1' });
    expect(sdk.connect).toHaveBeenCalledWith(firebase);
    expect(user).toMatchObject({ fullName: 'Ada Lovelace', canChangePassword: true });
    expect(calls.map((call) => call.path)).toEqual(['/api/session', '/api/user/profile']);
    expect(calls[0]!.body).toEqual({ token: 'fb-1' });
    expect(storage.getItem('parley.firebaseSignedIn')).toBe('1');
    expect(await session.getIdToken()).toBe('fb-1');
  });

  it('refreshes 5 minutes before expiry, and counts the token expired 30 s early', async () => {
    const { session, tokenRequests, advance } = setup();
    await session.signIn({ email: 'ada@example.com', password: 'secret1' });
    await advance(3600_000 - refreshLeadMs - 1);
    expect(tokenRequests).toEqual([false]);
    await advance(1);
    expect(tokenRequests).toEqual([false, true]);
    expect(await session.getIdToken()).toBe('fb-2');

    jest.clearAllTimers(); // leave only the on-demand path
    await advance(refreshLeadMs + 3600_000 - refreshLeadMs - 30_001);
    expect(await session.getIdToken()).toBe('fb-2');
    await advance(1);
    expect(await session.getIdToken()).toBe('fb-3');
  });

  it('retries a refresh the network failed after 30 s, doubling up to 16 minutes', async () => {
    const { session, user, advance } = setup();
    await session.signIn({ email: 'ada@example.com', password: 'secret1' });
    user.getIdTokenResult.mockRejectedValue(firebaseError('auth/network-request-failed'));
    const attempts = () => user.getIdTokenResult.mock.calls.length;
    await advance(3600_000 - refreshLeadMs);
    expect(attempts()).toBe(2);
    const delays: number[] = [];
    let delay = refreshRetryStartMs;
    for (let attempt = 0; attempt < 7; attempt += 1) {
      const before = attempts();
      await advance(delay - 1);
      expect(attempts()).toBe(before);
      await advance(1);
      expect(attempts()).toBe(before + 1);
      delays.push(delay);
      delay = Math.min(delay * 2, refreshRetryMaxMs);
    }
    expect(delays).toEqual([30_000, 60_000, 120_000, 240_000, 480_000, 960_000, 960_000]);
    expect(session.getState().status).toBe('signed-in');
  });

  it('signs out when the API refuses the refreshed token (disabled or revoked user)', async () => {
    let refuse = false;
    const { session, storage, advance } = setup((path) =>
      refuse && path === '/api/session'
        ? { status: 403, body: { error: { code: 'auth/user-disabled', message: 'off' } } }
        : { status: 204 },
    );
    await session.signIn({ email: 'ada@example.com', password: 'secret1' });
    refuse = true;
    await advance(3600_000 - refreshLeadMs);
    expect(session.getState()).toEqual({ status: 'signed-out', user: null });
    expect(storage.getItem('parley.firebaseSignedIn')).toBeNull();
    expect(sdk.signOut).toHaveBeenCalled();
  });

  it('maps Firebase error codes to the product-spec.md §8 codes pages translate', async () => {
    const { session } = setup();
    sdk.signIn.mockRejectedValueOnce(firebaseError('auth/wrong-password'));
    await expect(session.signIn({ email: 'a@b.example', password: 'x' })).rejects.toMatchObject({
      code: 'auth/wrong-password',
      status: 400,
    });
    sdk.signUp.mockRejectedValueOnce(firebaseError('auth/weak-password'));
    await expect(
      session.signUp({ email: 'a@b.example', password: 'x', displayName: 'A B' }),
    ).rejects.toMatchObject({ code: 'auth/password-does-not-meet-requirements' });
    sdk.confirmPasswordReset.mockRejectedValueOnce(firebaseError('auth/expired-action-code'));
    await expect(
      session.confirmPasswordReset({ code: 'c', newPassword: 'secret12' }),
    ).rejects.toBeInstanceOf(ApiError);
  });

  it('answers a reset request for an unknown address like any other', async () => {
    const { session } = setup();
    sdk.sendPasswordReset.mockRejectedValueOnce(firebaseError('auth/user-not-found'));
    await expect(session.requestPasswordReset('nobody@example.com')).resolves.toBeUndefined();
    expect(sdk.sendPasswordReset).toHaveBeenCalledWith(
      expect.anything(),
      'nobody@example.com',
      expect.stringMatching(/\/login$/),
    );
  });

  it('changes the password only after re-authenticating; a refused one is a wrong password', async () => {
    const { session, calls } = setup();
    await session.signIn({ email: 'ada@example.com', password: 'secret1' });
    sdk.reauthenticate.mockRejectedValueOnce(firebaseError('auth/invalid-credential'));
    await expect(
      session.changePassword({ currentPassword: 'nope', newPassword: 'secret22' }),
    ).rejects.toMatchObject({ code: 'auth/wrong-password' });
    expect(sdk.updatePassword).not.toHaveBeenCalled();

    sdk.reauthenticate.mockResolvedValueOnce(undefined);
    await session.changePassword({ currentPassword: 'secret1', newPassword: 'secret22' });
    expect(sdk.updatePassword).toHaveBeenCalledWith(expect.anything(), 'secret22');
    // The new token goes to the API, which renews the cookie.
    expect(calls.filter((call) => call.path === '/api/session').at(-1)!.body).toEqual({
      token: 'fb-2',
    });
  });

  it('deletes the Parley account, then the Firebase user, and signs out', async () => {
    const { session, calls } = setup();
    await session.signIn({ email: 'ada@example.com', password: 'secret1' });
    await session.deleteAccount('secret1');
    expect(sdk.reauthenticate).toHaveBeenCalledWith(expect.anything(), 'secret1');
    expect(calls.some((call) => call.path === '/api/auth/account')).toBe(true);
    expect(sdk.deleteUser).toHaveBeenCalled();
    expect(session.getState().status).toBe('signed-out');
  });

  describe('a new e-mail address, kept by Firebase', () => {
    /** The API as followTokenEmail answers: the token's address unless `taken`. */
    function emailSetup(taken?: string) {
      let saved = { ...parleyUser };
      const context = setup(undefined, (body) => {
        saved = { ...saved, ...(body as object) };
        return saved;
      });
      sdk.updateEmail.mockImplementation(async (user: { email: string }, email: string) => {
        user.email = email;
        if (email !== taken) saved = { ...saved, email };
      });
      return context;
    }
    const profileSaves = (calls: { path: string; body: unknown }[]) =>
      calls.filter((call) => call.path === '/api/user/profile' && call.body !== undefined);

    it('changes it in Firebase; the API takes it from the new token, the rest from the profile call', async () => {
      const { session, calls } = emailSetup();
      await session.signIn({ email: 'ada@example.com', password: 'secret1' });

      const saved = await session.updateProfile({
        email: 'augusta@example.com',
        firstName: 'Augusta',
      });

      expect(sdk.updateEmail).toHaveBeenCalledWith(expect.anything(), 'augusta@example.com');
      expect(sdk.reauthenticate).not.toHaveBeenCalled();
      expect(calls.filter((call) => call.path === '/api/session').at(-1)!.body).toEqual({
        token: 'fb-2',
      });
      // Never the address through the profile call: the API would refuse it.
      expect(profileSaves(calls).map((call) => call.body)).toEqual([{ firstName: 'Augusta' }]);
      expect(saved).toEqual({
        user: expect.objectContaining({ email: 'augusta@example.com', firstName: 'Augusta' }),
      });
      expect(session.getState().user).toMatchObject({ email: 'augusta@example.com' });
    });

    it('asks for the password when Firebase wants a recent sign-in, then re-authenticates', async () => {
      const { session, calls } = emailSetup();
      await session.signIn({ email: 'ada@example.com', password: 'secret1' });
      sdk.updateEmail.mockRejectedValueOnce(firebaseError('auth/requires-recent-login'));

      await expect(
        session.updateProfile({ email: 'augusta@example.com', firstName: 'Augusta' }),
      ).rejects.toMatchObject({ code: 'auth/requires-recent-login' });
      expect(profileSaves(calls)).toEqual([]);

      sdk.reauthenticate.mockRejectedValueOnce(firebaseError('auth/invalid-credential'));
      await expect(
        session.updateProfile({ email: 'augusta@example.com' }, { currentPassword: 'nope' }),
      ).rejects.toMatchObject({ code: 'auth/wrong-password' });
      expect(sdk.updateEmail).toHaveBeenCalledTimes(1);

      const saved = await session.updateProfile(
        { email: 'augusta@example.com' },
        { currentPassword: 'secret1' },
      );
      expect(sdk.reauthenticate).toHaveBeenLastCalledWith(expect.anything(), 'secret1');
      expect(saved.user.email).toBe('augusta@example.com');
    });

    it('puts Firebase back when another Parley account has the address', async () => {
      const { session, user } = emailSetup('grace@example.com');
      await session.signIn({ email: 'ada@example.com', password: 'secret1' });

      await expect(session.updateProfile({ email: 'grace@example.com' })).rejects.toMatchObject({
        code: 'auth/email-already-in-use',
      });
      expect(sdk.updateEmail.mock.calls.map(([, email]) => email)).toEqual([
        'grace@example.com',
        'ada@example.com',
      ]);
      expect(user.email).toBe('ada@example.com');
      expect(session.getState()).toMatchObject({
        status: 'signed-in',
        user: { email: 'ada@example.com' },
      });
    });

    it('sends a confirmation link where Firebase allows no direct change', async () => {
      const { session, calls } = emailSetup();
      await session.signIn({ email: 'ada@example.com', password: 'secret1' });
      sdk.updateEmail.mockRejectedValueOnce(firebaseError('auth/operation-not-allowed'));

      const saved = await session.updateProfile({ email: 'augusta@example.com' });

      expect(sdk.verifyBeforeUpdateEmail).toHaveBeenCalledWith(
        expect.anything(),
        'augusta@example.com',
        expect.stringMatching(/\/dashboard\/my-account$/),
      );
      expect(saved).toEqual({
        user: expect.objectContaining({ email: 'ada@example.com' }),
        pendingEmail: 'augusta@example.com',
      });
      expect(profileSaves(calls)).toEqual([]);
    });

    it('leaves Firebase alone when the address is the one it has', async () => {
      const { session } = emailSetup();
      await session.signIn({ email: 'ada@example.com', password: 'secret1' });
      await session.updateProfile({ email: 'Ada@Example.com' });
      expect(sdk.updateEmail).not.toHaveBeenCalled();
    });
  });
});
