import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { widgetInstallEndpoints } from 'shared-sdk';
import { signedInErrors } from '../errors/error-responses';
import { endpointRoute } from '../http/endpoint-route';
import { memberRead } from '../http/member-write';
import { widgetInstallsOf } from '../services/widget-sightings';

/** Where the workspace's widget was seen (the Integrations screen): its admins only. */
export const userWidgetInstallsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...endpointRoute(widgetInstallEndpoints.list, {
      tags: ['widget'],
      summary:
        'The page origins the widget started a session on, the latest first (at most 5), with when',
      errors: {
        ...signedInErrors,
        403: 'permission-denied: not an admin of the workspace',
        404: 'not-found: no such workspace (or not a member)',
      },
    }),
    handler: async (request) => {
      const { workspaceId } = request.query;
      await memberRead(app, request, workspaceId, 'admin');
      return { installs: await widgetInstallsOf(app.db, workspaceId) };
    },
  });
};
