import { randomBytes } from 'node:crypto';

/**
 * A random id of 20 URL-safe characters (120 bits). A workspace's id doubles as its public API
 * key (spec §3), so ids must be unguessable, not merely unique.
 */
export function randomId(): string {
  return randomBytes(15).toString('base64url');
}
