import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { User } from 'shared-sdk';
import { AccessTokens } from '../../auth/access-tokens';
import { notSignedIn } from '../../auth/auth-errors';
import { loadAuthSecret } from '../../auth/auth-secret';
import type { AuthConfig } from '../../config';
import { toUser } from '../../repositories/users';
import type { Identity } from '../../services/identity';
import { checkAccessToken } from '../../services/sessions';

declare module 'fastify' {
  interface FastifyInstance {
    identity: Identity;
  }
  interface FastifyRequest {
    /** The signed-in caller, set by the guard on routes with `config.auth`; null otherwise. */
    user: User | null;
    /** The caller's sign-in (refresh-token family). */
    sessionId: string | null;
  }
  interface FastifyContextConfig {
    /** 'required': 401 without a valid token. 'optional': `request.user` is null then. */
    auth?: 'required' | 'optional';
  }
}

export interface IdentityPluginOptions {
  auth: AuthConfig;
  dataDir: string;
  cookieName: string;
  now: () => Date;
}

function presentedToken(request: FastifyRequest, cookieName: string): string | undefined {
  const header = request.headers.authorization;
  const bearer = header?.match(/^Bearer\s+(\S+)\s*$/i)?.[1];
  return bearer ?? (request.cookies[cookieName] || undefined);
}

/**
 * `app.identity` (token signing, the clock, the auth settings) and the one auth guard: a hook
 * that, on routes declaring `config: { auth }`, authenticates the Bearer token or else the
 * sign-in cookie and sets `request.user`. It runs at preParsing: after the rate limit
 * (onRequest), before the body is parsed and validated, so anonymous callers learn only 401.
 */
export const identityPlugin = fp<IdentityPluginOptions>(
  async (app, { auth, dataDir, cookieName, now }) => {
    const secret = await loadAuthSecret(auth.secret, dataDir);
    const identity: Identity = {
      config: auth,
      accessTokens: new AccessTokens(secret, auth.accessTokenTtlSeconds, now),
      now,
    };
    app.decorate('identity', identity);
    app.decorateRequest('user', null);
    app.decorateRequest('sessionId', null);

    app.addHook('preParsing', async (request, _reply, payload) => {
      const mode = request.routeOptions.config.auth;
      if (!mode) return payload;
      const token = presentedToken(request, cookieName);
      if (!token) {
        if (mode === 'required') throw notSignedIn();
        return payload;
      }
      const check = await checkAccessToken(app.db, identity, token);
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
