import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { workspaceUserEndpoints } from 'shared-sdk';
import { requireUser } from '../auth/workspace-access';
import { signedInErrors } from '../errors/error-responses';
import { endpointRoute } from '../http/endpoint-route';
import { memberRead } from '../http/member-write';
import { writeTransaction } from '../live/write-transaction';
import { addMembers, membersOf, removeMember, updateMember } from '../services/workspace-members';

const errors = {
  ...signedInErrors,
  400: 'invalid-argument; "A workspace needs at least one admin"',
  403: 'permission-denied: not an admin of the workspace; auth/user-disabled',
  404: 'not-found: no such member, or not in a workspace of the caller',
};
const tags = ['workspace members'];

/**
 * product-spec.md §6–7: admins add, change and remove a workspace's members. The writes name a member, not
 * a workspace: the members service finds the workspace and checks the caller's role in it, in the
 * write's transaction.
 */
export const userUsersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...endpointRoute(workspaceUserEndpoints.list, {
      tags,
      summary: "The workspace's members, disabled ones too, oldest first (admins)",
      errors,
    }),
    handler: async (request) => {
      const { workspaceId } = request.query;
      await memberRead(app, request, workspaceId, 'admin');
      return membersOf(app.db, workspaceId);
    },
  });

  app.route({
    ...endpointRoute(workspaceUserEndpoints.add, {
      tags,
      summary: 'Add existing accounts by e-mail (all or nothing)',
      errors: {
        ...errors,
        400: 'invalid-argument',
        404: 'auth/user-not-found: an address has no account; not-found: no such workspace',
      },
    }),
    handler: async (request, reply) => {
      const result = await writeTransaction(app.db, (trx) =>
        addMembers(trx, requireUser(request).id, request.body),
      );
      return reply.code(201).send(result);
    },
  });

  app.route({
    ...endpointRoute(workspaceUserEndpoints.update, {
      tags,
      summary: "Change a member's role or status",
      errors,
    }),
    handler: async (request) =>
      writeTransaction(app.db, (trx) =>
        updateMember(trx, requireUser(request).id, app.identity.now(), request.body),
      ),
  });

  app.route({
    ...endpointRoute(workspaceUserEndpoints.delete, {
      tags,
      summary: 'Remove a member from the workspace',
      errors,
    }),
    handler: async (request, reply) => {
      await writeTransaction(app.db, (trx) =>
        removeMember(trx, requireUser(request).id, request.body.workspaceUserId),
      );
      return reply.code(204).send();
    },
  });
};
