import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { MessageAttachment, MessageEmail } from 'shared-sdk/schemas';
import type { Database } from '../db/schema';
import { writeTransaction } from '../live/write-transaction';
import type { ReceivedMail } from '../mail/read-mail';
import { pointInlineImages } from '../mail/sanitize-mail-html';
import { insertConversation } from '../repositories/conversations';
import type { ConversationRow } from '../repositories/conversations';
import { insertCustomer } from '../repositories/customers';
import { lockRows } from '../db/lock-rows';
import type { EmailInboxRow } from '../repositories/email-inboxes';
import { findMailContext, mailContextQuery } from '../repositories/email-message-ids';
import { markSentMailFailed, setMessageEmailAndId } from '../repositories/email-messages';
import {
  addMessage,
  changeStatus,
  emitConversationEvent,
  lockWorkspaceConversation,
} from './conversations';
import type { FileStorage } from './storage';

/** Why a mail cannot be taken, in the words the sending server passes back to its sender. */
export class MailRefused extends Error {
  constructor(
    message: string,
    /** 5xx: permanent, the sender gives up; 4xx: try again later. */
    readonly smtpCode: number,
  ) {
    super(message);
  }
}

export interface StoredMail {
  workspaceId: string;
  /** The mail's text, which the bot answers when it answers first. */
  text: string;
  /** False: a mail with this Message-ID was stored already (a sender's retry); nothing added. */
  stored: boolean;
  conversationId: string | null;
  messageId: string | null;
  /** The conversation is new and the workspace lets the bot answer mail first. */
  botShouldAnswer: boolean;
}

/** The sender as the workspace's customer (their id), by e-mail address; made on their first mail. */
async function customerIdOf(
  trx: Kysely<Database>,
  workspaceId: string,
  chatbotId: string,
  known: string | null,
  mail: ReceivedMail,
  now: Date,
): Promise<string> {
  if (known) return known;
  const [firstName = '', ...rest] = mail.fromName.trim().split(/\s+/);
  // A customer by e-mail has no widget: a token nobody holds stands in for one.
  const unusedToken = createHash('sha256').update(randomBytes(32)).digest('hex');
  const customer = await insertCustomer(
    trx,
    {
      workspaceId,
      chatbotId,
      visitorTokenHash: unusedToken,
      identity: {
        email: mail.fromAddress,
        firstName: firstName.slice(0, 120),
        lastName: rest.join(' ').slice(0, 120),
      },
    },
    now,
  );
  return customer.id;
}

/**
 * The conversation the mail belongs to, locked: the thread it replies to (reopened, waiting for
 * a person, when it had been resolved), or a new e-mail conversation with its subject, pending
 * unless the workspace lets the bot answer first.
 */
async function conversationOf(
  trx: Kysely<Database>,
  inbox: EmailInboxRow,
  ids: {
    customerId: string;
    chatbotId: string;
    threadId: string | null;
    /** The thread's row as findMailContext read and locked it. */
    thread: ConversationRow | null;
  },
  mail: ReceivedMail,
  authFailure: string | null,
  now: Date,
): Promise<{ row: ConversationRow; created: boolean }> {
  const workspaceId = inbox.workspaceId;
  const { customerId, chatbotId, threadId } = ids;
  if (threadId) {
    const row = ids.thread ?? (await lockWorkspaceConversation(trx, workspaceId, threadId));
    if (row.status !== 'resolved' || mail.automatic) return { row, created: false };
    const reopened = await changeStatus(
      trx,
      row,
      { status: 'pending', reason: 'reopened', changedBy: null },
      now,
    );
    return { row: reopened, created: false };
  }
  // A robot's mail, or one whose sender failed SPF, DKIM or DMARC, waits for a person: an
  // automatic answer to a forged sender would go to whoever the forger named.
  const botFirst = inbox.botAnswersFirst && mail.automatic === null && authFailure === null;
  const row = await insertConversation(trx, { workspaceId, chatbotId, customerId }, now, {
    channel: 'email',
    subject: mail.subject.slice(0, 500) || null,
    status: botFirst ? 'open' : 'pending',
  });
  await emitConversationEvent(trx, row, 'conversation.created', now);
  return { row, created: true };
}

