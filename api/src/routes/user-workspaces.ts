import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { workspaceEndpoints } from 'shared-sdk';
import { isActiveAdmin, requireUser } from '../auth/workspace-access';
import { signedInErrors } from '../errors/error-responses';
import { endpointRoute } from '../http/endpoint-route';
import { memberWrite } from '../http/member-write';
import { writeTransaction } from '../live/write-transaction';
import { createWorkspace } from '../services/workspace-setup';
import { changeWorkspace, removeWorkspace, workspacesOf } from '../services/workspaces';

const adminErrors = {
  ...signedInErrors,
  400: 'invalid-argument',
  403: 'permission-denied: not an admin of the workspace; auth/user-disabled',
  404: 'not-found: no such workspace, or not a member of it',
};
const tags = ['workspaces'];

/** product-spec.md §7: the caller's workspaces, and is-admin. */
export const userWorkspacesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...endpointRoute(workspaceEndpoints.list, {
      tags,
      summary: "The caller's workspace links (active), oldest first",
      errors: signedInErrors,
    }),
    handler: async (request) => workspacesOf(app.db, requireUser(request).id),
  });

  app.route({
    ...endpointRoute(workspaceEndpoints.create, {
      tags,
      summary: 'Create a workspace with its first chatbot; the caller becomes its admin',
      errors: { ...signedInErrors, 400: 'invalid-argument' },
    }),
    handler: async (request, reply) => {
      const { workspaceName, websiteUrl } = request.body;
      const link = await writeTransaction(app.db, (trx) =>
        createWorkspace(trx, {
          userId: requireUser(request).id,
          name: workspaceName,
          url: websiteUrl,
        }),
      );
      return reply.code(201).send(link);
    },
  });

  app.route({
    ...endpointRoute(workspaceEndpoints.update, {
      tags,
      summary:
        'Rename a workspace, change its website, currency, ticket forwarding e-mail or colour (admins)',
      errors: adminErrors,
    }),
    handler: async (request) => {
      const { workspaceId, workspaceName, websiteUrl, ...settings } = request.body;
      return memberWrite(app, request, workspaceId, 'admin', ({ trx, now }) =>
        changeWorkspace(
          trx,
          workspaceId,
          { name: workspaceName, url: websiteUrl, ...settings },
          now,
        ),
      );
    },
  });

  app.route({
    ...endpointRoute(workspaceEndpoints.delete, {
      tags,
      summary: 'Delete a workspace with everything in it (admins)',
      errors: adminErrors,
    }),
    handler: async (request, reply) => {
      const { workspaceId } = request.body;
      await memberWrite(app, request, workspaceId, 'admin', ({ trx }) =>
        removeWorkspace(trx, workspaceId),
      );
      return reply.code(204).send();
    },
  });

  app.route({
    ...endpointRoute(workspaceEndpoints.isAdmin, {
      tags,
      summary: 'Whether the caller is an active admin of the workspace (false for non-members)',
      errors: { ...signedInErrors, 400: 'invalid-argument' },
    }),
    handler: async (request) =>
      isActiveAdmin(app.db, requireUser(request).id, request.query.workspaceId),
  });
};
