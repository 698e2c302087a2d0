import { randomBytes } from 'node:crypto';

const idBytes = 15;
/** Random bytes are drawn for this many ids at a time: one draw costs about as much as 256. */
const idsPerDraw = 256;
let drawn = Buffer.alloc(0);
let used = 0;

/**
 * A random id of 20 URL-safe characters (120 bits). A workspace's id doubles as its public API
 * key (product-spec.md §3), so ids must be unguessable, not merely unique: the bytes come from the
 * system's secure generator, only fetched in batches, and each byte is used once.
 */
export function randomId(): string {
  if (used + idBytes > drawn.length) {
    drawn = randomBytes(idBytes * idsPerDraw);
    used = 0;
  }
  used += idBytes;
  return drawn.toString('base64url', used - idBytes, used);
}
