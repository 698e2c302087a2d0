import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { identityEndpoints } from 'shared-sdk';
import { authError } from '../auth/auth-errors';
import type { SessionCookieConfig } from '../config';
import { endpointRoute } from '../http/endpoint-route';
import { checkAccessToken } from '../services/sessions';

function cookieOptions(cookie: SessionCookieConfig) {
  return {
    domain: cookie.domain,
    path: cookie.path,
    sameSite: cookie.sameSite,
    secure: cookie.secure,
    httpOnly: true,
  };
}

export function clearSessionCookie(reply: FastifyReply, cookie: SessionCookieConfig) {
  reply.clearCookie(cookie.name, cookieOptions(cookie));
}

/** The sign-in cookie holding `token`, an access token the caller checked or issued. */
export function setSessionCookie(reply: FastifyReply, cookie: SessionCookieConfig, token: string) {
  reply.setCookie(cookie.name, token, { ...cookieOptions(cookie), maxAge: cookie.maxAgeSeconds });
}

/**
 * An answer that issues tokens (sign-up, sign-in, refresh, password change) also sets the sign-in
 * cookie: the page is signed in for plain page and file requests as soon as it has the tokens,
 * without a POST /api/session round trip before it can show anything.
 */
export function withSessionCookie<T extends { idToken: string }>(
  reply: FastifyReply,
  cookie: SessionCookieConfig,
  issued: T,
): T {
  setSessionCookie(reply, cookie, issued.idToken);
  return issued;
}

/** product-spec.md §7 POST /api/session: the sign-in cookie, so plain page and file requests authenticate. */
export const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
  const cookie = app.config.sessionCookie;

  app.route({
    ...endpointRoute(identityEndpoints.session, {
      tags: ['auth'],
      summary: 'Set the sign-in cookie from an access token; an empty token clears it',
      errors: {
        400: 'invalid-argument',
        401: 'auth/invalid-credential: not a valid access token',
        403: 'auth/user-disabled',
        503: 'auth/network-request-failed: Firebase could not be reached',
      },
    }),
    handler: async (request, reply) => {
      const { token } = request.body;
      if (!token) {
        clearSessionCookie(reply, cookie);
        return reply.code(204).send();
      }
      const check = await checkAccessToken(app.db, app.identity, token);
      if (!check.ok) {
        // A disabled account, and an identity provider that cannot be reached, say so.
        if (check.error.statusCode === 403 || check.error.statusCode >= 500) throw check.error;
        throw authError(401, 'auth/invalid-credential', 'This sign-in token is not valid');
      }
      setSessionCookie(reply, cookie, token);
      return reply.code(204).send();
    },
  });
};
