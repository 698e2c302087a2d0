import type { Kysely } from 'kysely';
import nodemailer from 'nodemailer';
import type {
  EmailTestResponse,
  ForwardConversationRequest,
  Message,
  RetryEmailRequest,
} from 'shared-sdk/schemas';
import type { Database } from '../db/schema';
import { HttpError } from '../errors/http-error';
import { enqueueJob } from '../jobs/job-store';
import { writeTransaction } from '../live/write-transaction';
import { composeReply } from '../mail/compose-reply';
import type { Mailer } from '../plugins/app/mailer';
import { ensureInbox, findInbox } from '../repositories/email-inboxes';
import { findEmailMessageId } from '../repositories/email-message-ids';
import { conversationHistory, lockMessage, setDelivery } from '../repositories/email-messages';
import { toMessage } from '../repositories/messages';
import { conversationNotFound } from './conversations';
import { emailSendJobKind } from './email-replies';
import type { EmailSendJobPayload } from './email-replies';
import { inboxAddress } from './email-settings';
import { receiveMail } from './receive-mail';
import type { MailReceiving } from './receive-mail';
import type { FileStorage } from './storage';

const notAFailedMail = (id: string) =>
  new HttpError(400, `Message ${id} is not an e-mail reply that failed`);

/** POST /api/user/email-retry: a failed reply is sent again now (one try, by the jobs). */
export async function retryEmailReply(
  trx: Kysely<Database>,
  { workspaceId, messageId }: RetryEmailRequest,
): Promise<Message> {
  const row = await lockMessage(trx, workspaceId, messageId);
  if (!row) throw new HttpError(404, `Message ${messageId} not found`);
  const delivery = row.email?.delivery;
  if (!row.email || !delivery || delivery.status !== 'failed') throw notAFailedMail(messageId);
  await setDelivery(trx, row, { status: 'sending', error: null, attempts: delivery.attempts });
  const payload: EmailSendJobPayload = {
    messageId,
    attempt: delivery.attempts + 1,
    manual: true,
  };
  await enqueueJob(trx, { workspaceId, kind: emailSendJobKind, payload: { ...payload } });
  return toMessage({
    ...row,
    email: { ...row.email, delivery: { ...delivery, status: 'sending', error: null } },
  });
}

/**
 * POST /api/user/email-forward: the conversation's messages, oldest last, under the agent's note,
 * sent to `to` from the workspace's sender, with the files the messages carried. Answers once it
 * is sent; 503 with the reason when it could not be.
 */
export async function forwardConversation(
  deps: { db: Kysely<Database>; mailer: Mailer; storage: FileStorage; domain: string },
  { workspaceId, conversationId, to, note }: ForwardConversationRequest,
): Promise<void> {
  const { db, mailer, storage, domain } = deps;
  const conversation = await db
    .selectFrom('conversations as c')
    .innerJoin('customers as cu', 'cu.id', 'c.customerId')
    .innerJoin('workspaces as w', 'w.id', 'c.workspaceId')
    .select(['c.subject', 'cu.email', 'cu.firstName', 'cu.lastName', 'w.name as workspaceName'])
    .where('c.id', '=', conversationId)
    .where('c.workspaceId', '=', workspaceId)
    .executeTakeFirst();
  if (!conversation) throw conversationNotFound(conversationId);
  const inbox = await findInbox(db, workspaceId);
  const fromName = inbox?.senderName || conversation.workspaceName;
  const fromAddress =
    inbox?.senderAddress || (inbox ? inboxAddress(inbox, domain) : `no-reply@${domain}`);
  const customerName =
    `${conversation.firstName} ${conversation.lastName}`.trim() || conversation.email || 'Customer';
  const history = await conversationHistory(db, conversationId);
  const { text, html } = composeReply({
    content: note || 'Forwarded conversation',
    signature: inbox?.signature ?? '',
    history,
    authorOf: (message) => (message.role === 'user' ? customerName : fromName),
  });
  const files = history.flatMap((message) => message.attachments);
  const attachments = await Promise.all(
    files.map(async (file) => {
      const { row } = await storage.find(db, file.path, 'attachment');
      const { bytes } = await storage.readAttachment(row);
      return { filename: file.originalName, content: bytes, contentType: file.contentType };
    }),
  );
  try {
    await mailer.deliver({
      from: `"${fromName.replace(/["\\]/g, '')}" <${fromAddress}>`,
      to,
      subject: `Fwd: ${conversation.subject ?? `Conversation with ${customerName}`}`,
      text,
      html,
      attachments,
    });
  } catch (err) {
    throw new HttpError(503, `The mail could not be sent: ${(err as Error).message}`, {
      cause: err,
    });
  }
}

/**
 * POST /api/user/email-test ("Send a test mail"): a mail to the inbox address through the SMTP
 * receiver, as a customer's server would send it (or, with the receiver off, the way a mail host
 * posts one); answers whether it arrived, and in which conversation.
 */
export async function sendTestMail(
  receiving: MailReceiving,
  smtpPort: number | null,
  workspaceId: string,
  now: Date,
): Promise<EmailTestResponse> {
  const inbox = await writeTransaction(receiving.db, (trx) => ensureInbox(trx, workspaceId));
  const address = inboxAddress(inbox, receiving.config.domain);
  const messageId = `test-${now.getTime()}-${Math.random().toString(36).slice(2)}@parley.test`;
  const mail = {
    from: '"Parley test" <test@parley.test>',
    to: address,
    subject: 'Test mail from Settings › E-mail',
    text: 'This test mail was sent to your inbox address. If you can read it, mail arrives.',
    messageId: `<${messageId}>`,
  };
  if (smtpPort !== null) {
    const transport = nodemailer.createTransport({
      host: '127.0.0.1',
      port: smtpPort,
      secure: false,
      ignoreTLS: true,
    });
    try {
      await transport.sendMail(mail);
    } catch (err) {
      throw new HttpError(503, `The test mail was refused: ${(err as Error).message}`, {
        cause: err,
      });
    } finally {
      transport.close();
    }
  } else {
    const raw = await new Promise<Buffer>((resolve, reject) =>
      nodemailer
        .createTransport({ streamTransport: true, buffer: true })
        .sendMail(mail, (err, info) => (err ? reject(err) : resolve(info.message as Buffer))),
    );
    await receiveMail(receiving, [inbox], raw, {});
  }
  const arrived = await findEmailMessageId(receiving.db, workspaceId, messageId);
  return { arrived: arrived !== undefined, conversationId: arrived?.conversationId ?? null };
}
