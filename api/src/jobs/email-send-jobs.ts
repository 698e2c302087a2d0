import type { Kysely } from 'kysely';
import type { Message } from 'shared-sdk/schemas';
import type { Database } from '../db/schema';
import { writeTransaction } from '../live/write-transaction';
import { composeReply } from '../mail/compose-reply';
import type { Mailer, MailMessage } from '../plugins/app/mailer';
import { findInbox } from '../repositories/email-inboxes';
import { toMessage } from '../repositories/messages';
import { conversationMessageIds } from '../repositories/email-message-ids';
import { conversationHistory, lockMessage, setMessageEmail } from '../repositories/email-messages';
import { emailSendJobKind } from '../services/email-replies';
import type { EmailSendJobPayload } from '../services/email-replies';
import type { FileStorage } from '../services/storage';
import type { JobHandler } from './job-runner';
import { enqueueJob } from './job-store';

/** Waits between tries, in units of EMAIL_RETRY_BASE_MS (a minute): 1, 5, 15 and 60. */
export const emailRetryWaits = [1, 5, 15, 60] as const;
export const emailMaxTries = emailRetryWaits.length + 1;

export interface EmailSendJobOptions {
  db: Kysely<Database>;
  mailer: Mailer;
  storage: FileStorage;
  /** INBOUND_MAIL_DOMAIN: the inbox address replies come from by default. */
  domain: string;
  retryBaseMs: number;
}

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** What the reply is made of, read before the send (outside any transaction). */
async function replyOf(
  { db, storage, domain }: EmailSendJobOptions,
  workspaceId: string,
  row: Message,
) {
  const conversation = await db
    .selectFrom('conversations as c')
    .innerJoin('customers as cu', 'cu.id', 'c.customerId')
    .innerJoin('workspaces as w', 'w.id', 'c.workspaceId')
    .select(['c.id', 'cu.email', 'cu.firstName', 'cu.lastName', 'w.name as workspaceName'])
    .where('c.id', '=', row.conversationId)
    .executeTakeFirstOrThrow();
  const inbox = await findInbox(db, workspaceId);
  const fromName = inbox?.senderName || conversation.workspaceName;
  const fromAddress =
    inbox?.senderAddress || (inbox ? `${inbox.inboxKey}@${domain}` : `no-reply@${domain}`);
  const customerName =
    `${conversation.firstName} ${conversation.lastName}`.trim() || conversation.email || '';
  const history = (await conversationHistory(db, row.conversationId)).filter(
    (message) => message.timestamp < row.timestamp && message.id !== row.id,
  );
  const threadIds = (await conversationMessageIds(db, row.conversationId)).filter(
    (id) => id !== row.email!.messageId,
  );
  const { text, html } = composeReply({
    content: row.content,
    signature: inbox?.signature ?? '',
    history,
    authorOf: (message) => (message.role === 'user' ? customerName : fromName),
  });
  const attachments = await Promise.all(
    row.attachments.map(async (file) => {
      const { row: stored } = await storage.find(db, file.path, 'attachment');
      const { bytes } = await storage.readAttachment(stored);
      return { filename: file.originalName, content: bytes, contentType: file.contentType };
    }),
  );
  const mail: MailMessage = {
    from: `"${fromName.replace(/["\\]/g, '')}" <${fromAddress}>`,
    to: row.email!.to,
    subject: row.email!.subject,
    text,
    html,
    messageId: `<${row.email!.messageId}>`,
    ...(threadIds.length > 0
      ? {
          inReplyTo: `<${threadIds.at(-1)!}>`,
          references: threadIds.map((id) => `<${id}>`),
        }
      : {}),
    attachments,
  };
  return mail;
}

/**
 * Sends one e-mail reply through the mailer. Sent: the reply shows so. Not sent: it shows failed
 * with the reason, and another try is queued after the schedule's wait until the fifth fails; an
 * agent's "Retry" makes one try now.
 */
export function emailSendJob(options: EmailSendJobOptions): JobHandler {
  const { db, mailer, retryBaseMs } = options;
  return {
    kind: emailSendJobKind,
    async run({ job, signal }) {
      const { workspaceId } = job;
      const { messageId, attempt, manual = false } = job.payload as unknown as EmailSendJobPayload;
      const found = await db
        .selectFrom('messages')
        .selectAll()
        .where('workspaceId', '=', workspaceId)
        .where('id', '=', messageId)
        .executeTakeFirst();
      if (!found?.email) return { note: 'The reply was deleted' };
      const delivery = found.email.delivery;
      if (delivery?.status === 'sent') return { note: 'Sent already' };
      if ((delivery?.attempts ?? 0) >= attempt) return { note: `Try ${attempt} was made already` };
      const message = toMessage(found);

      let error: string | null = null;
      let from = message.email!.from;
      try {
        if (!message.email!.to) throw new Error('The customer has no e-mail address');
        const mail = await replyOf(options, workspaceId, message);
        from = mail.from ?? from;
        await mailer.deliver(mail);
      } catch (err) {
        // A shutdown hands the job back; this try is made again by the next server.
        if (signal.aborted) throw err;
        error = reasonOf(err).slice(0, 500);
      }
      const retry = error !== null && !manual && attempt < emailMaxTries;
      await writeTransaction(db, async (trx) => {
        const row = await lockMessage(trx, workspaceId, messageId);
        if (!row?.email) return;
        await setMessageEmail(trx, workspaceId, row.conversationId, row.id, {
          ...row.email,
          from,
          delivery: { status: error === null ? 'sent' : 'failed', error, attempts: attempt },
        });
        if (retry) {
          const wait = emailRetryWaits[attempt - 1] ?? emailRetryWaits.at(-1)!;
          const next: EmailSendJobPayload = { messageId, attempt: attempt + 1 };
          await enqueueJob(trx, {
            workspaceId,
            kind: emailSendJobKind,
            payload: { ...next },
            runAfter: new Date(Date.now() + wait * retryBaseMs),
          });
        }
      });
      return { note: error ?? null };
    },
  };
}
