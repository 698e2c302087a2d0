import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { botPreviewEndpoints } from 'shared-sdk';
import { signedInErrors } from '../errors/error-responses';
import { endpointRoute } from '../http/endpoint-route';
import { memberRead } from '../http/member-write';

/**
 * "Try the bot": the reply a customer would get, from which pair, product or page, and how much
 * of the question it covers. Nothing is stored. Members may ask, as they may read the training.
 */
export const userBotPreviewRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...endpointRoute(botPreviewEndpoints.ask, {
      tags: ['AI training'],
      summary: 'What the bot would answer a question, and from what; no conversation is made',
      errors: {
        ...signedInErrors,
        400: 'invalid-argument: no question, or one over 2,000 characters',
        404: 'not-found: no such workspace (or not a member)',
      },
    }),
    handler: async (request) => {
      const { workspaceId, question } = request.body;
      await memberRead(app, request, workspaceId);
      return app.bot.preview(workspaceId, question);
    },
  });
};
