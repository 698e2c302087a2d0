import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { identityEndpoints } from 'shared-sdk';
import { requireUser } from '../auth/workspace-access';
import { signedInErrors } from '../errors/error-responses';
import { endpointRoute } from '../http/endpoint-route';
import { changePassword, deleteAccount } from '../services/accounts';
import { clearSessionCookie, withSessionCookie } from './session';

/** The signed-in account's own calls: change the password, delete the account. */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const { identity } = app;
  const tags = ['auth'];

  // With Firebase, the browser changes the password with Firebase (re-authenticating there).
  if (!identity.firebase) {
    app.route({
      ...endpointRoute(identityEndpoints.changePassword, {
        tags,
        summary: 'Change the password (re-authenticates); other sessions end',
        errors: {
          ...signedInErrors,
          400: 'auth/wrong-password; auth/password-does-not-meet-requirements',
          429: 'auth/too-many-requests: too many wrong passwords for this account',
        },
      }),
      handler: async (request, reply) =>
        withSessionCookie(
          reply,
          app.config.sessionCookie,
          await changePassword(app.db, identity, requireUser(request).id, request.body),
        ),
    });
  }

  app.route({
    ...endpointRoute(identityEndpoints.deleteAccount, {
      tags,
      summary: 'Delete the account (re-authenticates)',
      description:
        'Workspaces the account is the only member of are deleted with it; being the last admin of a workspace with other members refuses the deletion.',
      errors: {
        ...signedInErrors,
        400: 'auth/wrong-password; invalid-argument: last admin of a workspace with members',
      },
    }),
    handler: async (request, reply) => {
      await deleteAccount(app.db, identity, requireUser(request).id, request.body.password);
      clearSessionCookie(reply, app.config.sessionCookie);
      return reply.code(204).send();
    },
  });
};
