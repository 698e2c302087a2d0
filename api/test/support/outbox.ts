import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { TestApp } from './build-test-app';

export interface OutboxMessage {
  file: string;
  /** Headers and body, quoted-printable decoded. */
  content: string;
}

/** Undoes quoted-printable: soft line breaks and =XX bytes (UTF-8). */
function decodeQuotedPrintable(raw: string): string {
  const joined = raw.replace(/=\r?\n/g, '');
  const bytes = Buffer.from(
    joined.replace(/=([0-9A-F]{2})/g, (_match, hex: string) =>
      String.fromCharCode(parseInt(hex, 16)),
    ),
    'latin1',
  );
  return bytes.toString('utf8');
}

/** Every .eml the app has written to DATA_DIR/outbox, once its deliveries have finished. */
export async function readOutbox(app: TestApp): Promise<OutboxMessage[]> {
  await app.mailer.idle();
  const dir = app.mailer.outboxDir;
  if (!dir) throw new Error('The app sends e-mail over SMTP: no outbox');
  const files = await readdir(dir).catch(() => [] as string[]);
  return Promise.all(
    files
      .filter((file) => file.endsWith('.eml'))
      .sort()
      .map(async (file) => ({
        file: path.join(dir, file),
        content: decodeQuotedPrintable(await readFile(path.join(dir, file), 'utf8')),
      })),
  );
}

/** The messages whose To header is `email`. */
export async function messagesTo(app: TestApp, email: string): Promise<OutboxMessage[]> {
  const messages = await readOutbox(app);
  return messages.filter((message) => new RegExp(`^To: ${email}$`, 'mi').test(message.content));
}

/** The reset link of a password-reset e-mail (its text part) and the code in it. */
export function resetLinkIn(message: OutboxMessage): { link: URL; code: string } {
  const match = /(https?:\/\/\S+\/login\?mode=resetPassword&oobCode=([A-Za-z0-9_-]+))/.exec(
    message.content,
  );
  if (!match?.[1] || !match[2]) throw new Error(`No reset link in ${message.file}`);
  return { link: new URL(match[1]), code: match[2] };
}
