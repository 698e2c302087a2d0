import type { AccessTokens } from '../auth/access-tokens';
import type { FirebaseAccounts } from '../auth/firebase-accounts';
import type { FirebaseTokens } from '../auth/firebase-tokens';
import type { AuthConfig } from '../config';

/** Firebase Authentication in place of Parley's own sign-in (FIREBASE_PROJECT_ID set). */
export interface FirebaseIdentity {
  tokens: FirebaseTokens;
  accounts: FirebaseAccounts;
}

/** What the identity services need besides the database; `app.identity` holds the app's one. */
export interface Identity {
  config: AuthConfig;
  accessTokens: AccessTokens;
  /** Set: every access token is a Firebase ID token. */
  firebase: FirebaseIdentity | null;
  /** The app's clock (tests move it to expire tokens and codes without waiting). */
  now(): Date;
}
