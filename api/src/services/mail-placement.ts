import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { MessageAttachment } from 'shared-sdk/schemas';
import { allOf } from '../db/all-of';
import { randomId } from '../db/random-id';
import type { Database } from '../db/schema';
import type { Statement } from '../db/statements';
import type { ReceivedMail } from '../mail/read-mail';
import { pointInlineImages } from '../mail/sanitize-mail-html';
import { insertConversationsStatement } from '../repositories/conversations';
import type { NewConversation } from '../repositories/conversations';
import { insertCustomersStatement } from '../repositories/customers';
import type { NewCustomer } from '../repositories/customers';
import type { EmailInboxRow } from '../repositories/email-inboxes';
import type { MailContext, MailThread } from '../repositories/email-message-ids';
import { markSentMailFailed } from '../repositories/email-messages';
import type { NewStoredFile } from '../repositories/stored-files';
import { changeStatus, lockWorkspaceConversation } from './conversations';
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

/** A received mail waiting for its group's transaction, with what was read of it before. */
export interface QueuedMail {
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

/** A mail whose conversation is decided, its message still to append (storeMails). */
export interface PlacedMail {
  queued: QueuedMail;
  conversation: MailThread;
  created: boolean;
  write: MessageWrite;
  files: NewStoredFile[];
  writeFiles: () => Promise<unknown>;
}

/**
 * A mail that adds no message: one whose Message-ID is stored already (a sender's retry), or a
 * bounce of a reply sent from the inbox (that reply is marked failed); undefined for any other.
 */
async function withoutMessage(
  trx: Kysely<Database>,
  { inbox, mail }: QueuedMail,
  context: MailContext,
): Promise<StoredMail | undefined> {
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
  if (!context.chatbotId) throw new MailRefused('This workspace takes no mail yet', 550);
  return undefined;
}

/** The sender as the workspace's new customer, by e-mail address, their id drawn here. */
function newCustomer({ inbox, mail }: QueuedMail, chatbotId: string): NewCustomer {
  const [firstName = '', ...rest] = mail.fromName.trim().split(/\s+/);
  // A customer by e-mail has no widget: a token nobody holds stands in for one.
  const unusedToken = createHash('sha256').update(randomBytes(32)).digest('hex');
  return {
    id: randomId(),
    workspaceId: inbox.workspaceId,
    chatbotId,
    visitorTokenHash: unusedToken,
    identity: {
      email: mail.fromAddress,
      firstName: firstName.slice(0, 120),
      lastName: rest.join(' ').slice(0, 120),
    },
  };
}

/**
 * A new e-mail conversation with the mail's subject, pending unless the workspace lets the bot
 * answer first. A robot's mail, or one whose sender failed SPF, DKIM or DMARC, waits for a
 * person: an automatic answer to a forged sender would go to whoever the forger named. Its id
 * is drawn here, so that the statement appending its first message can go in the same trip.
 */
function newConversation(
  { inbox, mail, authFailure }: QueuedMail,
  ids: { chatbotId: string; customerId: string },
): NewConversation {
  const botFirst = inbox.botAnswersFirst && mail.automatic === null && authFailure === null;
  return {
    ...ids,
    id: randomId(),
    opening: {
      channel: 'email',
      subject: mail.subject.slice(0, 500) || null,
      status: botFirst ? 'open' : 'pending',
    },
  };
}

/**
 * The statements that insert the customers and conversations a group's mails start: customers
 * first (a conversation refers to its customer), each kind in one statement (conversations, one
 * per workspace), however many mails start them.
 */
function startingStatements(
  trx: Kysely<Database>,
  customers: NewCustomer[],
  conversations: { workspaceId: string; conversation: NewConversation }[],
  now: Date,
): Statement<unknown>[] {
  const statements: Statement<unknown>[] = [];
  if (customers.length > 0) statements.push(insertCustomersStatement(trx, customers, now));
  for (const workspaceId of new Set(conversations.map((one) => one.workspaceId))) {
    const ofWorkspace = conversations.filter((one) => one.workspaceId === workspaceId);
    statements.push(
      insertConversationsStatement(
        trx,
        workspaceId,
        ofWorkspace.map((one) => one.conversation),
        now,
      ),
    );
  }
  return statements;
}

/**
 * The thread a mail replies to (the context statement read and locked it); its whole row is read
 * only to reopen it, waiting for a person, when it had been resolved.
 */
async function threadOf(
  trx: Kysely<Database>,
  { inbox, mail, now }: QueuedMail,
  threadId: string,
  read: MailThread | null,
): Promise<MailThread> {
  if (read && (read.status !== 'resolved' || mail.automatic)) return read;
  const row = await lockWorkspaceConversation(trx, inbox.workspaceId, threadId);
  if (row.status !== 'resolved' || mail.automatic) return row;
  return changeStatus(trx, row, { status: 'pending', reason: 'reopened', changedBy: null }, now);
}

/**
 * The mail's message in its conversation, from its sender (who may write into another
 * customer's thread: a colleague copied in), and its files placed there (written later).
 */
function placed(
  queued: QueuedMail,
  senderId: string,
  conversation: MailThread,
  created: boolean,
): PlacedMail {
  const { storage, inbox, mail, authFailure, prepared } = queued;
  const workspaceId = inbox.workspaceId;
  const files = prepared.map((file) =>
    storage.placeMailAttachment(file, conversation.id, workspaceId),
  );
  const onDisk = files.flatMap(({ storedPath, write }) => (write ? [{ storedPath, write }] : []));
  queued.written.push(...onDisk.map((file) => file.storedPath));
  const attachments: MessageAttachment[] = files.map((file) => file.attachment);
  const inlineUrls = new Map<string, string>();
  mail.attachments.forEach((file, index) => {
    if (file.contentId) inlineUrls.set(file.contentId, attachments[index]!.url);
  });
  return {
    queued,
    conversation,
    created,
    write: {
      workspaceId,
      to: { conversationId: conversation.id },
      when: 'any',
      message: {
        role: 'user',
        senderId,
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
    writeFiles: () => Promise.all(onDisk.map((file) => file.write())),
  };
}

/** Where a group's mails go (placeMails). */
export interface Placement {
  /** Each mail's message to append, or its answer when it adds none. */
  mails: (PlacedMail | StoredMail)[];
  /** Inserts the customers and conversations the group starts: sent before the appends. */
  starting: Statement<unknown>[];
}

/**
 * Where each mail of a group goes, in its transaction, from the contexts read for them: nowhere
 * for a mail that adds no message (withoutMessage), then its answer. Else its sender as the
 * workspace's customer and its conversation: the thread it replies to, or a new one. The new
 * customers and conversations have their ids drawn here and their inserts are left for the caller
 * to send in one trip with the messages' (storeMails): a group of new senders waits on the
 * database once, not once for its conversations and again for its messages. `now`: the group's.
 */
export async function placeMails(
  trx: Kysely<Database>,
  mails: QueuedMail[],
  contexts: MailContext[],
  now: Date,
): Promise<Placement> {
  const answered = await allOf(
    mails.map((queued, index) => withoutMessage(trx, queued, contexts[index]!)),
  );
  const starts = mails.map((queued, index) => {
    const context = contexts[index]!;
    if (answered[index]) return undefined;
    const chatbotId = context.chatbotId!;
    const customer = context.customerId ? undefined : newCustomer(queued, chatbotId);
    const customerId = context.customerId ?? customer!.id!;
    return {
      customerId,
      customer,
      conversation: context.threadConversationId
        ? undefined
        : newConversation(queued, { chatbotId, customerId }),
    };
  });
  const starting = startingStatements(
    trx,
    starts.flatMap((start) => (start?.customer ? [start.customer] : [])),
    starts.flatMap((start, index) =>
      start?.conversation
        ? [{ workspaceId: mails[index]!.inbox.workspaceId, conversation: start.conversation }]
        : [],
    ),
    now,
  );
  const placedMails = await allOf(
    mails.map(async (queued, index): Promise<PlacedMail | StoredMail> => {
      const stored = answered[index];
      if (stored) return stored;
      const { customerId, conversation } = starts[index]!;
      if (conversation) {
        const thread = { id: conversation.id, status: conversation.opening.status! };
        return placed(queued, customerId, thread, true);
      }
      const { threadConversationId, thread } = contexts[index]!;
      const joined = await threadOf(trx, queued, threadConversationId!, thread);
      return placed(queued, customerId, joined, false);
    }),
  );
  return { mails: placedMails, starting };
}
