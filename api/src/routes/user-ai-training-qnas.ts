import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  aiTrainingQnaSchema,
  createAiTrainingQnaRequestSchema,
  deleteAiTrainingQnaRequestSchema,
  updateAiTrainingQnaRequestSchema,
} from 'shared-sdk/schemas';
import { z } from 'zod';
import { requireMember, requireUser } from '../auth/workspace-access';
import { errorResponses, signedInErrors } from '../errors/error-responses';
import { HttpError } from '../errors/http-error';
import { writeTransaction } from '../live/write-transaction';
import {
  deleteAiTrainingQna,
  insertAiTrainingQna,
  updateAiTrainingQna,
} from '../repositories/ai-training-qnas';

const qnaErrors = {
  ...signedInErrors,
  400: 'invalid-argument: the message names the offending field',
  403: 'permission-denied: not an admin of the workspace; auth/user-disabled',
  404: 'not-found: no such workspace (or not a member), or no such Q&A pair in it',
};

const qnaNotFound = (qnaId: string) => new HttpError(404, `Q&A pair ${qnaId} not found`);

/**
 * spec §7 ai-training-qnas: the question-and-answer pairs the bot answers from. Topics are
 * created on first use (lastUsedAt moves on each use). Admins of the workspace; reads are live
 * (collections ai_training_qnas, ai_training_qna_topics).
 */
export const userAiTrainingQnasRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['AI training'];

  app.post(
    '/user/ai-training-qnas',
    {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: 'Add a question-and-answer pair',
        body: createAiTrainingQnaRequestSchema,
        response: { 201: aiTrainingQnaSchema, ...errorResponses(qnaErrors) },
      },
    },
    async (request, reply) => {
      const { id } = requireUser(request);
      const { workspaceId, ...fields } = request.body;
      const qna = await writeTransaction(app.db, async (trx) => {
        await requireMember(trx, id, workspaceId, { role: 'admin' });
        return insertAiTrainingQna(trx, workspaceId, fields, app.identity.now());
      });
      return reply.code(201).send(qna);
    },
  );

  app.patch(
    '/user/ai-training-qnas',
    {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: 'Change a question-and-answer pair',
        body: updateAiTrainingQnaRequestSchema,
        response: { 200: aiTrainingQnaSchema, ...errorResponses(qnaErrors) },
      },
    },
    async (request) => {
      const { id } = requireUser(request);
      const { workspaceId, qnaId, ...fields } = request.body;
      return writeTransaction(app.db, async (trx) => {
        await requireMember(trx, id, workspaceId, { role: 'admin' });
        const qna = await updateAiTrainingQna(trx, workspaceId, qnaId, fields, app.identity.now());
        if (!qna) throw qnaNotFound(qnaId);
        return qna;
      });
    },
  );

  app.delete(
    '/user/ai-training-qnas',
    {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: 'Delete a question-and-answer pair',
        body: deleteAiTrainingQnaRequestSchema,
        response: { 204: z.void().describe('Deleted'), ...errorResponses(qnaErrors) },
      },
    },
    async (request, reply) => {
      const { id } = requireUser(request);
      const { workspaceId, qnaId } = request.body;
      await writeTransaction(app.db, async (trx) => {
        await requireMember(trx, id, workspaceId, { role: 'admin' });
        if (!(await deleteAiTrainingQna(trx, workspaceId, qnaId, app.identity.now()))) {
          throw qnaNotFound(qnaId);
        }
      });
      return reply.code(204).send();
    },
  );
};
