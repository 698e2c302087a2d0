import { apiClient, configureSession, session, type SessionStorage, type User } from 'shared-sdk';
import { buildAuthResponse, buildUser } from './workspace-fixtures';

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
  configureSession({ client: apiClient(), storage });
  const user = await session().applyAuth(buildAuthResponse({ user: buildUser(overrides) }));
  return { user, storage };
}
