import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import type { SMTPServerDataStream, SMTPServerSession } from 'smtp-server';
import { MailRefused } from '../services/mail-placement';
import type { StoredMail } from '../services/mail-placement';
import type { EmailInboxRow } from '../repositories/email-inboxes';

export interface SmtpReceiverOptions {
  host: string;
  /** 0: any free port (SmtpReceiver.port tells which). */
  port: number;
  maxBytes: number;
  inboxOf(address: string): Promise<EmailInboxRow | undefined>;
  /** Resolves once the mail is committed in every inbox; throws to refuse it. */
  receive(
    inboxes: EmailInboxRow[],
    raw: Buffer,
    session: { ip: string; helo: string; sender: string },
  ): Promise<StoredMail[]>;
  tooBig(): MailRefused;
  log: {
    warn(details: object, message: string): void;
    error(details: object, message: string): void;
  };
}

type SmtpError = Error & { responseCode?: number };

function smtpError(message: string, code: number): SmtpError {
  const err: SmtpError = new Error(message);
  err.responseCode = code;
  return err;
}

const unknownAddress = () => smtpError('No such mailbox here', 550);
/** What the sender hears of a failure of ours: try again later, the mail is not lost. */
const tryLater = () => smtpError('The mail could not be stored now; please try again later', 451);

/**
 * The SMTP receiver (smtp-server of the Nodemailer project) of the workspaces' addresses:
 * addresses no workspace has are refused at RCPT TO, a mail over the limit at its end (552),
 * and a mail is answered 250 only once it is committed.
 */
export class SmtpReceiver {
  private readonly server: SMTPServer;
  /**
   * The inboxes found at RCPT TO, per mail (smtp-server gives each mail a new envelope): the
   * mail's end reuses them instead of asking the database again.
   */
  private readonly recipients = new WeakMap<object, Map<string, EmailInboxRow>>();

  constructor(private readonly options: SmtpReceiverOptions) {
    this.server = new SMTPServer({
      size: options.maxBytes,
      authOptional: true,
      disabledCommands: ['AUTH', 'STARTTLS'],
      logger: false,
      banner: 'Parley mail receiver',
      closeTimeout: 5000,
      onRcptTo: (address, session, callback) => {
        options
          .inboxOf(address.address)
          .then((inbox) => {
            if (inbox) {
              const found = this.recipients.get(session.envelope) ?? new Map();
              found.set(address.address, inbox);
              this.recipients.set(session.envelope, found);
            }
            callback(inbox ? undefined : unknownAddress());
          })
          .catch((err: unknown) => {
            options.log.error({ err }, 'a mail recipient could not be looked up');
            callback(tryLater());
          });
      },
      onData: (stream, session, callback) => {
        this.collect(stream, session).then(
          () => callback(null, 'Message stored'),
          (err: unknown) => callback(err as SmtpError),
        );
      },
    });
    this.server.on('error', (err) => options.log.warn({ err }, 'SMTP receiver error'));
  }

  private async collect(stream: SMTPServerDataStream, session: SMTPServerSession): Promise<void> {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      size += chunk.length;
      // Past the limit the rest is read (the client sends it all) but not kept.
      if (size <= this.options.maxBytes) chunks.push(chunk);
    }
    if (stream.sizeExceeded || size > this.options.maxBytes) {
      const refused = this.options.tooBig();
      throw smtpError(refused.message, refused.smtpCode);
    }
    const inboxes = new Map<string, EmailInboxRow>();
    const found = this.recipients.get(session.envelope);
    for (const recipient of session.envelope.rcptTo) {
      const inbox =
        found?.get(recipient.address) ?? (await this.options.inboxOf(recipient.address));
      if (inbox) inboxes.set(inbox.workspaceId, inbox);
    }
    if (inboxes.size === 0) throw unknownAddress();
    const mailFrom = session.envelope.mailFrom;
    try {
      await this.options.receive([...inboxes.values()], Buffer.concat(chunks), {
        ip: session.remoteAddress,
        helo: session.hostNameAppearsAs,
        sender: mailFrom ? mailFrom.address : '',
      });
    } catch (err) {
      if (err instanceof MailRefused) throw smtpError(err.message, err.smtpCode);
      this.options.log.error({ err }, 'a received mail could not be stored');
      throw tryLater();
    }
  }

  async listen(): Promise<number> {
    await new Promise<void>((resolve, reject) => {
      this.server.server.once('error', reject);
      this.server.listen(this.options.port, this.options.host, () => {
        this.server.server.off('error', reject);
        resolve();
      });
    });
    return this.port;
  }

  get port(): number {
    return (this.server.server.address() as AddressInfo).port;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
