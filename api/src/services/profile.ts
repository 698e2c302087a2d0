import type { Kysely } from 'kysely';
import type { ProfileUpdate, User } from 'shared-sdk';
import { authError, notSignedIn } from '../auth/auth-errors';
import type { Database } from '../db/schema';
import { HttpError } from '../errors/http-error';
import { writeTransaction } from '../live/write-transaction';
import {
  findUserById,
  isEmailTaken,
  normalizeEmail,
  toUser,
  updateUserProfile,
} from '../repositories/users';

// The signed-in user's own profile (GET and PATCH /api/user/profile).

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

/**
 * Read from the database rather than the sign-in the request was checked against, which may come
 * from memory: the profile screen shows what is stored, or says it cannot be read.
 */
export async function readProfile(db: Kysely<Database>, userId: string): Promise<User> {
  const row = await findUserById(db, userId);
  if (!row) throw notSignedIn();
  return toUser(row);
}

/** Saves the fields present in `update`; `firebase`: the account's address is Firebase's. */
export async function updateProfile(
  db: Kysely<Database>,
  user: { id: string; email: string },
  update: ProfileUpdate,
  { firebase, now }: { firebase: boolean; now: Date },
): Promise<User> {
  if (firebase && update.email !== undefined && normalizeEmail(update.email) !== user.email) {
    throw emailKeptByFirebase();
  }
  try {
    const row = await writeTransaction(db, async (trx) => {
      if (update.email && (await isEmailTaken(trx, update.email, user.id))) throw emailInUse();
      return updateUserProfile(trx, user.id, update, now);
    });
    return toUser(row);
  } catch (err) {
    throw isEmailConflict(err) ? emailInUse() : err;
  }
}
