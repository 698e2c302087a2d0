import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { MessageAttachment } from 'shared-sdk/schemas';
import { allOf } from '../db/all-of';
import { groupedWrites } from '../db/grouped-writes';
import { randomId } from '../db/random-id';
import type { Database } from '../db/schema';
import { writeTransaction } from '../live/write-transaction';
import type { ReceivedMail } from '../mail/read-mail';
import { pointInlineImages } from '../mail/sanitize-mail-html';
import { insertConversation } from '../repositories/conversations';
import type { ConversationRow } from '../repositories/conversations';
import { insertCustomer } from '../repositories/customers';
import { lockStatement } from '../db/lock-rows';
import { runStatement, sendTogether } from '../db/statements';
import type { EmailInboxRow } from '../repositories/email-inboxes';
import { mailContextsStatement } from '../repositories/email-message-ids';
import type { MailContext } from '../repositories/email-message-ids';
import { markSentMailFailed, recordMailsStatement } from '../repositories/email-messages';
import { appendStatement } from '../repositories/message-appends';
import type { NewStoredFile } from '../repositories/stored-files';
import { changeStatus, emitConversationEvent, lockWorkspaceConversation } from './conversations';
import { messagesStored } from './message-writes';
import type { MessageWrite } from './message-writes';
import type { FileStorage, PreparedMailFile } from './storage';

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

/** A received mail waiting for its group's transaction, with what was read of it before. */
interface QueuedMail {
  storage: FileStorage;
  inbox: EmailInboxRow;
  mail: ReceivedMail & { fromAddress: string };
  authFailure: string | null;
  now: Date;
  /** What each file is, read before the transaction: inside it, only the writes are left. */
  prepared: PreparedMailFile[];
  /** Files placed for it by the transaction under way (removed if it does not commit). */
  written: string[];
  writing: Promise<unknown>;
}

/** The lock that puts one sender's mails to one workspace in order. */
const senderKey = ({ inbox, mail }: QueuedMail) => `${inbox.workspaceId}:${mail.fromAddress}`;

/** A mail whose conversation is decided, its message still to append (storeMails). */
interface PlacedMail {
  queued: QueuedMail;
  conversation: ConversationRow;
  created: boolean;
  write: MessageWrite;
  files: NewStoredFile[];
  writeFiles: () => Promise<unknown>;
}

/**
 * Where a mail goes, in its group's transaction: nowhere when a mail with its Message-ID is
 * stored already, or when it is a bounce of a reply sent from the inbox (that reply is marked
 * failed): then its answer. Else its sender as the workspace's customer, its conversation (new
 * or the thread it replies to), and its files, written from now on; its message is appended
 * with the group's.
 */
async function placeMail(
  trx: Kysely<Database>,
  queued: QueuedMail,
  context: MailContext,
): Promise<PlacedMail | StoredMail> {
  const { storage, inbox, mail, authFailure, now, prepared } = queued;
  const workspaceId = inbox.workspaceId;
  const none = { workspaceId, text: mail.text, messageId: null, botShouldAnswer: false };
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
  const customerId = await customerIdOf(trx, workspaceId, chatbotId, context.customerId, mail, now);
  const { row, created } = await conversationOf(
    trx,
    inbox,
    { customerId, chatbotId, threadId: context.threadConversationId, thread: context.thread },
    mail,
    authFailure,
    now,
  );

  const files = prepared.map((file) => storage.placeMailAttachment(file, row.id, workspaceId));
  queued.written.push(...files.map((file) => file.storedPath));
  const attachments: MessageAttachment[] = files.map((file) => file.attachment);
  const inlineUrls = new Map<string, string>();
  mail.attachments.forEach((file, index) => {
    if (file.contentId) inlineUrls.set(file.contentId, attachments[index]!.url);
  });
  return {
    queued,
    conversation: row,
    created,
    write: {
      workspaceId,
      to: { conversationId: row.id },
      when: 'any',
      message: {
        role: 'user',
        senderId: customerId,
        content: mail.text || mail.subject || '(no text)',
        attachments,
        email: {
          messageId: mail.messageId,
          from: mail.fromName ? `${mail.fromName} <${mail.fromAddress}>` : mail.fromAddress,
          to: mail.to,
          subject: mail.subject,
          html: mail.html === null ? null : pointInlineImages(mail.html, inlineUrls),
          authFailure,
          automatic: mail.automatic,
          delivery: null,
        },
      },
    },
    files: files.map((file) => file.row),
    writeFiles: () => Promise.all(files.map((file) => file.write())),
  };
}

