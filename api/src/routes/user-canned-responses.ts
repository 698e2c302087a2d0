import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { cannedResponseEndpoints } from 'shared-sdk';
import { signedInErrors } from '../errors/error-responses';
import { endpointRoute } from '../http/endpoint-route';
import { memberRead, memberWrite } from '../http/member-write';
import {
  cannedResponsesOf,
  changeCannedResponse,
  createCannedResponse,
  isShortcutConflict,
  removeCannedResponse,
  shortcutInUse,
} from '../services/canned-responses';

const errors = {
  ...signedInErrors,
  400: 'invalid-argument: the message names the offending field (body.shortcut, body.content), a shortcut already used, or the workspace has its 500',
  403: 'permission-denied: not an admin of the workspace (members only read); auth/user-disabled',
  404: 'not-found: no such workspace (or not a member), or no such canned response in it',
};
const tags = ['canned-responses'];

/** A shortcut taken by a concurrent write between this one's check and its commit. */
async function refusingTakenShortcut<T>(shortcut: string | undefined, write: () => Promise<T>) {
  try {
    return await write();
  } catch (err) {
    throw isShortcutConflict(err) && shortcut !== undefined ? shortcutInUse(shortcut) : err;
  }
}

/**
 * A workspace's canned responses (issue 18): every member reads them (also live, collection
 * canned_responses), admins create, change and delete them.
 */
export const userCannedResponsesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...endpointRoute(cannedResponseEndpoints.list, {
      tags,
      summary: "The workspace's canned responses, by shortcut",
      errors,
    }),
    handler: async (request) => {
      const { workspaceId } = request.query;
      await memberRead(app, request, workspaceId);
      return cannedResponsesOf(app.db, workspaceId);
    },
  });

  app.route({
    ...endpointRoute(cannedResponseEndpoints.create, {
      tags,
      summary: 'Add a canned response (its shortcut unique in the workspace)',
      errors,
    }),
    handler: async (request, reply) => {
      const { body } = request;
      const created = await refusingTakenShortcut(body.shortcut, () =>
        memberWrite(app, request, body.workspaceId, 'admin', ({ trx, now }) =>
          createCannedResponse(trx, body, now),
        ),
      );
      return reply.code(201).send(created);
    },
  });

  app.route({
    ...endpointRoute(cannedResponseEndpoints.update, {
      tags,
      summary: 'Change the shortcut or the reply of a canned response',
      errors,
    }),
    handler: async (request) =>
      refusingTakenShortcut(request.body.shortcut, () =>
        memberWrite(app, request, request.body.workspaceId, 'admin', ({ trx, now }) =>
          changeCannedResponse(trx, request.body, now),
        ),
      ),
  });

  app.route({
    ...endpointRoute(cannedResponseEndpoints.delete, {
      tags,
      summary: 'Delete a canned response',
      errors,
    }),
    handler: async (request, reply) => {
      const { workspaceId, cannedResponseId } = request.body;
      await memberWrite(app, request, workspaceId, 'admin', ({ trx }) =>
        removeCannedResponse(trx, workspaceId, cannedResponseId),
      );
      return reply.code(204).send();
    },
  });
};
