import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { emailEndpoints } from 'shared-sdk';
import { signedInErrors } from '../errors/error-responses';
import { endpointRoute } from '../http/endpoint-route';
import { memberWrite } from '../http/member-write';
import { changeEmailSettings, readEmailSettings } from '../services/email-settings';

const errors = {
  ...signedInErrors,
  400: 'invalid-argument: the message names the offending field',
  403: 'permission-denied: not an admin of the workspace; auth/user-disabled',
  404: 'not-found: no such workspace (or not a member)',
};
const tags = ['e-mail'];

/** Settings › E-mail: the workspace's inbox address and how its mail is answered. Admins. */
export const userEmailRoutes: FastifyPluginAsyncZod = async (app) => {
  const { domain } = app.config.inboundMail;

  app.route({
    ...endpointRoute(emailEndpoints.getSettings, {
      tags,
      summary: "The workspace's inbox address (made on the first visit) and e-mail settings",
      errors,
    }),
    handler: async (request) => {
      const { workspaceId } = request.query;
      // A write: the first visit makes the inbox.
      return memberWrite(app, request, workspaceId, 'admin', ({ trx }) =>
        readEmailSettings(trx, workspaceId, domain),
      );
    },
  });

  app.route({
    ...endpointRoute(emailEndpoints.updateSettings, {
      tags,
      summary: 'Change the sender name and address, the signature, or "Let the bot answer first"',
      errors,
    }),
    handler: async (request) =>
      memberWrite(app, request, request.body.workspaceId, 'admin', ({ trx, now }) =>
        changeEmailSettings(trx, request.body, domain, now),
      ),
  });
};