/**
 * Mails of one transaction, each in its own conversation: placed side by side (their statements
 * follow one another on the connection without waiting for this thread in between), then their
 * messages appended with their mail details in one statement and their Message-IDs and files
 * recorded in one more, sent right behind it.
 */
async function storeMails(
  trx: Kysely<Database>,
  mails: QueuedMail[],
  contexts: MailContext[],
): Promise<StoredMail[]> {
  const placed = await allOf(
    mails.map((queued, index) => placeMail(trx, queued, contexts[index]!)),
  );
  const toAppend = placed.filter((one): one is PlacedMail => 'write' in one);
  if (toAppend.length === 0) return placed as StoredMail[];
  // Mails of a group arrived within a statement's time of each other: the latest one's time.
  const now = new Date(Math.max(...toAppend.map(({ queued }) => queued.now.getTime())));
  // The messages' ids are drawn here, so that the statement recording their Message-IDs is sent
  // right behind the one that appends them, without waiting for its answer.
  const messageIds = toAppend.map(() => randomId());
  const writes = toAppend.map(({ write }, index) => ({ ...write, id: messageIds[index] }));
  const [[appended]] = await allOf([
    sendTogether(trx, [
      appendStatement(trx, writes, now),
      recordMailsStatement(
        trx,
        toAppend.map(({ queued, conversation, files }, index) => ({
          idRow: {
            workspaceId: queued.inbox.workspaceId,
            rfcMessageId: queued.mail.messageId,
            messageId: messageIds[index]!,
            conversationId: conversation.id,
            direction: 'in' as const,
            fromAddress: queued.mail.fromAddress,
            subjectKey: queued.mail.subjectKey,
            createdAt: queued.now,
          },
          files,
        })),
      ),
    ]),
    // The files are written while the database runs those statements, once they are sent (in
    // this turn's microtasks): all are on disk before the commit.
    new Promise((resolve) => {
      setImmediate(() => {
        for (const placedMail of toAppend) placedMail.queued.writing = placedMail.writeFiles();
        resolve(Promise.all(toAppend.map(({ queued }) => queued.writing)));
      });
    }),
  ]);
  const messages = await messagesStored(trx, writes, appended, now);
  toAppend.forEach(({ conversation }, index) => {
    if (!messages[index]) throw new Error(`Conversation ${conversation.id} was not updated`);
  });
  let next = 0;
  return placed.map((one) => {
    if (!('write' in one)) return one;
    const messageId = messageIds[next++]!;
    return {
      workspaceId: one.queued.inbox.workspaceId,
      text: one.queued.mail.text,
      stored: true,
      conversationId: one.conversation.id,
      messageId,
      botShouldAnswer: one.created && one.conversation.status === 'open',
    };
  });
}

/**
 * Whether each mail of a group can be stored beside the others, from the contexts read for all
 * of them at once: not when an earlier mail of the group is in the same thread, is the mail it
 * replies to, or has its Message-ID. Those are stored after the rest, one at a time, from their
 * context read again. One sender's mails (and so one customer's, and one subject's thread by
 * sender) are never in the same group.
 */
function independentMails(group: QueuedMail[], contexts: MailContext[]): boolean[] {
  return group.map(({ mail }, index) =>
    group.slice(0, index).every((earlier, before) => {
      const thread = contexts[index]!.threadConversationId;
      return (
        earlier.mail.messageId !== mail.messageId &&
        !mail.threadIds.includes(earlier.mail.messageId) &&
        (thread === null || contexts[before]!.threadConversationId !== thread)
      );
    }),
  );
}

