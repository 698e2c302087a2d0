import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { AuthResponse } from 'shared-sdk';
import { userDisabled, userTokenExpired } from '../auth/auth-errors';
import { generateOpaqueToken, hashOpaqueToken } from '../auth/opaque-tokens';
import type { Database } from '../db/schema';
import type { HttpError } from '../errors/http-error';
import {
  findRefreshTokenByIdForUpdate,
  findRefreshTokenForUpdate,
  findUserOfSession,
  insertRefreshToken,
  markRefreshTokenRotated,
  revokeRefreshTokenFamily,
} from '../repositories/refresh-tokens';
import { findUserById, toUser } from '../repositories/users';
import type { UserRow } from '../repositories/users';
import { writeTransaction } from '../live/write-transaction';
import { checkFirebaseToken } from './firebase-sessions';
import type { Identity } from './identity';

/**
 * Issues an access token and the first (or next) refresh token of a family. A new sign-in
 * starts a new family; a refresh continues its own. Pass a transaction.
 */
export async function startSession(
  trx: Kysely<Database>,
  identity: Identity,
  user: UserRow,
  familyId: string = randomUUID(),
): Promise<{ response: AuthResponse; refreshTokenId: string }> {
  const refreshToken = generateOpaqueToken();
  const row = await insertRefreshToken(trx, {
    userId: user.id,
    familyId,
    tokenHash: hashOpaqueToken(refreshToken),
    expiresAt: new Date(identity.now().getTime() + identity.config.refreshTokenTtlSeconds * 1000),
  });
  return {
    refreshTokenId: row.id,
    response: {
      user: toUser(user),
      idToken: await identity.accessTokens.sign(user.id, familyId),
      refreshToken,
      expiresIn: identity.accessTokens.ttlSeconds,
    },
  };
}

type RefreshOutcome = { ok: true; response: AuthResponse } | { ok: false; error: HttpError };

/**
 * How long after a refresh token was traded its client may present it again, once, and be
 * answered as if its first answer had been lost (a page reloaded while the refresh was on its
 * way, a dropped connection): the token it got then, never used, is traded in its place.
 */
export const refreshReuseGraceSeconds = 30;

/**
 * Trades a refresh token for a new pair; the presented token stops working. A token that was
 * already traded, presented again, is taken as stolen: its whole family is revoked, so neither
 * the thief nor the victim can continue that session. Within refreshReuseGraceSeconds of the
 * trade, while the token it was traded for is still unused, it is a retry: that token is traded
 * instead, so a sign-in still has one live refresh token.
 */
export async function refreshSession(
  db: Kysely<Database>,
  identity: Identity,
  refreshToken: string,
): Promise<AuthResponse> {
  const now = identity.now();
  // The revocation on reuse must be committed, so failures are returned, and thrown after.
  const outcome = await writeTransaction(db, async (trx): Promise<RefreshOutcome> => {
    const presented = await findRefreshTokenForUpdate(trx, hashOpaqueToken(refreshToken));
    if (!presented) return { ok: false, error: userTokenExpired() };
    let token = presented;
    if (presented.revokedAt) {
      const retried =
        presented.replacedBy &&
        now.getTime() - presented.revokedAt.getTime() <= refreshReuseGraceSeconds * 1000
          ? await findRefreshTokenByIdForUpdate(trx, presented.replacedBy)
          : undefined;
      if (!retried || retried.revokedAt) {
        if (presented.replacedBy) await revokeRefreshTokenFamily(trx, presented.familyId, now);
        return { ok: false, error: userTokenExpired() };
      }
      token = retried;
    }
    if (token.expiresAt <= now) return { ok: false, error: userTokenExpired() };
    const user = await findUserById(trx, token.userId);
    if (!user) return { ok: false, error: userTokenExpired() };
    if (user.disabled) return { ok: false, error: userDisabled() };
    const next = await startSession(trx, identity, user, token.familyId);
    await markRefreshTokenRotated(trx, token.id, next.refreshTokenId, now);
    return { ok: true, response: next.response };
  });
  if (!outcome.ok) throw outcome.error;
  return outcome.response;
}

/**
 * Sign-out: the sign-in ends, whichever of its refresh tokens is presented. A client may hold an
 * older one (a tab that missed a refresh, or a token traded while the sign-out was on its way):
 * signing out with it must still end the tokens it was traded for. Unknown tokens are ignored.
 */
export async function endSession(
  db: Kysely<Database>,
  identity: Identity,
  refreshToken: string,
): Promise<void> {
  await writeTransaction(db, async (trx) => {
    const presented = await findRefreshTokenForUpdate(trx, hashOpaqueToken(refreshToken));
    if (presented) await revokeRefreshTokenFamily(trx, presented.familyId, identity.now());
  });
}

const sessionIdPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type AccessTokenCheck =
  { ok: true; user: UserRow; sessionId: string } | { ok: false; error: HttpError };

/**
 * Who an access token (Bearer header or sign-in cookie) belongs to. Refused when it is expired,
 * not ours, of a deleted account, of a sign-in that has ended, or older than the account's last
 * password change or reset; a disabled account is refused with its own code.
 */
export async function checkAccessToken(
  db: Kysely<Database>,
  identity: Identity,
  token: string,
): Promise<AccessTokenCheck> {
  // Firebase configured: it is the only identity provider (README "Signing in with Firebase").
  if (identity.firebase) return checkFirebaseToken(db, identity, identity.firebase, token);
  const verified = await identity.accessTokens.verify(token);
  if (!verified.ok) return { ok: false, error: userTokenExpired() };
  const { userId, sessionId, issuedAt } = verified.claims;
  // A sign-in's id is its refresh-token family's uuid. Any other string, even under a valid
  // signature (a key that leaked, a token made by hand), names no sign-in: refused as such, never
  // sent to a uuid column where the database would refuse it as a failure (503).
  if (!sessionIdPattern.test(sessionId)) return { ok: false, error: userTokenExpired() };
  const now = identity.now();
  const found = await findUserOfSession(db, userId, sessionId, now);
  // A token of a sign-in that ended (signed out, or its refresh token reused and the family
  // revoked) stops working then, not when it expires.
  if (!found?.sessionEndsAt || found.sessionEndsAt <= now) {
    return { ok: false, error: userTokenExpired() };
  }
  const { user } = found;
  const validAfter = user.sessionsValidAfter;
  // Tokens carry whole seconds: one issued in the same second as the change still counts.
  if (validAfter && issuedAt < Math.floor(validAfter.getTime() / 1000)) {
    return { ok: false, error: userTokenExpired() };
  }
  if (user.disabled) return { ok: false, error: userDisabled() };
  return { ok: true, user, sessionId };
}
