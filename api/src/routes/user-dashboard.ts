import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { workspaceEndpoints } from 'shared-sdk';
import { signedInErrors } from '../errors/error-responses';
import { endpointRoute } from '../http/endpoint-route';
import { memberRead, memberWrite } from '../http/member-write';
import { changeChatbot, chatbotsOf } from '../services/chatbots';
import { workspaceStatistics } from '../services/workspace-statistics';

const errors = {
  ...signedInErrors,
  400: 'invalid-argument',
  404: 'not-found: no such workspace, or not a member of it',
};
const adminErrors = {
  ...errors,
  400: 'invalid-argument: the message names the offending field (body.photoUrl, body.businessHours.timeZone)',
  403: 'permission-denied: not an admin of the workspace; auth/user-disabled',
  404: 'not-found: no such workspace (or not a member), or no such chatbot in it',
};
const tags = ['dashboard'];

/** What the dashboard home shows of a workspace: its statistics and its chatbots, and their settings. */
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
      return workspaceStatistics(app.db, workspaceId);
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
      return chatbotsOf(app.db, workspaceId);
    },
  });

  app.route({
    ...endpointRoute(workspaceEndpoints.updateChatbot, {
      tags,
      summary:
        "Change a chatbot's name, description, colour, idle timeout and photo, and its greeting, launcher, pre-chat form, business hours and away message (admins)",
      errors: adminErrors,
    }),
    handler: async (request) => {
      const { workspaceId, chatbotId, ...settings } = request.body;
      return memberWrite(app, request, workspaceId, 'admin', ({ trx, now }) =>
        changeChatbot(trx, workspaceId, chatbotId, settings, now, app.storage),
      );
    },
  });
};
