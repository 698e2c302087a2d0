import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { aiTrainingQnaEndpoints } from 'shared-sdk';
import { signedInErrors } from '../errors/error-responses';
import { endpointRoute } from '../http/endpoint-route';
import { memberRead, memberWrite } from '../http/member-write';
import { addQna, changeQna, importQnas, listQnas, removeQna } from '../services/ai-training-qnas';

const errors = {
  ...signedInErrors,
  400: 'invalid-argument: the message names the offending field',
  403: 'permission-denied: not an admin of the workspace; auth/user-disabled',
  404: 'not-found: no such workspace (or not a member), or no such Q&A pair in it',
};
const tags = ['AI training'];

/**
 * product-spec.md §7 ai-training-qnas: the question-and-answer pairs the bot answers from. Topics are
 * created on first use (lastUsedAt moves on each use). Admins of the workspace; reads are live
 * (collections ai_training_qnas, ai_training_qna_topics).
 */
export const userAiTrainingQnasRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...endpointRoute(aiTrainingQnaEndpoints.create, {
      tags,
      summary: 'Add a question-and-answer pair',
      errors,
    }),
    handler: async (request, reply) => {
      const { workspaceId, ...fields } = request.body;
      const qna = await memberWrite(app, request, workspaceId, 'admin', ({ trx, now }) =>
        addQna(trx, workspaceId, fields, now),
      );
      return reply.code(201).send(qna);
    },
  });

  app.route({
    ...endpointRoute(aiTrainingQnaEndpoints.update, {
      tags,
      summary: 'Change a question-and-answer pair',
      errors,
    }),
    handler: async (request) => {
      const { workspaceId, qnaId, ...fields } = request.body;
      return memberWrite(app, request, workspaceId, 'admin', ({ trx, now }) =>
        changeQna(trx, workspaceId, qnaId, fields, now),
      );
    },
  });

  app.route({
    ...endpointRoute(aiTrainingQnaEndpoints.import, {
      tags,
      summary: 'Add many pairs at once (a CSV import): every pair, or none',
      errors: {
        ...errors,
        400: 'invalid-argument: the message names the offending pair and field (body.pairs.3.answer)',
      },
    }),
    handler: async (request, reply) => {
      const { workspaceId, pairs } = request.body;
      const imported = await memberWrite(app, request, workspaceId, 'admin', ({ trx, now }) =>
        importQnas(trx, workspaceId, pairs, now),
      );
      return reply.code(201).send({ imported });
    },
  });

  app.route({
    ...endpointRoute(aiTrainingQnaEndpoints.list, {
      tags,
      summary: 'Every pair of the workspace, oldest first (what the CSV export writes)',
      errors: { ...signedInErrors, 404: 'not-found: no such workspace (or not a member)' },
    }),
    handler: async (request) => {
      const { workspaceId } = request.query;
      await memberRead(app, request, workspaceId);
      return listQnas(app.db, workspaceId);
    },
  });

  app.route({
    ...endpointRoute(aiTrainingQnaEndpoints.delete, {
      tags,
      summary: 'Delete a question-and-answer pair',
      errors,
    }),
    handler: async (request, reply) => {
      const { workspaceId, qnaId } = request.body;
      await memberWrite(app, request, workspaceId, 'admin', ({ trx, now }) =>
        removeQna(trx, workspaceId, qnaId, now),
      );
      return reply.code(204).send();
    },
  });
};
