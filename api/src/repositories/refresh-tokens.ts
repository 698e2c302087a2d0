import type { Kysely, Selectable } from 'kysely';
import type { Database, RefreshTokensTable } from '../db/schema';
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

export async function revokeRefreshToken(
  trx: Kysely<Database>,
  tokenHash: string,
  now: Date,
): Promise<void> {
  await trx
    .updateTable('refreshTokens')
    .set({ revokedAt: now })
    .where('tokenHash', '=', tokenHash)
    .where('revokedAt', 'is', null)
    .execute();
}

export async function revokeRefreshTokenFamily(
  trx: Kysely<Database>,
  familyId: string,
  now: Date,
): Promise<void> {
  await trx
    .updateTable('refreshTokens')
    .set({ revokedAt: now })
    .where('familyId', '=', familyId)
    .where('revokedAt', 'is', null)
    .execute();
}

export async function revokeRefreshTokensOfUser(
  trx: Kysely<Database>,
  userId: string,
  now: Date,
): Promise<void> {
  await trx
    .updateTable('refreshTokens')
    .set({ revokedAt: now })
    .where('userId', '=', userId)
    .where('revokedAt', 'is', null)
    .execute();
}

/**
 * The account an access token names, and whether the sign-in it was issued for (its refresh-token
 * family) is still going: one query, the one every signed-in request already makes, so ending a
 * session is seen at once by every instance sharing the database.
 */
export async function findUserOfSession(
  db: Kysely<Database>,
  userId: string,
  familyId: string,
  now: Date,
): Promise<{ user: UserRow; sessionActive: boolean } | undefined> {
  const row = await db
    .selectFrom('users')
    .selectAll('users')
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom('refreshTokens')
            .select('refreshTokens.id')
            .where('refreshTokens.familyId', '=', familyId)
            .where('refreshTokens.userId', '=', userId)
            .where('refreshTokens.revokedAt', 'is', null)
            .where('refreshTokens.expiresAt', '>', now),
        )
        .as('sessionActive'),
    )
    .where('users.id', '=', userId)
    .executeTakeFirst();
  if (!row) return undefined;
  const { sessionActive, ...user } = row;
  return { user, sessionActive: Boolean(sessionActive) };
}
