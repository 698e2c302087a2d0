import type { Kysely, Selectable } from 'kysely';
import type { Database, PasswordResetCodesTable } from '../db/schema';

export type PasswordResetCodeRow = Selectable<PasswordResetCodesTable>;

export async function insertPasswordResetCode(
  trx: Kysely<Database>,
  code: { userId: string; codeHash: string; expiresAt: Date },
): Promise<void> {
  await trx.insertInto('passwordResetCodes').values(code).execute();
}

export function findPasswordResetCode(
  db: Kysely<Database>,
  codeHash: string,
): Promise<PasswordResetCodeRow | undefined> {
  return db
    .selectFrom('passwordResetCodes')
    .selectAll()
    .where('codeHash', '=', codeHash)
    .executeTakeFirst();
}

/** Locks the row so that a code is used once even when confirmed twice at the same moment. */
export function findPasswordResetCodeForUpdate(
  trx: Kysely<Database>,
  codeHash: string,
): Promise<PasswordResetCodeRow | undefined> {
  return trx
    .selectFrom('passwordResetCodes')
    .selectAll()
    .where('codeHash', '=', codeHash)
    .forUpdate()
    .executeTakeFirst();
}

/** After a reset every outstanding code of the user is spent, not only the one used. */
export async function usePasswordResetCodesOfUser(
  trx: Kysely<Database>,
  userId: string,
  now: Date,
): Promise<void> {
  await trx
    .updateTable('passwordResetCodes')
    .set({ usedAt: now })
    .where('userId', '=', userId)
    .where('usedAt', 'is', null)
    .execute();
}
