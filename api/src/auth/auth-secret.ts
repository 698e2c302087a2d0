import { randomBytes } from 'node:crypto';
import { link, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * AUTH_SECRET, or else a secret generated on the first start and kept in DATA_DIR/auth-secret
 * (readable by the owner only), so a restart keeps everyone signed in. Several instances must
 * share one secret: set AUTH_SECRET for them.
 */
export async function loadAuthSecret(configured: string | undefined, dataDir: string) {
  if (configured) return configured;
  const file = path.join(dataDir, 'auth-secret');
  await mkdir(dataDir, { recursive: true });
  // Written in full under a private name, then linked into place: link() fails if the file
  // exists, so of two processes starting together both end up with the first one's secret, and
  // neither can read a half-written file.
  const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  await writeFile(draft, randomBytes(48).toString('base64url'), { mode: 0o600 });
  try {
    await link(draft, file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  } finally {
    await rm(draft, { force: true });
  }
  const secret = (await readFile(file, 'utf8')).trim();
  if (secret.length < 32) throw new Error(`${file} holds no usable secret (32+ characters)`);
  return secret;
}
