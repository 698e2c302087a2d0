import type { Kysely, Selectable } from 'kysely';
import type { IdentityVerification } from 'shared-sdk/schemas';
import type { Database, IdentityVerificationTable } from '../db/schema';

export type IdentityVerificationRow = Selectable<IdentityVerificationTable>;

/** As admins read it: never a secret. */
export function toIdentityVerification(
  row: IdentityVerificationRow | undefined,
  now: Date,
): IdentityVerification {
  const previousLive =
    row?.previousSecret != null &&
    row.previousSecretExpiresAt !== null &&
    row.previousSecretExpiresAt > now;
  return {
    configured: row !== undefined,
    required: row?.required ?? false,
    createdAt: row?.createdAt.toISOString() ?? null,
    rotatedAt: row?.rotatedAt?.toISOString() ?? null,
    previousSecretExpiresAt: previousLive ? row.previousSecretExpiresAt!.toISOString() : null,
  };
}

export async function findIdentityVerification(
  db: Kysely<Database>,
  workspaceId: string,
): Promise<IdentityVerificationRow | undefined> {
  return db
    .selectFrom('identityVerification')
    .selectAll()
    .where('workspaceId', '=', workspaceId)
    .executeTakeFirst();
}

/** Locked: a rotation and a change of the switch at once must not lose either. */
export async function findIdentityVerificationForUpdate(
  trx: Kysely<Database>,
  workspaceId: string,
): Promise<IdentityVerificationRow | undefined> {
  return trx
    .selectFrom('identityVerification')
    .selectAll()
    .where('workspaceId', '=', workspaceId)
    .forUpdate()
    .executeTakeFirst();
}

/** The workspace's first secret; undefined when it has one already (two admins at once). */
export async function insertIdentityVerification(
  trx: Kysely<Database>,
  workspaceId: string,
  secret: string,
): Promise<IdentityVerificationRow | undefined> {
  return trx
    .insertInto('identityVerification')
    .values({
      workspaceId,
      secret,
      previousSecret: null,
      previousSecretExpiresAt: null,
      rotatedAt: null,
    })
    .onConflict((conflict) => conflict.column('workspaceId').doNothing())
    .returningAll()
    .executeTakeFirst();
}

export async function updateIdentityVerification(
  trx: Kysely<Database>,
  workspaceId: string,
  change: Partial<
    Pick<
      IdentityVerificationRow,
      'secret' | 'previousSecret' | 'previousSecretExpiresAt' | 'required' | 'rotatedAt'
    >
  >,
): Promise<IdentityVerificationRow> {
  return trx
    .updateTable('identityVerification')
    .set(change)
    .where('workspaceId', '=', workspaceId)
    .returningAll()
    .executeTakeFirstOrThrow();
}