/**
 * Stores a received mail in one transaction: its sender as a customer, its conversation (new or
 * the thread it replies to), the message with its files, and its Message-ID. Resolves once all
 * of it is committed, so the receiver acknowledges (250) only a mail that is kept; a mail whose
 * Message-ID is stored already adds nothing. A bounce of a reply sent from the inbox marks that
 * reply failed instead.
 */
export async function storeInboundMail(
  db: Kysely<Database>,
  storage: FileStorage,
  inbox: EmailInboxRow,
  mail: ReceivedMail,
  authFailure: string | null,
  now: Date,
): Promise<StoredMail> {
  if (!mail.fromAddress) throw new MailRefused('The mail has no sender address', 550);
  const workspaceId = inbox.workspaceId;
  // What each file is, read before the transaction: inside it, only the writes are left.
  const prepared = await Promise.all(
    mail.attachments.map((file) => storage.prepareMailAttachment(file.fileName, file.content)),
  );
  const contextQuery = mailContextQuery(db, workspaceId, mail, now);
  const written: string[] = [];
  let writing: Promise<unknown> = Promise.resolve();
  try {
    return await writeTransaction(db, async (trx) => {
      // One sender's mails one at a time: their retries, their threads and their customer row
      // are decided in order, never twice at once.
      await lockRows(
        trx,
        trx.selectNoFrom(
          sql`pg_advisory_xact_lock(hashtext(${`${workspaceId}:${mail.fromAddress}`}))`.as(
            'locked',
          ),
        ),
      );
      const none = {
        workspaceId,
        text: mail.text,
        conversationId: null,
        messageId: null,
        botShouldAnswer: false,
      };
      const context = await findMailContext(trx, contextQuery);
      if (context.alreadyConversationId) {
        return { ...none, stored: false, conversationId: context.alreadyConversationId };
      }
      if (mail.automatic === 'bounce' && mail.bouncedMessageId) {
        const returned = await markSentMailFailed(
          trx,
          workspaceId,
          mail.bouncedMessageId,
          `The mail came back: ${mail.subject || 'undeliverable'}`,
        );
        if (returned) return { ...none, stored: true, conversationId: returned.conversationId };
      }

      const { chatbotId } = context;
      if (!chatbotId) throw new MailRefused('This workspace takes no mail yet', 550);
      const customerId = await customerIdOf(
        trx,
        workspaceId,
        chatbotId,
        context.customerId,
        mail,
        now,
      );
      const { row, created } = await conversationOf(
        trx,
        inbox,
        { customerId, chatbotId, threadId: context.threadConversationId, thread: context.thread },
        mail,
        authFailure,
        now,
      );

      // The files are written while the message is inserted, and before the statement that
      // records them: all on disk before the commit.
      const files = prepared.map((file) => storage.placeMailAttachment(file, row.id, workspaceId));
      written.push(...files.map((file) => file.storedPath));
      writing = Promise.all(files.map((file) => file.write()));
      writing.catch(() => undefined);
      const attachments: MessageAttachment[] = files.map((file) => file.attachment);
      const inlineUrls = new Map<string, string>();
      mail.attachments.forEach((file, index) => {
        if (file.contentId) inlineUrls.set(file.contentId, attachments[index]!.url);
      });
      const { message } = await addMessage(
        trx,
        row,
        {
          role: 'user',
          senderId: customerId,
          content: mail.text || mail.subject || '(no text)',
          attachments,
        },
        now,
      );
      const email: MessageEmail = {
        messageId: mail.messageId,
        from: mail.fromName ? `${mail.fromName} <${mail.fromAddress}>` : mail.fromAddress,
        to: mail.to,
        subject: mail.subject,
        html: mail.html === null ? null : pointInlineImages(mail.html, inlineUrls),
        authFailure,
        automatic: mail.automatic,
        delivery: null,
      };
      await writing;
      await setMessageEmailAndId(
        trx,
        email,
        {
          workspaceId,
          rfcMessageId: mail.messageId,
          messageId: message.id,
          conversationId: row.id,
          direction: 'in',
          fromAddress: mail.fromAddress,
          subjectKey: mail.subjectKey,
          createdAt: now,
        },
        files.map((file) => file.row),
      );
      return {
        ...none,
        stored: true,
        conversationId: row.id,
        messageId: message.id,
        botShouldAnswer: created && row.status === 'open',
      };
    });
  } catch (err) {
    // Nothing was committed: the files written for it go too, once their writes are done.
    await writing.catch(() => undefined);
    await storage.removeFiles(written);
    throw err;
  }
}
