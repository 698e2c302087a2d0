import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { emailEndpoints } from 'shared-sdk';
import { signedInErrors } from '../errors/error-responses';
import { endpointRoute } from '../http/endpoint-route';
import { memberRead, memberWrite } from '../http/member-write';
import { forwardConversation, retryEmailReply, sendTestMail } from '../services/email-actions';
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

  app.route({
    ...endpointRoute(emailEndpoints.sendTest, {
      tags,
      summary: 'Send a test mail to the inbox address through the receiver; answers if it arrived',
      errors: { ...errors, 503: 'unavailable: the receiver refused the test mail (the reason)' },
    }),
    handler: async (request) => {
      const { workspaceId } = request.body;
      await memberRead(app, request, workspaceId, 'admin');
      return sendTestMail(
        app.inboundMail.receiving,
        app.inboundMail.smtpPort,
        workspaceId,
        app.identity.now(),
      );
    },
  });

  app.route({
    ...endpointRoute(emailEndpoints.retry, {
      tags,
      summary: 'Send a failed e-mail reply again',
      errors: {
        ...errors,
        400: 'invalid-argument: the message is not an e-mail reply that failed',
        403: 'permission-denied: auth/user-disabled',
        404: 'not-found: no such workspace (or not a member), or no such message',
      },
    }),
    handler: async (request) =>
      memberWrite(app, request, request.body.workspaceId, undefined, ({ trx }) =>
        retryEmailReply(trx, request.body),
      ),
  });

  app.route({
    ...endpointRoute(emailEndpoints.forward, {
      tags,
      summary: "Forward the conversation's mail to an address, with a note",
      errors: {
        ...errors,
        403: 'permission-denied: auth/user-disabled',
        404: 'not-found: no such workspace (or not a member), or no such conversation',
        503: 'unavailable: the mail could not be sent (the reason)',
      },
    }),
    handler: async (request, reply) => {
      await memberRead(app, request, request.body.workspaceId);
      await forwardConversation(
        { db: app.db, mailer: app.mailer, storage: app.storage, domain },
        request.body,
      );
      return reply.code(204).send();
    },
  });
};