/**
 * A group of mails in one transaction. Their senders are locked first: one sender's mails are
 * stored one at a time, on every instance, so that their retries, threads and customer row are
 * decided in order, never twice at once. The locks are taken in one statement and in the same
 * order in every transaction, so two instances storing groups never wait on each other in a
 * circle. Then every mail's context is read in one statement and the mails are stored together
 * (storeMails); a mail that depends on another of the group (independentMails) comes after them.
 */
async function storeGroup(db: Kysely<Database>, group: QueuedMail[]): Promise<StoredMail[]> {
  for (const queued of group) {
    queued.written = [];
    queued.writing = Promise.resolve();
  }
  const toPlace = (mails: QueuedMail[]) =>
    mails.map(({ inbox, mail, now }) => ({ workspaceId: inbox.workspaceId, mail, now }));
  try {
    return await writeTransaction(db, async (trx) => {
      const senders = [...new Set(group.map(senderKey))].sort();
      // The contexts are read right behind the locks, without waiting for their answer: the
      // connection runs the two in order, and the read sees what was committed before the locks.
      const [, contexts] = await sendTogether(trx, [
        lockStatement(
          trx
            .selectFrom(sql<{ sender: string }>`unnest(${senders}::text[])`.as('sender'))
            .select(sql`pg_advisory_xact_lock(hashtext(sender))`.as('locked')),
        ),
        mailContextsStatement(trx, toPlace(group)),
      ]);
      const independent = independentMails(group, contexts);
      const stored: StoredMail[] = [];
      const first = await storeMails(
        trx,
        group.filter((_, index) => independent[index]),
        contexts.filter((_, index) => independent[index]),
      );
      for (const [index, queued] of group.entries()) {
        stored[index] = independent[index]
          ? first.shift()!
          : (
              await storeMails(
                trx,
                [queued],
                await runStatement(trx, mailContextsStatement(trx, toPlace([queued]))),
              )
            )[0]!;
      }
      return stored;
    });
  } catch (err) {
    // Nothing was committed: the files written for it go too, once their writes are done.
    for (const queued of group) {
      await queued.writing.catch(() => undefined);
      await queued.storage.removeFiles(queued.written);
    }
    throw err;
  }
}

const lanesByDatabase = new WeakMap<
  Kysely<Database>,
  (queued: QueuedMail) => Promise<StoredMail>
>();

/**
 * Stores a received mail (placeMail, storeMails), resolving once it is committed, so that the
 * receiver acknowledges (250) only a mail that is kept. Group commit (groupedWrites): mails that arrive
 * while a group is stored go together in the next transaction, its `begin`, `commit` and locks
 * paid once for them all; one sender's mails never share a group, so each is decided after the
 * one before it. A group that fails is stored again mail by mail, so that a mail refused fails
 * alone, with its reason.
 */
export async function storeInboundMail(
  db: Kysely<Database>,
  storage: FileStorage,
  inbox: EmailInboxRow,
  mail: ReceivedMail,
  authFailure: string | null,
  now: Date,
): Promise<StoredMail> {
  const { fromAddress } = mail;
  if (!fromAddress) throw new MailRefused('The mail has no sender address', 550);
  const prepared = await Promise.all(
    mail.attachments.map((file) => storage.prepareMailAttachment(file.fileName, file.content)),
  );
  let lane = lanesByDatabase.get(db);
  if (!lane) {
    lane = groupedWrites((group: QueuedMail[]) => storeGroup(db, group), senderKey, 20);
    lanesByDatabase.set(db, lane);
  }
  return lane({
    ...{ storage, inbox, mail: { ...mail, fromAddress }, authFailure, now, prepared },
    written: [],
    writing: Promise.resolve(),
  });
}
