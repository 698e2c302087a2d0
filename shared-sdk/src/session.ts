import type { ApiClient } from './api-client';
import { call, callWith } from './endpoint';
import { identityEndpoints } from './endpoints/identity';
import { ApiError } from './errors';
import type {
  AuthResponse,
  LoginRequest,
  ProfileUpdate,
  SignupRequest,
  User,
} from './schemas/identity';

import { createSessionTokens } from './session-tokens';

export {
  expirySkewMs,
  refreshLeadMs,
  refreshRetryMaxMs,
  refreshRetryStartMs,
} from './session-tokens';

// product-spec.md §8: these sign the user out.
export const signOutCodes = new Set(['auth/user-disabled', 'auth/user-token-expired']);
const refreshTokenKey = 'parley.refreshToken';

/** product-spec.md §3: what the client adds to a user. */
export interface ClientUser extends User {
  fullName: string;
  publicKey: string;
  canChangePassword: boolean;
}

export function toClientUser(user: User): ClientUser {
  return {
    ...user,
    fullName: [user.firstName, user.lastName].filter(Boolean).join(' '),
    publicKey: user.id,
    canChangePassword: user.providerId === 'password',
  };
}

export type SessionStatus = 'loading' | 'signed-in' | 'signed-out';

export interface SessionState {
  status: SessionStatus;
  user: ClientUser | null;
}

export interface SessionStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** What a profile save did; `pendingEmail` when the new address waits for its confirmation link. */
export interface ProfileSaved {
  user: User;
  pendingEmail?: string;
}

export interface SessionOptions {
  client: ApiClient;
  storage?: SessionStorage;
  now?: () => number;
}

export interface Session {
  getState(): SessionState;
  subscribe(listener: () => void): () => void;
  /** The current access token, refreshed first when it counts as expired. */
  getIdToken(): Promise<string | null>;
  restore(): Promise<void>;
  signIn(request: LoginRequest): Promise<ClientUser>;
  signUp(request: SignupRequest): Promise<ClientUser>;
  /** Sends the recovery e-mail (product-spec.md §7: it links to /login); the same answer for any address. */
  requestPasswordReset(email: string): Promise<void>;
  /** Sets a new password with the code from the recovery e-mail's link. */
  confirmPasswordReset(request: { code: string; newPassword: string }): Promise<void>;
  /** product-spec.md §5: re-authenticates with the current password first; other sign-ins end. */
  changePassword(request: { currentPassword: string; newPassword: string }): Promise<void>;
  /** Re-authenticates, then deletes the account and signs out. */
  deleteAccount(password: string): Promise<void>;
  /**
   * Saves profile fields; a new e-mail address goes to the provider that signs the user in. When
   * the provider wants a recent sign-in first it fails with auth/requires-recent-login: call again
   * with the current password.
   */
  updateProfile(
    changes: ProfileUpdate,
    options?: { currentPassword?: string },
  ): Promise<ProfileSaved>;
  setUser(user: User): void;
  refresh(): Promise<void>;
  signOut(): Promise<void>;
  /** Signs out if the error is one that ends the session (product-spec.md §8). */
  handleAuthError(error: unknown): boolean;
}

/**
 * Parley's own identity service also takes tokens the server issued in another answer (which set
 * the sign-in cookie with them, as every answer that issues tokens does).
 */
export interface ParleySession extends Session {
  applyAuth(response: AuthResponse): Promise<ClientUser>;
}

export function createSession({
  client,
  storage = (globalThis as { localStorage?: SessionStorage }).localStorage,
  now = Date.now,
}: SessionOptions): ParleySession {
  const tokens = createSessionTokens(() => doRefresh(), now);
  const { setState } = tokens;

  async function applyAuth(response: AuthResponse): Promise<ClientUser> {
    tokens.setToken(response.idToken, now() + response.expiresIn * 1000);
    storage?.setItem(refreshTokenKey, response.refreshToken);
    // The answer that issued the tokens also set the sign-in cookie (for plain page and file
    // requests): nothing to wait for before the page shows the signed-in user.
    const user = toClientUser(response.user);
    setState({ status: 'signed-in', user });
    return user;
  }

  function clearLocal() {
    storage?.removeItem(refreshTokenKey);
    tokens.clear();
  }

  async function signOut() {
    const refreshToken = storage?.getItem(refreshTokenKey);
    clearLocal();
    await Promise.all([
      refreshToken
        ? callWith(client, identityEndpoints.logout, { refreshToken }).catch(() => undefined)
        : undefined,
      callWith(client, identityEndpoints.session, { token: '' }).catch(() => undefined),
    ]);
  }

  function handleAuthError(error: unknown): boolean {
    if (error instanceof ApiError && signOutCodes.has(error.code)) {
      void signOut();
      return true;
    }
    return false;
  }

  async function doRefresh() {
    const refreshToken = storage?.getItem(refreshTokenKey);
    if (!refreshToken) {
      clearLocal();
      return;
    }
    try {
      await applyAuth(await callWith(client, identityEndpoints.refresh, { refreshToken }));
    } catch (error) {
      // A refused refresh token ends the session; anything else (network, 5xx) is retried.
      if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
        clearLocal();
        return;
      }
      tokens.retryLater();
      throw error;
    }
  }

  const refresh = () => tokens.refresh();

  const setUser = (user: User) => tokens.updateUser(toClientUser(user));

  return {
    getState: tokens.getState,
    subscribe: tokens.subscribe,
    getIdToken: tokens.getIdToken,
    async restore() {
      if (!storage?.getItem(refreshTokenKey)) return clearLocal();
      await refresh().catch(() => tokens.restoreFailed());
    },
    signIn: async (request) => applyAuth(await callWith(client, identityEndpoints.login, request)),
    signUp: async (request) => applyAuth(await callWith(client, identityEndpoints.signup, request)),
    applyAuth,
    async requestPasswordReset(email) {
      await callWith(client, identityEndpoints.passwordReset, { email });
    },
    async confirmPasswordReset(request) {
      await callWith(client, identityEndpoints.passwordResetConfirm, request);
    },
    async changePassword(request) {
      // Signed-in calls go through the page's client, which carries the session's token.
      await applyAuth(await call(identityEndpoints.changePassword, request));
    },
    async deleteAccount(password) {
      await call(identityEndpoints.deleteAccount, { password });
      clearLocal();
    },
    async updateProfile(changes) {
      const user = await call(identityEndpoints.updateProfile, changes);
      setUser(user);
      return { user };
    },
    setUser,
    refresh,
    signOut,
    handleAuthError,
  };
}

let sharedSession: Session | null = null;

/** The shell creates the page's one session; every remote reads it through shared-sdk. */
export function configureSession(options: SessionOptions): ParleySession {
  const parley = createSession(options);
  sharedSession = parley;
  return parley;
}

/** Makes `created` the page's one session (another provider's: shared-sdk/firebase). */
export function provideSession(created: Session): Session {
  sharedSession = created;
  return created;
}

export function session(): Session {
  if (!sharedSession) throw new Error('The session is not configured yet');
  return sharedSession;
}
