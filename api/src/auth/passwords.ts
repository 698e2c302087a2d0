import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import type { ScryptOptions } from 'node:crypto';
import type { PasswordPolicy } from 'shared-sdk';
import { authError } from './auth-errors';

// Stored as `scrypt$<log2 N>$<r>$<p>$<salt>$<hash>` (base64url), so the cost can rise later
// while older hashes still verify with the parameters they were made with.
const blockSize = 8;
const parallelization = 1;
const keyLength = 32;
const saltLength = 16;

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  // scrypt needs 128 * N * r bytes; Node refuses more than maxmem (32 MiB by default).
  const maxmem = 256 * (options.N ?? 0) * (options.r ?? blockSize);
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, keyLength, { ...options, maxmem }, (err, key) =>
      err ? reject(err) : resolve(key),
    );
  });
}

/** A memory-hard hash of `password` with a fresh salt; `cost` is log2 of scrypt's N. */
export async function hashPassword(password: string, cost: number): Promise<string> {
  const salt = randomBytes(saltLength);
  const key = await derive(password, salt, { N: 2 ** cost, r: blockSize, p: parallelization });
  return [
    'scrypt',
    cost,
    blockSize,
    parallelization,
    salt.toString('base64url'),
    key.toString('base64url'),
  ].join('$');
}

/** Compares in constant time; a malformed stored hash never matches. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, cost, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = await derive(password, Buffer.from(salt, 'base64url'), {
    N: 2 ** Number(cost),
    r: Number(r),
    p: Number(p),
  });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

const dummyHashes = new Map<number, Promise<string>>();

/**
 * Sign-in for an e-mail without an account still runs one hash of the same cost, so the answer
 * takes as long as a wrong password and does not tell which accounts exist.
 */
export async function verifyAgainstNothing(password: string, cost: number): Promise<false> {
  let dummy = dummyHashes.get(cost);
  if (!dummy) {
    dummy = hashPassword(randomBytes(16).toString('hex'), cost);
    dummyHashes.set(cost, dummy);
  }
  await verifyPassword(password, await dummy);
  return false;
}

/** What `password` lacks under `policy`, in words; empty when it complies. */
export function passwordPolicyProblems(password: string, policy: PasswordPolicy): string[] {
  const problems: string[] = [];
  const length = [...password].length;
  if (length < policy.minLength) problems.push(`at least ${policy.minLength} characters`);
  if (length > policy.maxLength) problems.push(`at most ${policy.maxLength} characters`);
  if (policy.requireLowercase && !/\p{Ll}/u.test(password)) problems.push('a lower-case letter');
  if (policy.requireUppercase && !/\p{Lu}/u.test(password)) problems.push('an upper-case letter');
  if (policy.requireNumber && !/\p{Nd}/u.test(password)) problems.push('a digit');
  if (policy.requireSymbol && !/[^\p{L}\p{N}\s]/u.test(password)) problems.push('a symbol');
  return problems;
}

/** Every password set (sign-up, reset, change) goes through this. */
export function assertPasswordMeetsPolicy(password: string, policy: PasswordPolicy): void {
  const problems = passwordPolicyProblems(password, policy);
  if (problems.length > 0) {
    throw authError(
      400,
      'auth/password-does-not-meet-requirements',
      `The password needs ${problems.join(', ')}`,
    );
  }
}
