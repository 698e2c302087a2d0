import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createWorkspaceRequestSchema,
  deleteWorkspaceRequestSchema,
  updateWorkspaceRequestSchema,
  workspaceIdQuerySchema,
  workspaceSchema,
  workspaceUserSchema,
} from 'shared-sdk/schemas';
import { z } from 'zod';
import { isActiveAdmin, requireMember, requireUser } from '../auth/workspace-access';
import { errorResponses, signedInErrors } from '../errors/error-responses';
import { deleteWorkspace, toWorkspace, updateWorkspace } from '../repositories/workspaces';
import { listActiveWorkspaceUsersOfUser } from '../repositories/workspace-users';
import { createWorkspace } from '../services/workspace-setup';
import { writeTransaction } from '../live/write-transaction';

const adminErrors = {
  ...signedInErrors,
  400: 'invalid-argument',
  403: 'permission-denied: not an admin of the workspace; auth/user-disabled',
  404: 'not-found: no such workspace, or not a member of it',
};

/** spec §7: the caller's workspaces, and is-admin. */
export const userWorkspacesRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['workspaces'];

  app.get(
    '/user/workspaces',
    {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: "The caller's workspace links (active), oldest first",
        response: { 200: z.array(workspaceUserSchema), ...errorResponses(signedInErrors) },
      },
    },
    async (request) => listActiveWorkspaceUsersOfUser(app.db, requireUser(request).id),
  );

  app.post(
    '/user/workspaces',
    {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: 'Create a workspace with its first chatbot; the caller becomes its admin',
        body: createWorkspaceRequestSchema,
        response: {
          201: workspaceUserSchema,
          ...errorResponses({ ...signedInErrors, 400: 'invalid-argument' }),
        },
      },
    },
    async (request, reply) => {
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
  );

  app.patch(
    '/user/workspaces',
    {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: 'Rename a workspace or change its website (admins)',
        body: updateWorkspaceRequestSchema,
        response: { 200: workspaceSchema, ...errorResponses(adminErrors) },
      },
    },
    async (request) => {
      const { workspaceId, workspaceName, websiteUrl } = request.body;
      const row = await writeTransaction(app.db, async (trx) => {
        await requireMember(trx, requireUser(request).id, workspaceId, { role: 'admin' });
        return updateWorkspace(
          trx,
          workspaceId,
          { name: workspaceName, url: websiteUrl },
          app.identity.now(),
        );
      });
      return toWorkspace(row);
    },
  );

  app.delete(
    '/user/workspaces',
    {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: 'Delete a workspace with everything in it (admins)',
        body: deleteWorkspaceRequestSchema,
        response: { 204: z.void().describe('Deleted'), ...errorResponses(adminErrors) },
      },
    },
    async (request, reply) => {
      const { workspaceId } = request.body;
      await writeTransaction(app.db, async (trx) => {
        await requireMember(trx, requireUser(request).id, workspaceId, { role: 'admin' });
        await deleteWorkspace(trx, workspaceId);
      });
      return reply.code(204).send();
    },
  );

  app.get(
    '/user/is-admin',
    {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: 'Whether the caller is an active admin of the workspace (false for non-members)',
        querystring: workspaceIdQuerySchema,
        response: {
          200: z.boolean(),
          ...errorResponses({ ...signedInErrors, 400: 'invalid-argument' }),
        },
      },
    },
    async (request) => isActiveAdmin(app.db, requireUser(request).id, request.query.workspaceId),
  );
};
