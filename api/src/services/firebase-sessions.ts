import type { Kysely } from 'kysely';
import { authError, userDisabled, userTokenExpired } from '../auth/auth-errors';
import type { FirebaseTokenClaims } from '../auth/firebase-tokens';
import { randomId } from '../db/random-id';
import type { Database } from '../db/schema';
import { HttpError } from '../errors/http-error';
import { writeTransaction } from '../live/write-transaction';
import {
  findUserByEmail,
  findUserByFirebaseUid,
  insertFirebaseUser,
  isEmailTaken,
  linkFirebaseUid,
  normalizeEmail,
  updateUserProfile,
} from '../repositories/users';
import type { UserRow } from '../repositories/users';
import { splitDisplayName } from './display-name';
import type { FirebaseIdentity, Identity } from './identity';

export type FirebaseTokenCheck =
  { ok: true; user: UserRow; sessionId: string } | { ok: false; error: HttpError };

export const firebaseUnavailable = () =>
  authError(503, 'auth/network-request-failed', 'Firebase could not be reached; try again');

/**
 * Firebase keeps a Firebase account's e-mail address: one changed there (the profile screen
 * changes it through the Firebase SDK) reaches Parley with the next ID token. An address another
 * Parley account holds is not taken; that sign-in keeps the old address.
 */
async function followTokenEmail(
  db: Kysely<Database>,
  identity: Identity,
  user: UserRow,
  email: string | null,
): Promise<UserRow> {
  if (!email || normalizeEmail(email) === user.email) return user;
  try {
    return await writeTransaction(db, async (trx) => {
      if (await isEmailTaken(trx, email, user.id)) return user;
      return updateUserProfile(trx, user.id, { email }, identity.now());
    });
  } catch (error) {
    // Another account took the address between the check and the update.
    if ((error as { code?: unknown } | null)?.code === '23505') return user;
    throw error;
  }
}

/**
 * The Parley user of a Firebase account, created on its first sign-in (product-spec.md §5: the display name
 * split into first and last name). An existing Parley account of the same address is taken over
 * only when Firebase has verified the address: otherwise anyone could sign up in Firebase with
 * someone else's address and walk into their workspaces.
 */
async function findOrCreateUser(
  db: Kysely<Database>,
  identity: Identity,
  claims: FirebaseTokenClaims,
): Promise<UserRow> {
  const found = await findUserByFirebaseUid(db, claims.uid);
  if (found) return followTokenEmail(db, identity, found, claims.email);
  const { email } = claims;
  if (!email) {
    throw authError(
      401,
      'auth/invalid-credential',
      'Parley needs an account with an e-mail address',
    );
  }
  return writeTransaction(db, async (trx) => {
    const created = await insertFirebaseUser(trx, {
      id: randomId(),
      firebaseUid: claims.uid,
      providerId: claims.providerId,
      email,
      ...splitDisplayName(claims.name ?? ''),
    });
    if (created) return created;
    // A concurrent first sign-in of the same account won the insert.
    const same = await findUserByFirebaseUid(trx, claims.uid);
    if (same) return same;
    const existing = await findUserByEmail(trx, email);
    if (existing && existing.firebaseUid === null && claims.emailVerified) {
      return linkFirebaseUid(
        trx,
        existing.id,
        { firebaseUid: claims.uid, providerId: claims.providerId },
        identity.now(),
      );
    }
    throw authError(
      400,
      'auth/email-already-in-use',
      'Another Parley account has this e-mail address',
    );
  });
}

/**
 * A Firebase ID token (Bearer header or sign-in cookie): valid signature and claims, an account
 * Firebase has not disabled and whose tokens it has not revoked, and a Parley user not disabled
 * by Parley. The sign-in (sessionId) is the account's last credential entry.
 */
export async function checkFirebaseToken(
  db: Kysely<Database>,
  identity: Identity,
  firebase: FirebaseIdentity,
  token: string,
): Promise<FirebaseTokenCheck> {
  const verified = await firebase.tokens.verify(token);
  if (!verified.ok) {
    const error = verified.reason === 'unavailable' ? firebaseUnavailable() : userTokenExpired();
    return { ok: false, error };
  }
  const status = await firebase.accounts.status(token);
  if (status === 'unavailable') return { ok: false, error: firebaseUnavailable() };
  if (status === 'disabled') return { ok: false, error: userDisabled() };
  if (status === 'revoked') return { ok: false, error: userTokenExpired() };
  const { claims } = verified;
  let user: UserRow;
  try {
    user = await findOrCreateUser(db, identity, claims);
  } catch (error) {
    if (error instanceof HttpError) return { ok: false, error };
    throw error;
  }
  if (user.disabled) return { ok: false, error: userDisabled() };
  return { ok: true, user, sessionId: `firebase:${claims.uid}:${claims.authTime}` };
}
