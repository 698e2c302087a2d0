import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { webhookEndpoints } from 'shared-sdk';
import { signedInErrors } from '../errors/error-responses';
import { endpointRoute } from '../http/endpoint-route';
import { memberRead, memberWrite } from '../http/member-write';
import {
  changeWebhook,
  createWebhook,
  removeWebhook,
  resendDelivery,
  sendTestEvent,
  webhooksOf,
} from '../services/webhooks';

const errors = {
  ...signedInErrors,
  400: 'invalid-argument: the message names the offending field (body.url, body.events.0); the workspace has its 10 webhooks',
  403: 'permission-denied: not an admin of the workspace; auth/user-disabled',
  404: 'not-found: no such workspace (or not a member), or no such webhook or delivery in it',
};
const tags = ['webhooks'];

/**
 * Outgoing webhooks (the Integrations screen): the receivers a workspace's events are POSTed
 * to, signed (docs/webhooks.md). Admins of the workspace; the delivery log is live (collections
 * webhooks and webhook_deliveries).
 */
export const userWebhooksRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...endpointRoute(webhookEndpoints.list, {
      tags,
      summary: "The workspace's webhooks and their state, oldest first (never their secrets)",
      errors,
    }),
    handler: async (request) => {
      const { workspaceId } = request.query;
      await memberRead(app, request, workspaceId, 'admin');
      return webhooksOf(app.db, workspaceId);
    },
  });

  app.route({
    ...endpointRoute(webhookEndpoints.create, {
      tags,
      summary: 'Add a webhook; answers its signing secret, shown this once',
      errors,
    }),
    handler: async (request, reply) => {
      const { body } = request;
      const created = await memberWrite(app, request, body.workspaceId, 'admin', ({ trx, now }) =>
        createWebhook(trx, body, now),
      );
      return reply.code(201).send(created);
    },
  });

  app.route({
    ...endpointRoute(webhookEndpoints.update, {
      tags,
      summary: 'Change its address or events, or pause it (unpausing forgets its failures)',
      errors,
    }),
    handler: async (request) =>
      memberWrite(app, request, request.body.workspaceId, 'admin', ({ trx, now }) =>
        changeWebhook(trx, request.body, now),
      ),
  });

  app.route({
    ...endpointRoute(webhookEndpoints.delete, {
      tags,
      summary: 'Delete a webhook and its delivery log',
      errors,
    }),
    handler: async (request, reply) => {
      const { workspaceId, webhookId } = request.body;
      await memberWrite(app, request, workspaceId, 'admin', ({ trx }) =>
        removeWebhook(trx, workspaceId, webhookId),
      );
      return reply.code(204).send();
    },
  });

  app.route({
    ...endpointRoute(webhookEndpoints.test, {
      tags,
      summary: 'Send a webhook.test event now; answers the delivery to watch in the log',
      errors,
    }),
    handler: async (request) => {
      const { workspaceId, webhookId } = request.body;
      return memberWrite(app, request, workspaceId, 'admin', ({ trx, now }) =>
        sendTestEvent(trx, workspaceId, webhookId, now),
      );
    },
  });

  app.route({
    ...endpointRoute(webhookEndpoints.resend, {
      tags,
      summary: 'Try a delivery once more, now, with the same delivery id and body',
      errors,
    }),
    handler: async (request) => {
      const { workspaceId, deliveryId } = request.body;
      return memberWrite(app, request, workspaceId, 'admin', ({ trx, now }) =>
        resendDelivery(trx, workspaceId, deliveryId, now),
      );
    },
  });
};
