import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import fp from 'fastify-plugin';
import nodemailer from 'nodemailer';
import type { MailConfig } from '../../config';

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The sender; MAIL_FROM when absent. */
  from?: string;
  messageId?: string;
  inReplyTo?: string;
  references?: string[];
  attachments?: { filename: string; content: Buffer; contentType?: string }[];
}

export interface Mailer {
  /**
   * Hands the message over for delivery in the background: the request does not wait, so its
   * duration does not tell whether a message was sent (password reset reveals no account).
   */
  send(message: MailMessage): void;
  /** Sends the message now: resolves once it is sent (or in the outbox), throws why not. */
  deliver(message: MailMessage): Promise<void>;
  /** Resolves once every message handed over so far is delivered, or failed and logged. */
  idle(): Promise<void>;
  /** Where messages are written without SMTP_URL; null when they go to an SMTP server. */
  outboxDir: string | null;
}

export interface MailerPluginOptions {
  mail: MailConfig;
  dataDir: string;
}

/**
 * E-mail through nodemailer: to SMTP_URL, or else each message as an .eml file under
 * DATA_DIR/outbox/ (readable by its owner only: messages hold reset codes), path logged.
 */
export const mailerPlugin = fp<MailerPluginOptions>(
  async (app, { mail, dataDir }) => {
    const outboxDir = mail.smtpUrl ? null : path.join(dataDir, 'outbox');
    const transport = mail.smtpUrl
      ? nodemailer.createTransport(mail.smtpUrl)
      : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
    const pending = new Set<Promise<void>>();

    async function deliver(message: MailMessage) {
      const info = await transport.sendMail({ from: mail.from, ...message });
      if (!outboxDir) {
        app.log.info({ subject: message.subject, messageId: info.messageId }, 'e-mail sent');
        return;
      }
      await mkdir(outboxDir, { recursive: true, mode: 0o700 });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(outboxDir, `${stamp}-${randomBytes(4).toString('hex')}.eml`);
      await writeFile(file, info.message as Buffer, { mode: 0o600 });
      app.log.info({ file, subject: message.subject }, 'e-mail written to the outbox');
    }

    const mailer: Mailer = {
      send(message) {
        const delivery: Promise<void> = deliver(message)
          .catch((err: unknown) =>
            app.log.error({ err, subject: message.subject }, 'e-mail failed'),
          )
          .finally(() => pending.delete(delivery));
        pending.add(delivery);
      },
      deliver,
      async idle() {
        await Promise.all([...pending]);
      },
      outboxDir,
    };
    app.decorate('mailer', mailer);
    app.addHook('onClose', async () => {
      await mailer.idle();
      transport.close();
    });
  },
  { name: 'mailer' },
);
