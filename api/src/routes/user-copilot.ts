import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { copilotEndpoints } from 'shared-sdk';
import { signedInErrors } from '../errors/error-responses';
import { endpointRoute } from '../http/endpoint-route';
import { memberRead } from '../http/member-write';
import { copilotSuggestions } from '../services/copilot';

const tags = ['conversations'];

/**
 * The agent's copilot in chat takeover: what the training says to the customer's question,
 * beside the reply box. Admins, as for every chat takeover call; nothing is stored or sent.
 */
export const userCopilotRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...endpointRoute(copilotEndpoints.suggestions, {
      tags,
      summary: "Suggested answers to the customer's latest question, from the bot's training",
      description:
        'At most three Q&A pairs, products or page passages, best first as the bot ranks them, ' +
        'each with its source and confidence; none when nothing in the training is relevant.',
      errors: {
        ...signedInErrors,
        400: 'invalid-argument: the message names the offending field',
        403: 'permission-denied: not an admin of the workspace; auth/user-disabled',
        404: 'not-found: no such workspace (or not a member), or no such conversation in it',
      },
    }),
    handler: async (request) => {
      const { workspaceId } = request.query;
      await memberRead(app, request, workspaceId, 'admin');
      return copilotSuggestions(app.db, app.bot, request.query);
    },
  });
};
