import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { copilotEndpoints } from 'shared-sdk';
import { signedInErrors } from '../errors/error-responses';
import { endpointRoute } from '../http/endpoint-route';
import { memberRead } from '../http/member-write';
import { copilotSuggestions } from '../services/copilot';
import { draftReply, rewriteReply, summarizeConversation } from '../services/copilot-assistant';

const tags = ['conversations'];
const errors = {
  ...signedInErrors,
  400: 'invalid-argument: the message names the offending field',
  403: 'permission-denied: not an admin of the workspace; auth/user-disabled',
  404: 'not-found: no such workspace (or not a member), or no such conversation in it',
};
const modelErrors = {
  ...errors,
  400: 'invalid-argument: the message names the offending field; failed-precondition: no language model is set up',
  503: 'unavailable: the language model did not answer in time (BOT_LLM_TIMEOUT_MS), or failed',
};

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
      errors,
    }),
    handler: async (request) => {
      const { workspaceId } = request.query;
      await memberRead(app, request, workspaceId, 'admin');
      return copilotSuggestions(app.db, app.bot, request.query, app.agentAssistant !== null);
    },
  });

  const context = () => ({ db: app.db, bot: app.bot, assistant: app.agentAssistant });

  app.route({
    ...endpointRoute(copilotEndpoints.draft, {
      tags,
      summary: 'A reply drafted by the language model from the conversation and its training',
      description:
        "Only this conversation's messages and the training retrieved for the customer's latest " +
        'question are sent to the model; the draft cites them as [1], [2]… Nothing is sent.',
      errors: modelErrors,
    }),
    handler: async (request) => {
      await memberRead(app, request, request.body.workspaceId, 'admin');
      return draftReply(context(), request.body);
    },
  });

  app.route({
    ...endpointRoute(copilotEndpoints.summarize, {
      tags,
      summary: 'The conversation summarized by the language model, kept as a private note',
      errors: modelErrors,
    }),
    handler: async (request, reply) => {
      const member = await memberRead(app, request, request.body.workspaceId, 'admin');
      const note = await summarizeConversation(context(), {
        ...request.body,
        agentId: member.userId,
      });
      return reply.code(201).send(note);
    },
  });

  app.route({
    ...endpointRoute(copilotEndpoints.rewrite, {
      tags,
      summary: "The agent's text rewritten shorter or friendlier by the language model",
      errors: modelErrors,
    }),
    handler: async (request) => {
      await memberRead(app, request, request.body.workspaceId, 'admin');
      return rewriteReply(context(), request.body);
    },
  });
};
