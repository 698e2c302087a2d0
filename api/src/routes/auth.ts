import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { identityEndpoints } from 'shared-sdk';
import { tooManyRequests } from '../auth/auth-errors';
import { endpointRoute } from '../http/endpoint-route';
import { signIn, signUp } from '../services/accounts';
import { confirmPasswordReset, requestPasswordReset } from '../services/password-reset';
import { endSession, refreshSession } from '../services/sessions';
import { withSessionCookie } from './session';

/** Architecture "Identity": sign-up, sign-in, token refresh, password reset and change. */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { identity, mailer } = app;
  // Per client address, on the calls that guess passwords or send e-mail; per-account limits
  // are counted in the database by the services.
  const rateLimit = {
    max: identity.config.rateLimit.perMinute,
    timeWindow: '1 minute',
    errorResponseBuilder: () => tooManyRequests(),
  };
  const tags = ['auth'];

  app.route({
    ...endpointRoute(identityEndpoints.passwordPolicy, {
      tags,
      summary: 'What a new password must satisfy',
      errors: {},
    }),
    handler: async () => identity.config.passwordPolicy,
  });

  // With Firebase configured, sign-up, sign-in, tokens and password resets are Firebase's
  // (the browser SDK talks to it); these calls would only open a second way in.
  if (identity.firebase) return;

  app.route({
    ...endpointRoute(identityEndpoints.signup, {
      tags,
      summary: 'Create an account (and a workspace when a website is given)',
      errors: {
        400: 'invalid-argument; auth/invalid-email; auth/email-already-in-use; auth/password-does-not-meet-requirements',
        429: 'auth/too-many-requests',
      },
    }),
    config: { rateLimit, authEmail: true },
    handler: async (request, reply) => {
      const session = await signUp(app.db, identity, request.body);
      return reply.code(201).send(withSessionCookie(reply, app.config.sessionCookie, session));
    },
  });

  app.route({
    ...endpointRoute(identityEndpoints.login, {
      tags,
      summary: 'Sign in with e-mail and password',
      errors: {
        400: 'invalid-argument; auth/invalid-email; auth/invalid-credential: wrong e-mail or password',
        403: 'auth/user-disabled',
        429: 'auth/too-many-requests: per address, or too many failures for this account',
      },
    }),
    config: { rateLimit, authEmail: true },
    handler: async (request, reply) =>
      withSessionCookie(
        reply,
        app.config.sessionCookie,
        await signIn(app.db, identity, request.body),
      ),
  });

  app.route({
    ...endpointRoute(identityEndpoints.refresh, {
      tags,
      summary: 'Trade a refresh token for new tokens (the old one stops working)',
      errors: {
        400: 'invalid-argument',
        401: 'auth/user-token-expired: unknown, expired, revoked or reused refresh token',
        403: 'auth/user-disabled',
      },
    }),
    handler: async (request, reply) =>
      withSessionCookie(
        reply,
        app.config.sessionCookie,
        await refreshSession(app.db, identity, request.body.refreshToken),
      ),
  });

  app.route({
    ...endpointRoute(identityEndpoints.logout, {
      tags,
      summary: 'Revoke a refresh token',
      errors: { 400: 'invalid-argument' },
    }),
    handler: async (request, reply) => {
      await endSession(app.db, identity, request.body.refreshToken);
      return reply.code(204).send();
    },
  });

  app.route({
    ...endpointRoute(identityEndpoints.passwordReset, {
      tags,
      summary: 'E-mail a password-reset link, if an account has this address',
      description: 'Answers 204 whether or not an account exists.',
      errors: { 400: 'invalid-argument; auth/invalid-email', 429: 'auth/too-many-requests' },
    }),
    config: { rateLimit, authEmail: true },
    handler: async (request, reply) => {
      const mail = await requestPasswordReset(
        app.db,
        identity,
        app.config.publicUrl,
        request.body.email,
      );
      if (mail) mailer.send(mail);
      return reply.code(204).send();
    },
  });

  app.route({
    ...endpointRoute(identityEndpoints.passwordResetConfirm, {
      tags,
      summary: 'Set a new password with the code from the reset e-mail',
      errors: {
        400: 'auth/invalid-action-code; auth/expired-action-code; auth/password-does-not-meet-requirements',
      },
    }),
    handler: async (request, reply) => {
      await confirmPasswordReset(app.db, identity, request.body);
      return reply.code(204).send();
    },
  });
};
