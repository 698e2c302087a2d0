import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { unansweredQuestionEndpoints } from 'shared-sdk';
import { signedInErrors } from '../errors/error-responses';
import { endpointRoute } from '../http/endpoint-route';
import { memberRead, memberWrite } from '../http/member-write';
import { dismissQuestions, listUnansweredGroups } from '../services/unanswered-questions';

const errors = {
  ...signedInErrors,
  400: 'invalid-argument: the message names the offending field',
  404: 'not-found: no such workspace, or not a member of it',
};
const tags = ['AI training'];

/**
 * AI training › Unanswered questions: the customer questions the bot handed over, grouped by
 * meaning, each one click from a new pair; members of the workspace read and dismiss them.
 */
export const userUnansweredQuestionsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...endpointRoute(unansweredQuestionEndpoints.list, {
      tags,
      summary: 'The questions the bot handed over, grouped by meaning (members)',
      description:
        'Groups whose question the bot now answers from the training are left out; newest ' +
        'first, or most asked first (order=count); at most `limit` groups.',
      errors,
    }),
    handler: async (request) => {
      const { workspaceId } = request.query;
      await memberRead(app, request, workspaceId);
      return listUnansweredGroups(app.db, app.bot, workspaceId, request.query);
    },
  });

  app.route({
    ...endpointRoute(unansweredQuestionEndpoints.dismiss, {
      tags,
      summary: 'No longer list these handed-over questions (members)',
      description: "Ids of other workspaces' questions are ignored.",
      errors,
    }),
    handler: async (request) => {
      const { workspaceId, questionIds } = request.body;
      const dismissed = await memberWrite(app, request, workspaceId, undefined, ({ trx, now }) =>
        dismissQuestions(trx, workspaceId, questionIds, now),
      );
      return { dismissed };
    },
  });
};
