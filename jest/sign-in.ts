import { apiClient, configureSession, type SessionStorage, type User } from 'shared-sdk';
import { buildAuthResponse, buildUser } from './data-generators';

/** Storage for the session's refresh token that lives only as long as the test. */
export function memoryStorage(): SessionStorage {
  const items = new Map<string, string>();
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
}

/**
 * Signs a user in the way the shell does, through the page's one session. Call it after
 * `fakeApi`: the session talks to the API client configured at that moment.
 */
export async function signIn(overrides: Partial<User> = {}) {
  const storage = memoryStorage();
  const session = configureSession({ client: apiClient(), storage });
  // Overrides are applied past the schema check: a test may sign in as an account of a
  // provider the schema does not list yet (e.g. one with no Parley password).
  const auth = { ...buildAuthResponse(), user: { ...buildUser(), ...overrides } };
  const user = await session.applyAuth(auth);
  return { user, storage };
}

/**
 * The page's session as the shell starts it, signed out, on the API client `fakeApi` set up:
 * for tests that sign in through a page, or through the session as a page would.
 */
export async function startSession() {
  const session = configureSession({ client: apiClient(), storage: memoryStorage() });
  await session.restore();
  return session;
}
