// The page's shared singleton, not relative imports: a copy of the API client, the endpoints or
// ApiError in this entry would be unconfigured, and its errors unknown to the remotes.
import {
  ApiError,
  call,
  callWith,
  identityEndpoints,
  signOutCodes,
  toClientUser,
  workspaceEndpoints,
} from 'shared-sdk';
import type {
  ClientUser,
  FirebaseRuntimeConfig,
  ProfileSaved,
  Session,
  SessionOptions,
  SessionStorage,
  User as ParleyUser,
} from 'shared-sdk';
// Not from the schemas: the session must not bring zod to pages that validate nothing.
import { defaultWorkspaceName } from '../workspace-defaults';
import { createSessionTokens } from '../session-tokens';
import type { Auth, firebaseAuth, User } from './firebase-auth-sdk';
import { toApiError } from './firebase-errors';

// Whether this browser has a Firebase sign-in to restore: without it a page load does not fetch
// the SDK only to learn that nobody is signed in.
const signedInKey = 'parley.firebaseSignedIn';

interface LoadedSdk {
  auth: Auth;
  api: typeof firebaseAuth;
}

export interface FirebaseSessionOptions extends SessionOptions {
  firebase: FirebaseRuntimeConfig;
}

/**
 * The page's session when Firebase Authentication signs users in: the same interface, timing
 * and errors as Parley's own (product-spec.md §8, §9), so no remote knows which provider is in use. The
 * Firebase ID token is the access token: POST /api/session hands it to the API, which creates
 * the Parley user on the first sign-in and sets the sign-in cookie.
 */
