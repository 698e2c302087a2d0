import fp from 'fastify-plugin';
import type { InboundMailConfig } from '../../config';
import type { DnsResolver } from '../../mail/mail-auth';
import { SmtpReceiver } from '../../mail/smtp-receiver';
import { EmailBot } from '../../services/email-bot';
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
  /** Answers new mail first when the workspace lets it. */
  emailBot: EmailBot;
}

export interface InboundMailPluginOptions {
  inboundMail: InboundMailConfig;
  host: string;
  /** SPF, DKIM and DMARC's DNS answers; the system's resolver by default. */
  dnsResolver?: DnsResolver;
}

/**
 * Mail to the workspaces' addresses: the SMTP receiver, listening from when the app is ready
 * to when it closes (before the database does), and what the HTTP route stores mail with.
 */
export const inboundMailPlugin = fp<InboundMailPluginOptions>(
  async (app, { inboundMail, host, dnsResolver }) => {
    const emailBot = new EmailBot({
      db: app.db,
      bot: app.bot,
      log: app.log,
      now: () => app.identity.now(),
    });
    const receiving: MailReceiving = {
      db: app.db,
      storage: app.storage,
      config: inboundMail,
      now: () => app.identity.now(),
      dnsResolver,
      onStored: (stored) => {
        if (stored.conversationId) {
          emailBot.answer({
            workspaceId: stored.workspaceId,
            conversationId: stored.conversationId,
            text: stored.text,
          });
        }
      },
    };
    const state: InboundMail = { receiving, smtpPort: null, emailBot };
    app.decorate('inboundMail', state);
    app.addHook('preClose', () => emailBot.idle());
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
  { name: 'inbound-mail', dependencies: ['database', 'storage', 'identity', 'bot'] },
);
