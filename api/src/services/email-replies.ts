import type { Kysely } from 'kysely';
import type { Message, MessageEmail } from 'shared-sdk/schemas';
import type { Database } from '../db/schema';
import { enqueueJob } from '../jobs/job-store';
import type { ConversationRow } from '../repositories/conversations';
import { recordMails } from '../repositories/email-messages';
import { subjectKeyOf } from '../mail/read-mail';

/** The job that sends one e-mail reply (jobs/email-send-jobs.ts). */
export const emailSendJobKind = 'email-send';

export interface EmailSendJobPayload {
  messageId: string;
  /** Which try this is, from 1. */
  attempt: number;
  /** Asked for by an agent ("Retry"): made once, not retried on its own. */
  manual?: boolean;
}

const replySubject = (subject: string | null) => {
  const base = (subject ?? '').trim();
  if (!base) return 'Re: your message';
  return /^re:/i.test(base) ? base : `Re: ${base}`;
};

/**
 * An agent's reply in an e-mail conversation, stored in `trx`: it gets its own Message-ID (so
 * the customer's answer finds the thread), shows "sending", and its sending is queued as a job
 * that commits with it, so a reply is never stored and then forgotten.
 */
export async function queueEmailReply(
  trx: Kysely<Database>,
  conversation: ConversationRow,
  message: Message,
  now: Date,
): Promise<Message> {
  const customer = await trx
    .selectFrom('customers')
    .select('email')
    .where('id', '=', conversation.customerId)
    .executeTakeFirst();
  const rfcMessageId = `${message.id}.${now.getTime()}@parley.mail`;
  const subject = replySubject(conversation.subject);
  const email: MessageEmail = {
    messageId: rfcMessageId,
    from: '',
    to: customer?.email ?? '',
    subject,
    html: null,
    authFailure: null,
    automatic: null,
    delivery: { status: 'sending', error: null, attempts: 0 },
  };
  await recordMails(trx, [
    {
      email,
      idRow: {
        workspaceId: conversation.workspaceId,
        rfcMessageId,
        messageId: message.id,
        conversationId: conversation.id,
        direction: 'out',
        fromAddress: '',
        subjectKey: subjectKeyOf(subject),
        createdAt: now,
      },
    },
  ]);
  const payload: EmailSendJobPayload = { messageId: message.id, attempt: 1 };
  await enqueueJob(trx, {
    workspaceId: conversation.workspaceId,
    kind: emailSendJobKind,
    payload: { ...payload },
  });
  return { ...message, email };
}
