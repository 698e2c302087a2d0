import { createApiClient } from './api-client';
import {
  createSession,
  refreshLeadMs,
  refreshRetryMaxMs,
  refreshRetryStartMs,
  type SessionStorage,
} from './session';
import type { AuthResponse } from './schemas/identity';

const user = {
  id: 'u1',
  email: 'ada@example.com',
  providerId: 'password' as const,
  photoUrl: null,
  firstName: 'Ada',
  lastName: 'Lovelace',
  website: null,
  countryCode: null,
  phoneNumber: null,
  preferredLanguage: 'en-US',
};
const auth = (n: number): AuthResponse => ({
  user,
  idToken: `id-${n}`,
  refreshToken: `refresh-${n}`,
  expiresIn: 3600,
});

function memoryStorage(): SessionStorage {
  const items = new Map<string, string>();
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
}

/** A fake API: `answers` decides each call; calls are recorded with their body. */
function setup(answer: (path: string, body: unknown) => { status: number; body?: unknown }) {
  const calls: { path: string; body: unknown }[] = [];
  let clock = 0;
  const fetch = (async (url: string, init: RequestInit) => {
    const body = init.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ path: url, body });
    const result = answer(url, body);
    return new Response(result.body === undefined ? null : JSON.stringify(result.body), {
      status: result.status,
    });
  }) as unknown as typeof globalThis.fetch;
  const storage = memoryStorage();
  const session = createSession({
    client: createApiClient({ baseUrl: '', fetch }),
    storage,
    now: () => clock,
  });
  return {
    session,
    storage,
    calls,
    advance: async (ms: number) => {
      clock += ms;
      await jest.advanceTimersByTimeAsync(ms);
    },
  };
}

describe('session (product-spec.md §9 timings)', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('signs in and keeps the refresh token, with no call for the cookie (the answer set it)', async () => {
    const { session, storage, calls } = setup(() => ({ status: 200, body: auth(1) }));
    const signedIn = await session.signIn({ email: 'ada@example.com', password: 'secret1' });
    expect(signedIn).toMatchObject({
      fullName: 'Ada Lovelace',
      publicKey: 'u1',
      canChangePassword: true,
    });
    expect(session.getState().status).toBe('signed-in');
    expect(storage.getItem('parley.refreshToken')).toBe('refresh-1');
    expect(calls.map((call) => call.path)).toEqual(['/api/auth/login']);
  });

  it('refreshes 5 minutes before the token expires', async () => {
    let issued = 1;
    const { session, calls, advance } = setup((path) =>
      path === '/api/auth/refresh'
        ? { status: 200, body: auth(++issued) }
        : { status: 200, body: auth(1) },
    );
    await session.signIn({ email: 'ada@example.com', password: 'secret1' });
    await advance(3600_000 - refreshLeadMs - 1);
    expect(calls.filter((call) => call.path === '/api/auth/refresh')).toHaveLength(0);
    await advance(1);
    const refreshes = calls.filter((call) => call.path === '/api/auth/refresh');
    expect(refreshes).toHaveLength(1);
    expect(refreshes[0]!.body).toEqual({ refreshToken: 'refresh-1' });
    expect(await session.getIdToken()).toBe('id-2');
  });

  it('counts the token as expired 30 s early and refreshes before handing it out', async () => {
    let issued = 1;
    const { session, advance } = setup((path) =>
      path === '/api/auth/refresh'
        ? { status: 200, body: auth(++issued) }
        : { status: 200, body: auth(1) },
    );
    await session.signIn({ email: 'ada@example.com', password: 'secret1' });
    jest.clearAllTimers(); // leave only the on-demand path
    await advance(3600_000 - 30_001);
    expect(await session.getIdToken()).toBe('id-1');
    await advance(1);
    expect(await session.getIdToken()).toBe('id-2');
  });

  it('retries a failed refresh after 30 s, doubling up to 16 minutes', async () => {
    let failing = true;
    const { session, calls, advance } = setup((path) =>
      path === '/api/auth/refresh'
        ? failing
          ? { status: 503 }
          : { status: 200, body: auth(2) }
        : { status: 200, body: auth(1) },
    );
    await session.signIn({ email: 'ada@example.com', password: 'secret1' });
    const refreshCount = () => calls.filter((call) => call.path === '/api/auth/refresh').length;
    await advance(3600_000 - refreshLeadMs);
    expect(refreshCount()).toBe(1);
    let delay = refreshRetryStartMs;
    const delays: number[] = [];
    for (let attempt = 0; attempt < 7; attempt += 1) {
      await advance(delay - 1);
      const before = refreshCount();
      await advance(1);
      expect(refreshCount()).toBe(before + 1);
      delays.push(delay);
      delay = Math.min(delay * 2, refreshRetryMaxMs);
    }
    expect(delays).toEqual([30_000, 60_000, 120_000, 240_000, 480_000, 960_000, 960_000]);
    failing = false;
    await advance(delay);
    expect(session.getState().status).toBe('signed-in');
    expect(await session.getIdToken()).toBe('id-2');
  });

  it('signs out when the refresh token is refused', async () => {
    const { session, storage, advance } = setup((path) =>
      path === '/api/auth/refresh'
        ? { status: 401, body: { error: { code: 'auth/user-token-expired', message: 'expired' } } }
        : { status: 200, body: auth(1) },
    );
    await session.signIn({ email: 'ada@example.com', password: 'secret1' });
    await advance(3600_000 - refreshLeadMs);
    expect(session.getState()).toEqual({ status: 'signed-out', user: null });
    expect(storage.getItem('parley.refreshToken')).toBeNull();
  });

  it('signs out on user-disabled or user-token-expired errors (product-spec.md §8)', async () => {
    const { session, calls } = setup(() => ({ status: 200, body: auth(1) }));
    await session.signIn({ email: 'ada@example.com', password: 'secret1' });
    const { ApiError } = await import('./errors');
    expect(session.handleAuthError(new ApiError('GET', '/x', 400, 'invalid-argument', 'no'))).toBe(
      false,
    );
    expect(session.getState().status).toBe('signed-in');
    expect(
      session.handleAuthError(new ApiError('GET', '/x', 403, 'auth/user-disabled', 'off')),
    ).toBe(true);
    expect(session.getState().status).toBe('signed-out');
    await jest.runOnlyPendingTimersAsync();
    expect(calls.map((call) => call.path)).toEqual(
      expect.arrayContaining(['/api/auth/logout', '/api/session']),
    );
    expect(calls.find((call) => call.path === '/api/auth/logout')!.body).toEqual({
      refreshToken: 'refresh-1',
    });
  });

  it('restores a session from the stored refresh token, or starts signed out', async () => {
    const fresh = setup(() => ({ status: 200, body: auth(5) }));
    await fresh.session.restore();
    expect(fresh.session.getState().status).toBe('signed-out');

    const returning = setup(() => ({ status: 200, body: auth(5) }));
    returning.storage.setItem('parley.refreshToken', 'refresh-4');
    await returning.session.restore();
    expect(returning.session.getState().status).toBe('signed-in');
    expect(await returning.session.getIdToken()).toBe('id-5');
  });
});
