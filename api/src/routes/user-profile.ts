import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { identityEndpoints } from 'shared-sdk';
import { authError, notSignedIn } from '../auth/auth-errors';
import { requireUser } from '../auth/workspace-access';
import { signedInErrors } from '../errors/error-responses';
import { endpointRoute } from '../http/endpoint-route';
import { HttpError } from '../errors/http-error';
import {
  findUserById,
  isEmailTaken,
  normalizeEmail,
  toUser,
  updateUserProfile,
} from '../repositories/users';
import { writeTransaction } from '../live/write-transaction';

const tags = ['user'];

const emailInUse = () =>
  authError(400, 'auth/email-already-in-use', 'Another account has this e-mail address');

// The address a Firebase account signs in with is Firebase's: the profile screen changes it there,
// and the next ID token brings it to Parley (services/firebase-sessions.ts).
const emailKeptByFirebase = () =>
  new HttpError(
    400,
    'This account signs in with Firebase: its e-mail address is changed there, not here',
  );

/** A unique-constraint race lost to another account taking the same address. */
const isEmailConflict = (err: unknown) =>
  typeof err === 'object' &&
  err !== null &&
  (err as { code?: unknown }).code === '23505' &&
  (err as { constraint?: unknown }).constraint === 'users_email_key';

/** spec §7: GET /api/user, GET and PATCH /api/user/profile (spec §3 saved fields). */
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
    // Read from the database rather than the sign-in the request was checked against, which may
    // come from memory: the profile screen shows what is stored, or says it cannot be read.
    handler: async (request) => {
      const row = await findUserById(app.db, requireUser(request).id);
      if (!row) throw notSignedIn();
      return toUser(row);
    },
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
    handler: async (request) => {
      const { id, email } = requireUser(request);
      const update = request.body;
      if (
        app.identity.firebase &&
        update.email !== undefined &&
        normalizeEmail(update.email) !== email
      ) {
        throw emailKeptByFirebase();
      }
      try {
        const row = await writeTransaction(app.db, async (trx) => {
          if (update.email && (await isEmailTaken(trx, update.email, id))) throw emailInUse();
          return updateUserProfile(trx, id, update, app.identity.now());
        });
        return toUser(row);
      } catch (err) {
        throw isEmailConflict(err) ? emailInUse() : err;
      }
    },
  });
};
