import type { Kysely } from 'kysely';
import type { AuthResponse, LoginRequest, SignupRequest } from 'shared-sdk';
import {
  authError,
  invalidCredential,
  tooManyRequests,
  userDisabled,
  wrongPassword,
} from '../auth/auth-errors';
import {
  assertPasswordMeetsPolicy,
  hashPassword,
  verifyAgainstNothing,
  verifyPassword,
} from '../auth/passwords';
import { randomId } from '../db/random-id';
import type { Database } from '../db/schema';
import { HttpError } from '../errors/http-error';
import {
  clearAuthAttempts,
  countAuthAttempts,
  recordAuthAttempt,
} from '../repositories/auth-attempts';
import type { AttemptWindow } from '../repositories/auth-attempts';
import { revokeRefreshTokensOfUser } from '../repositories/refresh-tokens';
import {
  deleteUser,
  findUserByEmail,
  findUserById,
  insertUser,
  normalizeEmail,
  setPasswordHash,
} from '../repositories/users';
import type { UserRow } from '../repositories/users';
import { deleteWorkspace, lockWorkspace } from '../repositories/workspaces';
import {
  listWorkspaceIdsOfUser,
  summarizeMembershipsOfUser,
} from '../repositories/workspace-users';
import type { Identity } from './identity';
import { splitDisplayName } from './display-name';
import { firebaseUnavailable } from './firebase-sessions';
import { startSession } from './sessions';
import { defaultWorkspaceName } from 'shared-sdk/workspace-defaults';
import { createWorkspace } from './workspace-setup';
import { writeTransaction } from '../live/write-transaction';

export async function signUp(
  db: Kysely<Database>,
  identity: Identity,
  request: SignupRequest,
): Promise<AuthResponse> {
  assertPasswordMeetsPolicy(request.password, identity.config.passwordPolicy);
  // Hashing takes a tenth of a second: done before the transaction, which it would hold open.
  const passwordHash = await hashPassword(request.password, identity.config.passwordHashCost);
  return writeTransaction(db, async (trx) => {
    const user = await insertUser(trx, {
      id: randomId(),
      email: request.email,
      passwordHash,
      ...splitDisplayName(request.displayName),
      website: request.website ?? null,
    });
    if (!user) {
      throw authError(
        400,
        'auth/email-already-in-use',
        'An account with this e-mail address exists',
      );
    }
    // product-spec.md §4: a user with a website gets a workspace at once; others are asked to add one.
    if (request.website) {
      await createWorkspace(trx, {
        userId: user.id,
        name: defaultWorkspaceName,
        url: request.website,
      });
    }
    return (await startSession(trx, identity, user)).response;
  });
}

function failedLoginWindow(identity: Identity, email: string): AttemptWindow {
  const { windowSeconds } = identity.config.rateLimit.failedLogins;
  return {
    kind: 'failed-login',
    subject: normalizeEmail(email),
    windowSeconds,
    now: identity.now(),
  };
}

/**
 * Checks the password of the account with `email`, counting failures per e-mail address (in
 * the database, so the count holds across api instances). Too many failures in the window
 * refuse even the right password until the window passes. Returns the account, or undefined
 * when the e-mail or the password is wrong (the caller does not say which).
 */
async function checkPassword(
  db: Kysely<Database>,
  identity: Identity,
  email: string,
  password: string,
): Promise<UserRow | undefined> {
  const window = failedLoginWindow(identity, email);
  const { max } = identity.config.rateLimit.failedLogins;
  if ((await countAuthAttempts(db, window)) >= max) throw tooManyRequests();
  const user = await findUserByEmail(db, email);
  const ok = user?.passwordHash
    ? await verifyPassword(password, user.passwordHash)
    : await verifyAgainstNothing(password, identity.config.passwordHashCost);
  if (ok && user) return user;
  await db.transaction().execute((trx) => recordAuthAttempt(trx, window));
  return undefined;
}

export async function signIn(
  db: Kysely<Database>,
  identity: Identity,
  request: LoginRequest,
): Promise<AuthResponse> {
  const user = await checkPassword(db, identity, request.email, request.password);
  if (!user) throw invalidCredential();
  // Only someone who knows the password learns that the account is disabled.
  if (user.disabled) throw userDisabled();
  return db.transaction().execute(async (trx) => {
    await clearAuthAttempts(trx, 'failed-login', user.email);
    return (await startSession(trx, identity, user)).response;
  });
}

/** product-spec.md §5: sensitive changes re-authenticate the signed-in user with the current password. */
async function reauthenticate(
  db: Kysely<Database>,
  identity: Identity,
  userId: string,
  password: string,
): Promise<UserRow> {
  const current = await findUserById(db, userId);
  if (!current) throw new HttpError(404, 'This account no longer exists');
  if (identity.firebase) {
    // Firebase keeps the password: it checks it.
    const check = await identity.firebase.accounts.checkPassword(current.email, password);
    if (check === 'ok') return current;
    if (check === 'disabled') throw userDisabled();
    if (check === 'too-many') throw tooManyRequests();
    if (check === 'unavailable') throw firebaseUnavailable();
    throw wrongPassword();
  }
  const user = await checkPassword(db, identity, current.email, password);
  if (!user || user.id !== userId) throw wrongPassword();
  return user;
}

/**
 * New password after re-authentication. Every other session ends: their refresh tokens are
 * revoked and their access tokens refused. The caller gets a fresh session.
 */
export async function changePassword(
  db: Kysely<Database>,
  identity: Identity,
  userId: string,
  { currentPassword, newPassword }: { currentPassword: string; newPassword: string },
): Promise<AuthResponse> {
  const user = await reauthenticate(db, identity, userId, currentPassword);
  assertPasswordMeetsPolicy(newPassword, identity.config.passwordPolicy);
  const passwordHash = await hashPassword(newPassword, identity.config.passwordHashCost);
  const now = identity.now();
  return writeTransaction(db, async (trx) => {
    await setPasswordHash(trx, user.id, passwordHash, now);
    await revokeRefreshTokensOfUser(trx, user.id, now);
    return (await startSession(trx, identity, { ...user, passwordHash })).response;
  });
}

/**
 * Deletes the account after re-authentication, with its sessions and memberships. Workspaces it
 * was the only member of go too. A workspace it is the last active admin of, with other
 * members, stops the deletion: someone must be able to manage it afterwards.
 */
export async function deleteAccount(
  db: Kysely<Database>,
  identity: Identity,
  userId: string,
  password: string,
): Promise<void> {
  await reauthenticate(db, identity, userId, password);
  await writeTransaction(db, async (trx) => {
    // Locked (in one order, so two deletions cannot deadlock) before counting admins: two
    // admins deleting their accounts at once must not both count the other as remaining.
    for (const workspaceId of await listWorkspaceIdsOfUser(trx, userId)) {
      await lockWorkspace(trx, workspaceId);
    }
    for (const membership of await summarizeMembershipsOfUser(trx, userId)) {
      const { link, workspaceName, otherMembers, otherActiveAdmins } = membership;
      if (otherMembers === 0) {
        await deleteWorkspace(trx, link.workspaceId);
      } else if (link.role === 'admin' && link.status === 'active' && otherActiveAdmins === 0) {
        throw new HttpError(400, `Make someone else an admin of ${workspaceName} first`);
      }
    }
    await deleteUser(trx, userId);
  });
}
