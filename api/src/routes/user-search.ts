import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { searchEndpoints } from 'shared-sdk';
import { signedInErrors } from '../errors/error-responses';
import { endpointRoute } from '../http/endpoint-route';
import { memberRead } from '../http/member-write';
import { searchWorkspace } from '../services/search';

/**
 * Search across a workspace (issue 44), for its admins like every workspace page (product-spec.md §2): words
 * in messages, members' notes and ticket subjects, and customers by name or e-mail address. A
 * widget visitor's token is not a member's, so notes never reach a visitor.
 */
export const userSearchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...endpointRoute(searchEndpoints.search, {
      tags: ['search'],
      summary: 'Search messages, notes, tickets and customers of a workspace, best first',
      errors: {
        ...signedInErrors,
        400: 'invalid-argument: an empty query, one over 1,000 characters, or a bad filter',
        403: 'permission-denied: not an admin of the workspace; auth/user-disabled',
        404: 'not-found: no such workspace or not a member of it',
      },
    }),
    handler: async (request) => {
      const { query } = request;
      await memberRead(app, request, query.workspaceId, 'admin');
      return searchWorkspace(app.db, query);
    },
  });
};
