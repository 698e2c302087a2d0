import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type {
  IdentityErrorCode,
  IdentitySecretResponse,
  IdentityVerification,
  UpdateIdentityVerificationRequest,
} from 'shared-sdk/schemas';
import { previousIdentitySecretHours } from 'shared-sdk/schemas';
import type { Database } from '../db/schema';
import { HttpError } from '../errors/http-error';
import {
  findIdentityVerification,
  findIdentityVerificationForUpdate,
  insertIdentityVerification,
  toIdentityVerification,
  updateIdentityVerification,
  type IdentityVerificationRow,
} from '../repositories/identity-verification';

// The workspace's identity secret (Settings › Integrations › Identity verification) and the
// check of a signed identify. Each write runs inside the caller's transaction, after the caller
// was checked (an admin of the workspace).

/** 32 random bytes: the key of the HMAC the business's server signs its user ids with. */
const newSecret = () => `pvid_${randomBytes(32).toString('base64url')}`;

const previousSecretMs = previousIdentitySecretHours * 3600_000;

/** Whether the workspace has a secret and requires verification; never the secret itself. */
export async function readIdentityVerification(
  db: Kysely<Database>,
  workspaceId: string,
  now: Date,
): Promise<IdentityVerification> {
  return toIdentityVerification(await findIdentityVerification(db, workspaceId), now);
}

export async function createIdentitySecret(
  trx: Kysely<Database>,
  workspaceId: string,
  now: Date,
): Promise<IdentitySecretResponse> {
  const secret = newSecret();
  const row = await insertIdentityVerification(trx, workspaceId, secret);
  if (!row) {
    throw new HttpError(
      400,
      'This workspace has an identity secret already: rotate it to get a new one',
    );
  }
  return { ...toIdentityVerification(row, now), secret };
}

/** A new secret; the one it replaces is still accepted for 24 hours (servers roll over). */
export async function rotateIdentitySecret(
  trx: Kysely<Database>,
  workspaceId: string,
  now: Date,
): Promise<IdentitySecretResponse> {
  const current = await findIdentityVerificationForUpdate(trx, workspaceId);
  if (!current) throw noSecretYet();
  const secret = newSecret();
  const row = await updateIdentityVerification(trx, workspaceId, {
    secret,
    previousSecret: current.secret,
    previousSecretExpiresAt: new Date(now.getTime() + previousSecretMs),
    rotatedAt: now,
  });
  return { ...toIdentityVerification(row, now), secret };
}

export async function setIdentityRequired(
  trx: Kysely<Database>,
  { workspaceId, required }: UpdateIdentityVerificationRequest,
  now: Date,
): Promise<IdentityVerification> {
  const current = await findIdentityVerificationForUpdate(trx, workspaceId);
  if (!current) throw noSecretYet();
  const row = await updateIdentityVerification(trx, workspaceId, { required });
  return toIdentityVerification(row, now);
}

const noSecretYet = () =>
  new HttpError(400, 'Create an identity secret first: verification needs one to check against');

/** What a widget session was told of its visitor: the details and the signed part. */
export interface IdentifyRequest {
  firstName?: string;
  lastName?: string;
  email?: string;
  orderId?: string;
  userId?: string;
  userHash?: string;
  expiresAt?: number;
}

export type IdentityCheck =
  | { verified: true; userId: string }
  | { verified: false; code: IdentityErrorCode; message: string };

const notVerified = (code: IdentityErrorCode, message: string): IdentityCheck => ({
  verified: false,
  code,
  message,
});

/** Hex HMAC-SHA256 of `message` keyed with `secret`, as the business's server computes it. */
export function signUserId(secret: string, message: string): string {
  return createHmac('sha256', secret).update(message, 'utf8').digest('hex');
}

/** Constant time: how much of a guess is right never shows in how long the answer takes. */
function signatureMatches(secret: string, message: string, userHash: string): boolean {
  const expected = Buffer.from(signUserId(secret, message), 'utf8');
  const given = Buffer.from(userHash.toLowerCase(), 'utf8');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Whether the identify proves who the visitor is: `userHash` is the HMAC of `userId` (or of
 * `userId:expiresAt`, not yet past) under the workspace's secret, or under the previous one within
 * 24 hours of a rotation. undefined: nothing was said of the visitor.
 */
export function checkIdentity(
  settings: IdentityVerificationRow | undefined,
  identity: IdentifyRequest,
  now: Date,
): IdentityCheck | undefined {
  const { userId, userHash, expiresAt } = identity;
  const signed = userId !== undefined || userHash !== undefined || expiresAt !== undefined;
  const detailed = [identity.firstName, identity.lastName, identity.email, identity.orderId].some(
    (value) => value !== undefined,
  );
  if (!signed && !detailed) return undefined;
  if (userId === undefined || userHash === undefined) {
    return notVerified(
      settings?.required ? 'identity/required' : 'identity/missing-hash',
      'Not verified: identify with userId and userHash (signed by your server) to verify the visitor',
    );
  }
  if (!settings) {
    return notVerified(
      'identity/not-configured',
      'Not verified: this workspace has no identity secret (Settings › Integrations › Identity verification)',
    );
  }
  if (expiresAt !== undefined && expiresAt * 1000 <= now.getTime()) {
    return notVerified(
      'identity/expired',
      `Not verified: the signature expired at ${new Date(expiresAt * 1000).toISOString()}`,
    );
  }
  const message = expiresAt === undefined ? userId : `${userId}:${expiresAt}`;
  const previous =
    settings.previousSecret !== null &&
    settings.previousSecretExpiresAt !== null &&
    settings.previousSecretExpiresAt > now
      ? settings.previousSecret
      : undefined;
  // Both compared every time, so the answer's time does not tell which secret matched.
  const matchesCurrent = signatureMatches(settings.secret, message, userHash);
  const matchesPrevious = previous !== undefined && signatureMatches(previous, message, userHash);
  if (matchesCurrent || matchesPrevious) return { verified: true, userId };
  return notVerified(
    'identity/invalid-hash',
    "Not verified: userHash is not the HMAC-SHA256 of userId with this workspace's identity secret",
  );
}
