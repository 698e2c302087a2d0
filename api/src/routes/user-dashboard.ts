import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { chatbotSchema, statisticsSchema, workspaceIdQuerySchema } from 'shared-sdk/schemas';
import { z } from 'zod';
import { requireMember, requireUser, workspaceNotFound } from '../auth/workspace-access';
import { errorResponses, signedInErrors } from '../errors/error-responses';
import { listChatbots } from '../repositories/chatbots';
import { findStatistics } from '../repositories/statistics';

const memberErrors = {
  ...signedInErrors,
  400: 'invalid-argument',
  404: 'not-found: no such workspace, or not a member of it',
};

/** What the dashboard home shows of a workspace: its statistics and its chatbots. */
export const userDashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['dashboard'];

  app.get(
    '/user/statistics',
    {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: "The workspace's statistics (members)",
        querystring: workspaceIdQuerySchema,
        response: { 200: statisticsSchema, ...errorResponses(memberErrors) },
      },
    },
    async (request) => {
      const { workspaceId } = request.query;
      await requireMember(app.db, requireUser(request).id, workspaceId);
      const statistics = await findStatistics(app.db, workspaceId);
      if (!statistics) throw workspaceNotFound(workspaceId);
      return statistics;
    },
  );

  app.get(
    '/user/chatbots',
    {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: "The workspace's chatbots, oldest first (members)",
        querystring: workspaceIdQuerySchema,
        response: { 200: z.array(chatbotSchema), ...errorResponses(memberErrors) },
      },
    },
    async (request) => {
      const { workspaceId } = request.query;
      await requireMember(app.db, requireUser(request).id, workspaceId);
      return listChatbots(app.db, workspaceId);
    },
  );
};