export function createFirebaseSession({
  client,
  storage = (globalThis as { localStorage?: SessionStorage }).localStorage,
  now = Date.now,
  firebase,
}: FirebaseSessionOptions): Session {
  let sdk: Promise<LoadedSdk> | null = null;
  const tokens = createSessionTokens((force) => doRefresh(force), now);
  const { setState, refresh } = tokens;

  const load = () => {
    sdk ??= import('./firebase-auth-sdk').then(
      (module) => ({ auth: module.connectFirebaseAuth(firebase), api: module.firebaseAuth }),
      (error: unknown) => {
        // A failed download is tried again by the next call.
        sdk = null;
        throw new ApiError(
          'GET',
          'firebase-auth-sdk',
          0,
          'auth/network-request-failed',
          String(error),
        );
      },
    );
    return sdk;
  };

  /** Runs a Firebase SDK call; its failure becomes the ApiError pages show (product-spec.md §8). */
  async function withFirebase<T>(run: (loaded: LoadedSdk) => Promise<T>): Promise<T> {
    const loaded = await load();
    try {
      return await run(loaded);
    } catch (error) {
      throw toApiError(error);
    }
  }

  function clearLocal() {
    storage?.removeItem(signedInKey);
    tokens.clear();
  }

  /** Hands the user's ID token to the API and takes its Parley user. */
  async function adopt(user: User, forceRefresh: boolean): Promise<ClientUser> {
    let result;
    try {
      result = await user.getIdTokenResult(forceRefresh);
    } catch (error) {
      throw toApiError(error);
    }
    await callWith(client, identityEndpoints.session, { token: result.token });
    tokens.setToken(result.token, Date.parse(result.expirationTime));
    storage?.setItem(signedInKey, '1');
    // The page's client carries the token just adopted.
    const clientUser = toClientUser(await call(identityEndpoints.profile));
    setState({ status: 'signed-in', user: clientUser });
    return clientUser;
  }

  /** A fresh sign-in the API refuses (disabled in Parley, address taken) leaves none behind. */
  async function adoptNew(loaded: LoadedSdk, user: User, forceRefresh: boolean) {
    try {
      return await adopt(user, forceRefresh);
    } catch (error) {
      clearLocal();
      await loaded.api.signOut(loaded.auth).catch(() => undefined);
      throw error;
    }
  }

  async function signOut() {
    const loading = sdk;
    clearLocal();
    await Promise.all([
      loading?.then((loaded) => loaded.api.signOut(loaded.auth)).catch(() => undefined),
      callWith(client, identityEndpoints.session, { token: '' }).catch(() => undefined),
    ]);
  }

  async function doRefresh(forceRefresh: boolean) {
    let loaded: LoadedSdk;
    try {
      loaded = await load();
      await loaded.auth.authStateReady();
    } catch (error) {
      tokens.retryLater();
      throw error;
    }
    const user = loaded.auth.currentUser;
    if (!user) {
      clearLocal();
      return;
    }
    try {
      await adopt(user, forceRefresh);
    } catch (error) {
      // A refused token (disabled, revoked, deleted) ends the session; anything else (network,
      // 5xx) is retried with product-spec.md §9's backoff.
      if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
        clearLocal();
        await loaded.api.signOut(loaded.auth).catch(() => undefined);
        return;
      }
      tokens.retryLater();
      throw error;
    }
  }

  async function signedInUser(): Promise<{ loaded: LoadedSdk; user: User }> {
    const loaded = await load();
    await loaded.auth.authStateReady();
    const user = loaded.auth.currentUser;
    if (!user) {
      throw new ApiError('FIREBASE', 'firebase/auth', 401, 'auth/user-token-expired', 'Signed out');
    }
    return { loaded, user };
  }

  /** The signed-in Firebase user, re-authenticated with `password` (product-spec.md §5). */
  async function reauthenticated(password: string): Promise<{ loaded: LoadedSdk; user: User }> {
    const { loaded, user } = await signedInUser();
    try {
      await loaded.api.reauthenticate(user, password);
    } catch (error) {
      const failure = toApiError(error);
      // The address is the signed-in user's own: a refused credential is a wrong password.
      if (failure instanceof ApiError && failure.code === 'auth/invalid-credential') {
        throw new ApiError(
          'FIREBASE',
          'firebase/auth',
          400,
          'auth/wrong-password',
          failure.message,
        );
      }
      throw failure;
    }
    return { loaded, user };
  }

  /**
   * A new address for the Firebase account. Firebase keeps it, and the next ID token brings it
   * to Parley (the API refuses it through the profile call). Returns the address still waiting
   * for its confirmation link, if Firebase asks for one.
   */
  async function changeEmail(
    email: string,
    currentPassword: string | undefined,
  ): Promise<string | undefined> {
    const { user } =
      currentPassword === undefined ? await signedInUser() : await reauthenticated(currentPassword);
    if (user.email?.toLowerCase() === email.toLowerCase()) return undefined;
    try {
      await withFirebase(({ api }) => api.updateEmail(user, email));
    } catch (error) {
      // E-mail enumeration protection (on by default in new projects) allows only a change
      // confirmed from the new address; it applies when the link is opened.
      if (!(error instanceof ApiError && error.code === 'auth/operation-not-allowed')) throw error;
      const continueUrl = `${(globalThis as { location?: { origin: string } }).location?.origin ?? ''}/dashboard/my-account`;
      await withFirebase(({ api }) => api.verifyBeforeUpdateEmail(user, email, continueUrl));
      return email;
    }
    const adopted = await adopt(user, true);
    if (adopted.email === email.trim().toLowerCase()) return undefined;
    // The API kept the old address: another Parley account has this one. Firebase goes back to
    // the address Parley has, so both sign in with the same.
    await withFirebase(({ api }) => api.updateEmail(user, adopted.email));
    await adopt(user, true);
    throw new ApiError(
      'FIREBASE',
      'firebase/auth',
      400,
      'auth/email-already-in-use',
      'Another Parley account has this e-mail address',
    );
  }

  const setUser = (user: ParleyUser) => tokens.updateUser(toClientUser(user));

  return {
    getState: tokens.getState,
    subscribe: tokens.subscribe,
    getIdToken: tokens.getIdToken,
    async restore() {
      if (!storage?.getItem(signedInKey)) return clearLocal();
      // The SDK keeps a token until shortly before it expires: no new one on every page load.
      await refresh(false).catch(() => tokens.restoreFailed());
    },
    async signIn({ email, password }) {
      const loaded = await load();
      const { user } = await withFirebase(({ auth, api }) => api.signIn(auth, email, password));
      return adoptNew(loaded, user, false);
    },
    async signUp({ email, password, displayName, website }) {
      const loaded = await load();
      const user = await withFirebase(({ auth, api }) =>
        api.signUp(auth, email, password, displayName),
      );
      // Forced: the token must carry the display name just set, which names the Parley user.
      const signedUp = await adoptNew(loaded, user, true);
      if (!website) return signedUp;
      // product-spec.md §4: a user who gives a website gets a workspace at once.
      const updated = await call(identityEndpoints.updateProfile, { website });
      await call(workspaceEndpoints.create, {
        workspaceName: defaultWorkspaceName,
        websiteUrl: website,
      });
      const clientUser = toClientUser(updated);
      setState({ status: 'signed-in', user: clientUser });
      return clientUser;
    },
    async requestPasswordReset(email) {
      // product-spec.md §7: the recovery e-mail links to /login, which reads the oobCode.
      const continueUrl = `${(globalThis as { location?: { origin: string } }).location?.origin ?? ''}/login`;
      try {
        await withFirebase(({ auth, api }) => api.sendPasswordReset(auth, email, continueUrl));
      } catch (error) {
        // The same answer whether or not an account has this address.
        if (error instanceof ApiError && error.code === 'auth/user-not-found') return;
        throw error;
      }
    },
    async confirmPasswordReset({ code, newPassword }) {
      await withFirebase(({ auth, api }) => api.confirmPasswordReset(auth, code, newPassword));
    },
    async changePassword({ currentPassword, newPassword }) {
      const { loaded, user } = await reauthenticated(currentPassword);
      await withFirebase(({ api }) => api.updatePassword(user, newPassword));
      // Firebase ended the other sign-ins and gave this one a new token: the cookie follows.
      await adoptNew(loaded, user, true);
    },
    async deleteAccount(password) {
      const { user } = await reauthenticated(password);
      // Parley's data first: a refusal (last admin of a workspace) leaves the account whole.
      await call(identityEndpoints.deleteAccount, { password });
      await withFirebase(({ api }) => api.deleteUser(user));
      await signOut();
    },
    async updateProfile({ email, ...rest }, { currentPassword } = {}): Promise<ProfileSaved> {
      const pendingEmail =
        email === undefined ? undefined : await changeEmail(email, currentPassword);
      const user =
        Object.keys(rest).length > 0
          ? await call(identityEndpoints.updateProfile, rest)
          : await call(identityEndpoints.profile);
      setUser(user);
      return pendingEmail === undefined ? { user } : { user, pendingEmail };
    },
    setUser,
    refresh: () => refresh(),
    signOut,
    handleAuthError(error) {
      if (error instanceof ApiError && signOutCodes.has(error.code)) {
        void signOut();
        return true;
      }
      return false;
    },
  };
}
