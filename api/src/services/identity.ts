import type { AccessTokens } from '../auth/access-tokens';
import type { AuthConfig } from '../config';

/** What the identity services need besides the database; `app.identity` holds the app's one. */
export interface Identity {
  config: AuthConfig;
  accessTokens: AccessTokens;
  /** The app's clock (tests move it to expire tokens and codes without waiting). */
  now(): Date;
}
