import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { workspaceEndpoints } from 'shared-sdk';
import { workspaceNotFound } from '../auth/workspace-access';
import { signedInErrors } from '../errors/error-responses';
import { endpointRoute } from '../http/endpoint-route';
import { memberRead } from '../http/member-write';
import { listChatbots } from '../repositories/chatbots';
import { findStatistics } from '../repositories/statistics';

const errors = {
  ...signedInErrors,
  400: 'invalid-argument',
  404: 'not-found: no such workspace, or not a member of it',
};
const tags = ['dashboard'];

/** What the dashboard home shows of a workspace: its statistics and its chatbots. */
export const userDashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...endpointRoute(workspaceEndpoints.statistics, {
      tags,
      summary: "The workspace's statistics (members)",
      errors,
    }),
    handler: async (request) => {
      const { workspaceId } = request.query;
      await memberRead(app, request, workspaceId);
      const statistics = await findStatistics(app.db, workspaceId);
      if (!statistics) throw workspaceNotFound(workspaceId);
      return statistics;
    },
  });

  app.route({
    ...endpointRoute(workspaceEndpoints.chatbots, {
      tags,
      summary: "The workspace's chatbots, oldest first (members)",
      errors,
    }),
    handler: async (request) => {
      const { workspaceId } = request.query;
      await memberRead(app, request, workspaceId);
      return listChatbots(app.db, workspaceId);
    },
  });
};
