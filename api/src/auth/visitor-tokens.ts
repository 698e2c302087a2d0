import { randomBytes } from 'node:crypto';
import { hashOpaqueToken } from './opaque-tokens';

/**
 * A widget visitor's token: `pv_` then 32 random bytes (base64url). The prefix tells it from an
 * access token (a JWT) wherever both are accepted (/api/live, attachment downloads) without a
 * database read. Only its sha256 is stored (customers.visitor_token_hash).
 */
const visitorTokenPrefix = 'pv_';
const visitorTokenPattern = /^pv_[A-Za-z0-9_-]{43}$/;

export function generateVisitorToken(): string {
  return `${visitorTokenPrefix}${randomBytes(32).toString('base64url')}`;
}

export function isVisitorToken(token: string): boolean {
  return visitorTokenPattern.test(token);
}

/** 256 bits of entropy: a fast digest is enough (nothing can be guessed from a leaked one). */
export function hashVisitorToken(token: string): string {
  return hashOpaqueToken(token);
}
