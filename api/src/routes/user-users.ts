import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  addWorkspaceUsersRequestSchema,
  addWorkspaceUsersResponseSchema,
  deleteWorkspaceUserRequestSchema,
  updateWorkspaceUserRequestSchema,
  workspaceIdQuerySchema,
  workspaceUserSchema,
} from 'shared-sdk/schemas';
import { z } from 'zod';
import { requireMember, requireUser } from '../auth/workspace-access';
import { errorResponses, signedInErrors } from '../errors/error-responses';
import { writeTransaction } from '../live/write-transaction';
import { listWorkspaceUsersOfWorkspace } from '../repositories/workspace-users';
import { addMembers, removeMember, updateMember } from '../services/workspace-members';

const memberErrors = {
  ...signedInErrors,
  400: 'invalid-argument; "A workspace needs at least one admin"',
  403: 'permission-denied: not an admin of the workspace; auth/user-disabled',
  404: 'not-found: no such member, or not in a workspace of the caller',
};

/** spec §6–7: admins add, change and remove a workspace's members. */
export const userUsersRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['workspace members'];

  app.get(
    '/user/users',
    {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: "The workspace's members, disabled ones too, oldest first (admins)",
        querystring: workspaceIdQuerySchema,
        response: { 200: z.array(workspaceUserSchema), ...errorResponses(memberErrors) },
      },
    },
    async (request) => {
      const { workspaceId } = request.query;
      await requireMember(app.db, requireUser(request).id, workspaceId, { role: 'admin' });
      return listWorkspaceUsersOfWorkspace(app.db, workspaceId);
    },
  );

  app.post(
    '/user/users',
    {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: 'Add existing accounts by e-mail (all or nothing)',
        body: addWorkspaceUsersRequestSchema,
        response: {
          201: addWorkspaceUsersResponseSchema,
          ...errorResponses({
            ...memberErrors,
            400: 'invalid-argument',
            404: 'auth/user-not-found: an address has no account; not-found: no such workspace',
          }),
        },
      },
    },
    async (request, reply) => {
      const result = await writeTransaction(app.db, (trx) =>
        addMembers(trx, requireUser(request).id, request.body),
      );
      return reply.code(201).send(result);
    },
  );

  app.patch(
    '/user/users',
    {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: "Change a member's role or status",
        body: updateWorkspaceUserRequestSchema,
        response: { 200: workspaceUserSchema, ...errorResponses(memberErrors) },
      },
    },
    async (request) =>
      writeTransaction(app.db, (trx) =>
        updateMember(trx, requireUser(request).id, app.identity.now(), request.body),
      ),
  );

  app.delete(
    '/user/users',
    {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: 'Remove a member from the workspace',
        body: deleteWorkspaceUserRequestSchema,
        response: { 204: z.void().describe('Removed'), ...errorResponses(memberErrors) },
      },
    },
    async (request, reply) => {
      await writeTransaction(app.db, (trx) =>
        removeMember(trx, requireUser(request).id, request.body.workspaceUserId),
      );
      return reply.code(204).send();
    },
  );
};
