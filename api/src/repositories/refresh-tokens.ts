import type { Kysely, Selectable } from 'kysely';
import type { Database, RefreshTokensTable } from '../db/schema';
import { readThroughCache, type CacheDefinition } from '../live/change-cache';
import { recordChange } from '../live/write-transaction';
import type { UserRow } from './users';

export type RefreshTokenRow = Selectable<RefreshTokensTable>;

export async function insertRefreshToken(
  trx: Kysely<Database>,
  token: { userId: string; familyId: string; tokenHash: string; expiresAt: Date },
): Promise<RefreshTokenRow> {
  return trx.insertInto('refreshTokens').values(token).returningAll().executeTakeFirstOrThrow();
}

/** Locks the row: two refreshes with one token cannot both rotate it. Pass a transaction. */
export function findRefreshTokenForUpdate(
  trx: Kysely<Database>,
  tokenHash: string,
): Promise<RefreshTokenRow | undefined> {
  return trx
    .selectFrom('refreshTokens')
    .selectAll()
    .where('tokenHash', '=', tokenHash)
    .forUpdate()
    .executeTakeFirst();
}

/** The token with `id`, locked (see findRefreshTokenForUpdate). */
export function findRefreshTokenByIdForUpdate(
  trx: Kysely<Database>,
  id: string,
): Promise<RefreshTokenRow | undefined> {
  return trx
    .selectFrom('refreshTokens')
    .selectAll()
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export async function markRefreshTokenRotated(
  trx: Kysely<Database>,
  id: string,
  replacedBy: string,
  now: Date,
): Promise<void> {
  await trx
    .updateTable('refreshTokens')
    .set({ revokedAt: now, replacedBy })
    .where('id', '=', id)
    .execute();
}

/** Revoked tokens end sign-ins: their users' kept sessions (findUserOfSession) must go. */
function sessionsEnded(trx: Kysely<Database>, revoked: { userId: string }[]) {
  const ids = [...new Set(revoked.map(({ userId }) => userId))];
  if (ids.length > 0) recordChange(trx, { collection: 'users', workspaceId: null, ids });
}

export async function revokeRefreshTokenFamily(
  trx: Kysely<Database>,
  familyId: string,
  now: Date,
): Promise<void> {
  const revoked = await trx
    .updateTable('refreshTokens')
    .set({ revokedAt: now })
    .where('familyId', '=', familyId)
    .where('revokedAt', 'is', null)
    .returning('userId')
    .execute();
  sessionsEnded(trx, revoked);
}

export async function revokeRefreshTokensOfUser(
  trx: Kysely<Database>,
  userId: string,
  now: Date,
): Promise<void> {
  const revoked = await trx
    .updateTable('refreshTokens')
    .set({ revokedAt: now })
    .where('userId', '=', userId)
    .where('revokedAt', 'is', null)
    .returning('userId')
    .execute();
  sessionsEnded(trx, revoked);
}

/**
 * The account an access token names, and until when the sign-in it was issued for (its
 * refresh-token family) goes on: null once it has ended. Asked by every signed-in request, so
 * kept in memory per user and sign-in; ending a sign-in (any revocation below) or changing the
 * account is a change to `users` that drops it, on this instance at once and on the others when
 * the change feed carries it. A kept sign-in that seems to have run out is read again: a refresh
 * since may have extended it.
 */
const sessions: CacheDefinition<SessionOfUser | null> = {
  name: 'sessions',
  collections: ['users'],
  scopesOf: (event) => event.ids,
};

export interface SessionOfUser {
  user: UserRow;
  sessionEndsAt: Date | null;
}

export async function findUserOfSession(
  db: Kysely<Database>,
  userId: string,
  familyId: string,
  now: Date,
): Promise<SessionOfUser | undefined> {
  const goesOn = (found: SessionOfUser | null) =>
    !found || (found.sessionEndsAt !== null && found.sessionEndsAt > now);
  const cache = { ...sessions, usable: goesOn };
  const found = await readThroughCache(db, cache, userId, familyId, async () => {
    const row = await db
      .selectFrom('users')
      .selectAll('users')
      .select((eb) =>
        eb
          .selectFrom('refreshTokens')
          .select((max) => max.fn.max('refreshTokens.expiresAt').as('endsAt'))
          .where('refreshTokens.familyId', '=', familyId)
          .where('refreshTokens.userId', '=', userId)
          .where('refreshTokens.revokedAt', 'is', null)
          .as('sessionEndsAt'),
      )
      .where('users.id', '=', userId)
      .executeTakeFirst();
    if (!row) return null;
    const { sessionEndsAt, ...user } = row;
    return { user, sessionEndsAt: sessionEndsAt ? new Date(sessionEndsAt) : null };
  });
  return found ?? undefined;
}
