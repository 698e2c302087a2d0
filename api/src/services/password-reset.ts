import type { Kysely } from 'kysely';
import { authError, tooManyRequests } from '../auth/auth-errors';
import { generateOpaqueToken, hashOpaqueToken } from '../auth/opaque-tokens';
import { assertPasswordMeetsPolicy, hashPassword } from '../auth/passwords';
import type { Database } from '../db/schema';
import { clearAuthAttempts, recordAuthAttempt } from '../repositories/auth-attempts';
import {
  findPasswordResetCode,
  findPasswordResetCodeForUpdate,
  insertPasswordResetCode,
  usePasswordResetCodesOfUser,
} from '../repositories/password-reset-codes';
import { revokeRefreshTokensOfUser } from '../repositories/refresh-tokens';
import {
  findUserByEmail,
  findUserById,
  normalizeEmail,
  setPasswordHash,
} from '../repositories/users';
import type { Identity } from './identity';
import { writeTransaction } from '../live/write-transaction';

export interface PasswordResetMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** "an hour", "2 hours", "30 minutes": how long a reset link works. */
export function describeLifetime(seconds: number): string {
  if (seconds % 3600 === 0) return seconds === 3600 ? 'an hour' : `${seconds / 3600} hours`;
  const minutes = Math.max(1, Math.round(seconds / 60));
  return minutes === 1 ? 'a minute' : `${minutes} minutes`;
}

export function passwordResetMail(to: string, link: string, lifetimeSeconds: number) {
  const lifetime = describeLifetime(lifetimeSeconds);
  const htmlLink = link.replace(/&/g, '&amp;');
  return {
    to,
    subject: 'Reset your Parley password',
    text: [
      'Someone asked to reset the password of your Parley account.',
      '',
      `To choose a new password, open this link within ${lifetime}:`,
      link,
      '',
      'If it was not you, ignore this e-mail: your password stays as it is.',
    ].join('\n'),
    html: [
      '<p>Someone asked to reset the password of your Parley account.</p>',
      `<p><a href="${htmlLink}">Choose a new password</a> (the link works for ${lifetime}).</p>`,
      '<p>If it was not you, ignore this e-mail: your password stays as it is.</p>',
    ].join('\n'),
  };
}

/** product-spec.md §7: the recovery e-mail links to the product's /login page. */
export function passwordResetLink(publicUrl: string, code: string): string {
  const params = new URLSearchParams({ mode: 'resetPassword', oobCode: code });
  return `${publicUrl}/login?${params.toString()}`;
}

/**
 * Creates a single-use reset code for the account with `email` and returns the e-mail to send
 * (the caller sends it without waiting, so the answer takes as long either way),
 * or nothing when there is no such account (or it is disabled). The caller answers the same
 * either way, so the call reveals no account. Requests are counted per e-mail address, account
 * or not, and refused over the limit.
 */
export async function requestPasswordReset(
  db: Kysely<Database>,
  identity: Identity,
  publicUrl: string,
  email: string,
): Promise<PasswordResetMail | undefined> {
  const now = identity.now();
  const { max, windowSeconds } = identity.config.rateLimit.passwordResets;
  const subject = normalizeEmail(email);
  // A code is made whether or not it is needed: the work is the same for every address.
  const code = generateOpaqueToken();
  const codeHash = hashOpaqueToken(code);
  const outcome = await db.transaction().execute(async (trx) => {
    const count = await recordAuthAttempt(trx, {
      kind: 'password-reset',
      subject,
      windowSeconds,
      now,
    });
    if (count > max) return 'limited' as const;
    const user = await findUserByEmail(trx, subject);
    if (!user || user.disabled) return undefined;
    await insertPasswordResetCode(trx, {
      userId: user.id,
      codeHash,
      expiresAt: new Date(now.getTime() + identity.config.passwordResetCodeTtlSeconds * 1000),
    });
    const { passwordResetCodeTtlSeconds } = identity.config;
    return passwordResetMail(
      user.email,
      passwordResetLink(publicUrl, code),
      passwordResetCodeTtlSeconds,
    );
  });
  if (outcome === 'limited') throw tooManyRequests();
  return outcome;
}

/**
 * Sets a new password with a code from the reset e-mail. The code is spent (and every other
 * outstanding code of the account), and every session of the account ends.
 */
export async function confirmPasswordReset(
  db: Kysely<Database>,
  identity: Identity,
  { code, newPassword }: { code: string; newPassword: string },
): Promise<void> {
  const now = identity.now();
  const codeHash = hashOpaqueToken(code);
  const invalidCode = () =>
    authError(400, 'auth/invalid-action-code', 'This reset link is invalid or was already used');
  const expiredCode = () =>
    authError(400, 'auth/expired-action-code', 'This reset link has expired; ask for a new one');

  // Checked before the policy so a bad link is reported as such; not spent on a refused password.
  const found = await findPasswordResetCode(db, codeHash);
  if (!found || found.usedAt) throw invalidCode();
  if (found.expiresAt <= now) throw expiredCode();
  assertPasswordMeetsPolicy(newPassword, identity.config.passwordPolicy);
  const passwordHash = await hashPassword(newPassword, identity.config.passwordHashCost);

  await writeTransaction(db, async (trx) => {
    // Again under a row lock: the same code confirmed twice at once succeeds once.
    const row = await findPasswordResetCodeForUpdate(trx, codeHash);
    if (!row || row.usedAt) throw invalidCode();
    if (row.expiresAt <= now) throw expiredCode();
    await setPasswordHash(trx, row.userId, passwordHash, now);
    await usePasswordResetCodesOfUser(trx, row.userId, now);
    await revokeRefreshTokensOfUser(trx, row.userId, now);
    // Whoever locked the account out by failing to sign in, its owner can sign in now.
    const user = await findUserById(trx, row.userId);
    if (user) await clearAuthAttempts(trx, 'failed-login', user.email);
  });
}
