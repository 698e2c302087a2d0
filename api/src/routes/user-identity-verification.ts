import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { identityVerificationEndpoints } from 'shared-sdk';
import { signedInErrors } from '../errors/error-responses';
import { endpointRoute } from '../http/endpoint-route';
import { memberRead, memberWrite } from '../http/member-write';
import {
  createIdentitySecret,
  readIdentityVerification,
  rotateIdentitySecret,
  setIdentityRequired,
} from '../services/identity-verification';

const errors = {
  ...signedInErrors,
  400: 'invalid-argument: the message names the offending field; no secret yet (create one first), or one already (rotate it)',
  403: 'permission-denied: not an admin of the workspace; auth/user-disabled',
  404: 'not-found: no such workspace (or not a member)',
};
const tags = ['identity verification'];

/**
 * Settings › Integrations › Identity verification: the secret the business's server signs its
 * user ids with (widget/README.md), and "Require verified identity". Admins of the workspace.
 * The secret is answered by its creation and its rotation only.
 */
export const userIdentityVerificationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...endpointRoute(identityVerificationEndpoints.get, {
      tags,
      summary: 'Whether the workspace has an identity secret, and whether it requires verification',
      description: 'Never the secret: it is shown once, when created or rotated.',
      errors,
    }),
    handler: async (request) => {
      const { workspaceId } = request.query;
      await memberRead(app, request, workspaceId, 'admin');
      return readIdentityVerification(app.db, workspaceId, app.identity.now());
    },
  });

  app.route({
    ...endpointRoute(identityVerificationEndpoints.create, {
      tags,
      summary: "Make the workspace's identity secret; answers it, shown this once",
      errors,
    }),
    handler: async (request, reply) => {
      const { workspaceId } = request.body;
      const created = await memberWrite(app, request, workspaceId, 'admin', ({ trx, now }) =>
        createIdentitySecret(trx, workspaceId, now),
      );
      return reply.code(201).send(created);
    },
  });

  app.route({
    ...endpointRoute(identityVerificationEndpoints.rotate, {
      tags,
      summary: 'A new identity secret (shown this once); the previous one works 24 hours more',
      errors,
    }),
    handler: async (request) => {
      const { workspaceId } = request.body;
      return memberWrite(app, request, workspaceId, 'admin', ({ trx, now }) =>
        rotateIdentitySecret(trx, workspaceId, now),
      );
    },
  });

  app.route({
    ...endpointRoute(identityVerificationEndpoints.update, {
      tags,
      summary: 'Turn "Require verified identity" on or off',
      description:
        'On: an identify without a valid signature is refused (its details are not saved) and ' +
        'the chat stays anonymous.',
      errors,
    }),
    handler: async (request) =>
      memberWrite(app, request, request.body.workspaceId, 'admin', ({ trx, now }) =>
        setIdentityRequired(trx, request.body, now),
      ),
  });
};
