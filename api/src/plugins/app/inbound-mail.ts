import fp from 'fastify-plugin';
import type { InboundMailConfig } from '../../config';
import { SmtpReceiver } from '../../mail/smtp-receiver';
import { inboxOfAddress, mailTooBig, receiveMail } from '../../services/receive-mail';
import type { MailReceiving } from '../../services/receive-mail';

declare module 'fastify' {
  interface FastifyInstance {
    inboundMail: InboundMail;
  }
}

export interface InboundMail {
  receiving: MailReceiving;
  /** The SMTP receiver's port once listening; null when it is off (INBOUND_SMTP_PORT=0). */
  smtpPort: number | null;
}

export interface InboundMailPluginOptions {
  inboundMail: InboundMailConfig;
  host: string;
}

/**
 * Mail to the workspaces' addresses: the SMTP receiver, listening from when the app is ready
 * to when it closes (before the database does), and what the HTTP route stores mail with.
 */
export const inboundMailPlugin = fp<InboundMailPluginOptions>(
  async (app, { inboundMail, host }) => {
    const receiving: MailReceiving = {
      db: app.db,
      storage: app.storage,
      config: inboundMail,
      now: () => app.identity.now(),
    };
    const state: InboundMail = { receiving, smtpPort: null };
    app.decorate('inboundMail', state);
    if (inboundMail.smtpPort === null) return;
    const receiver = new SmtpReceiver({
      host,
      port: inboundMail.smtpPort,
      maxBytes: inboundMail.maxBytes,
      inboxOf: (address) => inboxOfAddress(receiving, address),
      receive: (inboxes, raw, session) => receiveMail(receiving, inboxes, raw, session),
      tooBig: () => mailTooBig(inboundMail.maxBytes),
      log: app.log,
    });
    app.addHook('onReady', async () => {
      state.smtpPort = await receiver.listen();
      app.log.info({ port: state.smtpPort }, 'SMTP receiver listening');
    });
    app.addHook('preClose', async () => {
      if (state.smtpPort !== null) await receiver.close();
    });
  },
  { name: 'inbound-mail', dependencies: ['database', 'storage', 'identity'] },
);
