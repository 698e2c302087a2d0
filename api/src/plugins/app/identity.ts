import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { User } from 'shared-sdk';
import { AccessTokens } from '../../auth/access-tokens';
import { notSignedIn } from '../../auth/auth-errors';
import { loadAuthSecret } from '../../auth/auth-secret';
import { FirebaseAccounts } from '../../auth/firebase-accounts';
import { FirebaseTokens } from '../../auth/firebase-tokens';
import type { JWTVerifyGetKey } from 'jose';
import type { AuthConfig, FirebaseConfig } from '../../config';
import { toUser } from '../../repositories/users';
import type { Identity } from '../../services/identity';
import { HttpError } from '../../errors/http-error';
import { checkAccessToken } from '../../services/sessions';

declare module 'fastify' {
  interface FastifyInstance {
    identity: Identity;
  }
  interface FastifyRequest {
    /** The signed-in caller, set by the guard on routes that read a token; null otherwise. */
    user: User | null;
    /** The caller's sign-in (refresh-token family). */
    sessionId: string | null;
  }
  interface FastifyContextConfig {
    /**
     * 'required': 401 without a valid token (the default inside the signed-in routes).
     * 'optional': `request.user` is null then. 'public': no token is read.
     */
    auth?: 'required' | 'optional' | 'public';
    /**
     * An identity call whose body carries an e-mail (sign-up, sign-in, password reset): a
     * malformed one is answered with product-spec.md §8's own code, auth/invalid-email, which the
     * browser translates, not the generic invalid-argument.
     */
    authEmail?: boolean;
  }
}

export interface IdentityPluginOptions {
  auth: AuthConfig;
  dataDir: string;
  cookieName: string;
  /** The product's own origin (PUBLIC_URL): the only one cookie-signed writes may come from. */
  publicOrigin: string;
  firebase: FirebaseConfig | null;
  /** Firebase token signing keys; Google's published keys unless a test brings its own. */
  firebaseKeys?: JWTVerifyGetKey;
  now: () => Date;
}

function presentedToken(
  request: FastifyRequest,
  cookieName: string,
): { token: string; fromCookie: boolean } | undefined {
  const header = request.headers.authorization;
  const bearer = header?.match(/^Bearer\s+(\S+)\s*$/i)?.[1];
  if (bearer) return { token: bearer, fromCookie: false };
  const cookie = request.cookies[cookieName];
  return cookie ? { token: cookie, fromCookie: true } : undefined;
}

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * A browser attaches the sign-in cookie to a form or fetch sent from any site; SameSite=Lax and
 * the CORS preflight stop most of those, and this is the second line: a cookie-signed write must
 * come from the product's own pages. Browsers send Origin with every cross-site write; Referer is
 * the fallback. A client that sends neither is no browser and cannot be forged into the request.
 */
function isCrossSiteWrite(request: FastifyRequest, publicOrigin: string): boolean {
  if (safeMethods.has(request.method)) return false;
  const origin = request.headers.origin;
  if (origin !== undefined) return origin !== publicOrigin;
  const referer = request.headers.referer;
  if (referer === undefined) return false;
  try {
    return new URL(referer).origin !== publicOrigin;
  } catch {
    return true;
  }
}

/**
 * `app.identity` (token signing, the clock, the auth settings) and the one auth guard: a hook
 * that, on routes whose `config.auth` is 'required' or 'optional' (the signed-in routes are
 * 'required' unless they say otherwise: routes/api-routes.ts), authenticates the Bearer token or else the
 * sign-in cookie and sets `request.user`. It runs at preParsing: after the rate limit
 * (onRequest), before the body is parsed and validated, so anonymous callers learn only 401.
 */
export const identityPlugin = fp<IdentityPluginOptions>(
  async (app, { auth, dataDir, cookieName, publicOrigin, firebase, firebaseKeys, now }) => {
    const secret = await loadAuthSecret(auth.secret, dataDir);
    const identity: Identity = {
      config: auth,
      accessTokens: new AccessTokens(secret, auth.accessTokenTtlSeconds, now),
      firebase: firebase && {
        tokens: new FirebaseTokens({
          projectId: firebase.projectId,
          acceptUnsigned: firebase.authEmulatorHost !== undefined,
          keys: firebaseKeys,
          now,
        }),
        accounts: new FirebaseAccounts({
          apiKey: firebase.apiKey,
          emulatorHost: firebase.authEmulatorHost,
          checkSeconds: firebase.accountCheckSeconds,
          now,
        }),
      },
      now,
    };
    app.decorate('identity', identity);
    app.decorateRequest('user', null);
    app.decorateRequest('sessionId', null);

    app.addHook('preParsing', async (request, _reply, payload) => {
      const mode = request.routeOptions.config.auth;
      if (!mode || mode === 'public') return payload;
      const presented = presentedToken(request, cookieName);
      if (!presented) {
        if (mode === 'required') throw notSignedIn();
        return payload;
      }
      if (presented.fromCookie && isCrossSiteWrite(request, publicOrigin)) {
        throw new HttpError(403, 'This request did not come from Parley’s own pages');
      }
      const check = await checkAccessToken(app.db, identity, presented.token);
      if (check.ok) {
        request.user = toUser(check.user);
        request.sessionId = check.sessionId;
      } else if (mode === 'required') {
        throw check.error;
      }
      return payload;
    });
  },
  { name: 'identity', dependencies: ['database', 'cookie'] },
);
