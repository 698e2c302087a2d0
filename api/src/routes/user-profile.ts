import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { identityEndpoints } from 'shared-sdk';
import { requireUser } from '../auth/workspace-access';
import { signedInErrors } from '../errors/error-responses';
import { endpointRoute } from '../http/endpoint-route';
import { readProfile, updateProfile } from '../services/profile';

const tags = ['user'];

/** product-spec.md §7: GET /api/user, GET and PATCH /api/user/profile (product-spec.md §3 saved fields). */
export const userProfileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...endpointRoute(identityEndpoints.currentUser, {
      tags,
      summary: 'Whether the request is signed in, and as whom',
      errors: {},
    }),
    config: { auth: 'optional' },
    handler: async (request) => ({ loggedIn: request.user !== null, user: request.user }),
  });

  app.route({
    ...endpointRoute(identityEndpoints.profile, {
      tags,
      summary: 'The signed-in user',
      errors: signedInErrors,
    }),
    handler: (request) => readProfile(app.db, requireUser(request).id),
  });

  app.route({
    ...endpointRoute(identityEndpoints.updateProfile, {
      tags,
      summary: 'Save profile fields (only those present change)',
      errors: {
        ...signedInErrors,
        400: "invalid-argument (with Firebase, another e-mail address than the sign-in's); auth/email-already-in-use",
      },
    }),
    handler: (request) =>
      updateProfile(app.db, requireUser(request), request.body, {
        firebase: Boolean(app.identity.firebase),
        now: app.identity.now(),
      }),
  });
};
