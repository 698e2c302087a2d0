import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  authResponseSchema,
  changePasswordRequestSchema,
  deleteAccountRequestSchema,
  loginRequestSchema,
  logoutRequestSchema,
  passwordPolicySchema,
  passwordResetConfirmSchema,
  passwordResetRequestSchema,
  refreshRequestSchema,
  signupRequestSchema,
} from 'shared-sdk/schemas';
import { z } from 'zod';
import { tooManyRequests } from '../auth/auth-errors';
import { requireUser } from '../auth/workspace-access';
import { commonErrorResponses, errorResponses, signedInErrors } from '../errors/error-responses';
import { changePassword, deleteAccount, signIn, signUp } from '../services/accounts';
import { confirmPasswordReset, requestPasswordReset } from '../services/password-reset';
import { endSession, refreshSession } from '../services/sessions';
import { clearSessionCookie } from './session';

const noContent = z.void().describe('Done');

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

  app.post(
    '/auth/signup',
    {
      config: { rateLimit },
      schema: {
        tags,
        summary: 'Create an account (and a workspace when a website is given)',
        body: signupRequestSchema,
        response: {
          201: authResponseSchema,
          ...errorResponses({
            400: 'invalid-argument; auth/email-already-in-use; auth/password-does-not-meet-requirements',
            429: 'auth/too-many-requests',
          }),
        },
      },
    },
    async (request, reply) => {
      const session = await signUp(app.db, identity, request.body);
      return reply.code(201).send(session);
    },
  );

  app.post(
    '/auth/login',
    {
      config: { rateLimit },
      schema: {
        tags,
        summary: 'Sign in with e-mail and password',
        body: loginRequestSchema,
        response: {
          200: authResponseSchema,
          ...errorResponses({
            400: 'invalid-argument; auth/invalid-credential: wrong e-mail or password',
            403: 'auth/user-disabled',
            429: 'auth/too-many-requests: per address, or too many failures for this account',
          }),
        },
      },
    },
    async (request) => signIn(app.db, identity, request.body),
  );

  app.post(
    '/auth/refresh',
    {
      schema: {
        tags,
        summary: 'Trade a refresh token for new tokens (the old one stops working)',
        body: refreshRequestSchema,
        response: {
          200: authResponseSchema,
          ...errorResponses({
            400: 'invalid-argument',
            401: 'auth/user-token-expired: unknown, expired, revoked or reused refresh token',
            403: 'auth/user-disabled',
          }),
        },
      },
    },
    async (request) => refreshSession(app.db, identity, request.body.refreshToken),
  );

  app.post(
    '/auth/logout',
    {
      schema: {
        tags,
        summary: 'Revoke a refresh token',
        body: logoutRequestSchema,
        response: { 204: noContent, ...errorResponses({ 400: 'invalid-argument' }) },
      },
    },
    async (request, reply) => {
      await endSession(app.db, identity, request.body.refreshToken);
      return reply.code(204).send();
    },
  );

  app.post(
    '/auth/password-reset',
    {
      config: { rateLimit },
      schema: {
        tags,
        summary: 'E-mail a password-reset link, if an account has this address',
        description: 'Answers 204 whether or not an account exists.',
        body: passwordResetRequestSchema,
        response: {
          204: noContent,
          ...errorResponses({ 400: 'invalid-argument', 429: 'auth/too-many-requests' }),
        },
      },
    },
    async (request, reply) => {
      const mail = await requestPasswordReset(
        app.db,
        identity,
        app.config.publicUrl,
        request.body.email,
      );
      if (mail) mailer.send(mail);
      return reply.code(204).send();
    },
  );

  app.post(
    '/auth/password-reset/confirm',
    {
      schema: {
        tags,
        summary: 'Set a new password with the code from the reset e-mail',
        body: passwordResetConfirmSchema,
        response: {
          204: noContent,
          ...errorResponses({
            400: 'auth/invalid-action-code; auth/expired-action-code; auth/password-does-not-meet-requirements',
          }),
        },
      },
    },
    async (request, reply) => {
      await confirmPasswordReset(app.db, identity, request.body);
      return reply.code(204).send();
    },
  );

  app.post(
    '/auth/change-password',
    {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: 'Change the password (re-authenticates); other sessions end',
        body: changePasswordRequestSchema,
        response: {
          200: authResponseSchema,
          ...errorResponses({
            ...signedInErrors,
            400: 'auth/wrong-password; auth/password-does-not-meet-requirements',
            429: 'auth/too-many-requests: too many wrong passwords for this account',
          }),
        },
      },
    },
    async (request) => changePassword(app.db, identity, requireUser(request).id, request.body),
  );

  app.get(
    '/auth/password-policy',
    {
      schema: {
        tags,
        summary: 'What a new password must satisfy',
        response: { 200: passwordPolicySchema, ...commonErrorResponses },
      },
    },
    async () => identity.config.passwordPolicy,
  );

  app.delete(
    '/auth/account',
    {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: 'Delete the account (re-authenticates)',
        description:
          'Workspaces the account is the only member of are deleted with it; being the last admin of a workspace with other members refuses the deletion.',
        body: deleteAccountRequestSchema,
        response: {
          204: noContent,
          ...errorResponses({
            ...signedInErrors,
            400: 'auth/wrong-password; invalid-argument: last admin of a workspace with members',
          }),
        },
      },
    },
    async (request, reply) => {
      await deleteAccount(app.db, identity, requireUser(request).id, request.body.password);
      clearSessionCookie(reply, app.config.sessionCookie);
      return reply.code(204).send();
    },
  );
};
