import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { suggestedPairEndpoints } from 'shared-sdk';
import { signedInErrors } from '../errors/error-responses';
import { endpointRoute } from '../http/endpoint-route';
import { memberRead, memberWrite } from '../http/member-write';
import {
  acceptSuggestedPair,
  dismissSuggestedPair,
  listSuggestedPairs,
} from '../services/suggested-pairs';

const errors = {
  ...signedInErrors,
  400: 'invalid-argument: the message names the offending field',
  403: 'permission-denied: not an admin of the workspace; auth/user-disabled',
  404: 'not-found: no such workspace (or not a member), or the suggestion was reviewed already',
};
const tags = ['AI training'];

/**
 * AI training › Suggested pairs: what agents answered in the conversations they resolved, grouped
 * by meaning, each proposed as a new pair. Admins, as for the pairs themselves.
 */
export const userSuggestedPairsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...endpointRoute(suggestedPairEndpoints.list, {
      tags,
      summary: 'New Q&A pairs proposed from what agents answered, grouped by meaning',
      description:
        'Groups holding an answered question already accepted or dismissed are left out; ' +
        'newest first; at most `limit` groups.',
      errors,
    }),
    handler: async (request) => {
      const { workspaceId } = request.query;
      await memberRead(app, request, workspaceId, 'admin');
      return listSuggestedPairs(app.db, app.bot, workspaceId, request.query);
    },
  });

  app.route({
    ...endpointRoute(suggestedPairEndpoints.accept, {
      tags,
      summary: 'Add a suggested pair to the training, as proposed or edited',
      errors,
    }),
    handler: async (request, reply) => {
      const { workspaceId } = request.body;
      const qna = await memberWrite(app, request, workspaceId, 'admin', ({ trx, now }) =>
        acceptSuggestedPair(trx, request.body, now),
      );
      return reply.code(201).send(qna);
    },
  });

  app.route({
    ...endpointRoute(suggestedPairEndpoints.dismiss, {
      tags,
      summary: 'Dismiss a suggested pair: it is never proposed again',
      description: "Ids of other workspaces' answered questions are ignored.",
      errors,
    }),
    handler: async (request) => {
      const { workspaceId, sourceIds } = request.body;
      return memberWrite(app, request, workspaceId, 'admin', ({ trx, now }) =>
        dismissSuggestedPair(trx, workspaceId, sourceIds, now),
      );
    },
  });
};
