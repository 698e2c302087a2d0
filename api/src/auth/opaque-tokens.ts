import { createHash, randomBytes } from 'node:crypto';

/** A secret handed to the client once (refresh token, reset code): 32 random bytes. */
export function generateOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * Only this digest is stored. The token has 256 bits of entropy, so a fast hash is enough:
 * nothing can be guessed from a leaked digest.
 */
export function hashOpaqueToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
