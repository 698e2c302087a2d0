import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { allOf } from '../db/all-of';
import { groupedWrites } from '../db/grouped-writes';
import type { GroupedWrites } from '../db/grouped-writes';
import { lockStatement } from '../db/lock-rows';
import { randomId } from '../db/random-id';
import type { Database } from '../db/schema';
import { runStatement, sendTogether } from '../db/statements';
import type { Statement } from '../db/statements';
import { writeTransaction } from '../live/write-transaction';
import type { ReceivedMail } from '../mail/read-mail';
import type { EmailInboxRow } from '../repositories/email-inboxes';
import { mailContextsStatement } from '../repositories/email-message-ids';
import type { MailContext } from '../repositories/email-message-ids';
import { recordMailsStatement } from '../repositories/email-messages';
import { appendStatement } from '../repositories/message-appends';
import { findSubscribedWebhookIds } from '../repositories/webhooks';
import type { Appended } from '../repositories/message-appends';
import { MailRefused, placeMails } from './mail-placement';
import type { PlacedMail, QueuedMail, StoredMail } from './mail-placement';
import { emitConversationEvent } from './conversations';
import { messagesStored } from './message-writes';
import type { FileStorage } from './storage';

/** The lock that puts one sender's mails to one workspace in order. */
const senderKey = ({ inbox, mail }: QueuedMail) => `${inbox.workspaceId}:${mail.fromAddress}`;

/**
 * Writes the files too large for their rows (mail-placement.ts) while the database runs the
 * statements that store their mails, once those are sent (in this turn's microtasks): all are on
 * disk before the commit.
 */
function writeFilesBeside(mails: PlacedMail[]): Promise<unknown> {
  if (mails.every(({ queued }) => queued.written.length === 0)) return Promise.resolve();
  return new Promise((resolve) => {
    setImmediate(() => {
      for (const placedMail of mails) placedMail.queued.writing = placedMail.writeFiles();
      resolve(Promise.all(mails.map(({ queued }) => queued.writing)));
    });
  });
}

/**
 * Mails of one transaction, each in its own conversation: placed (placeMails), then the
 * customers and conversations they start inserted, their messages appended with their mail
 * details and their Message-IDs and files recorded, in statements sent together: one trip.
 * `last.commit`: these are the transaction's last writes and no webhook waits for what they
 * tell (quietGroup), so the transaction commits with them (sendTogether), unless a file is
 * written to disk beside them: it must be there before the commit.
 */
async function storeMails(
  trx: Kysely<Database>,
  mails: QueuedMail[],
  contexts: MailContext[],
  last: { commit: boolean },
): Promise<StoredMail[]> {
  // Mails of a group arrived within a statement's time of each other: the latest one's time.
  const now = new Date(Math.max(...mails.map((queued) => queued.now.getTime())));
  const { mails: placed, starting } = await placeMails(trx, mails, contexts, now);
  const toAppend = placed.filter((one): one is PlacedMail => 'write' in one);
  if (toAppend.length === 0) return placed as StoredMail[];
  // The messages' ids are drawn here, so that the statement recording their Message-IDs is sent
  // right behind the one that appends them, without waiting for its answer.
  const messageIds = toAppend.map(() => randomId());
  const writes = toAppend.map(({ write }, index) => ({ ...write, id: messageIds[index] }));
  const commit = last.commit && toAppend.every(({ queued }) => queued.written.length === 0);
  const [results] = await allOf([
    sendTogether(
      trx,
      [
        ...starting,
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
      ],
      { commit },
    ),
    writeFilesBeside(toAppend),
  ]);
  const appended = results[starting.length] as (Appended | undefined)[];
  toAppend.forEach(({ conversation }, index) => {
    if (!appended[index]) throw new Error(`Conversation ${conversation.id} was not updated`);
  });
  if (!commit) {
    for (const { created, conversation, queued } of toAppend) {
      if (!created) continue;
      const row = { id: conversation.id, workspaceId: queued.inbox.workspaceId };
      await emitConversationEvent(trx, row, 'conversation.created', queued.now);
    }
    await messagesStored(trx, writes, appended, now);
  }
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
 * The group's statements take their mails as one JSON value, so their estimates are the same for
 * any mails and one plan serves them all. PostgreSQL's plan cache nevertheless goes over to
 * planning them anew on every call once statistics change (as the embedded database's tables
 * grow, embedded-maintenance.ts): 0.5 to 0.9 ms a statement on PGlite, more than running it.
 * Set for the group's transaction alone, as search sets its own.
 */
const genericPlans = (trx: Kysely<Database>): Statement<void> => ({
  query: sql`select set_config('plan_cache_mode', 'force_generic_plan', true)`.compile(trx),
  read: () => undefined,
});

/**
 * Whether no webhook of the group's workspaces waits for the conversations and messages its
 * mails make (read through the webhooks' cache, no round trip while nothing changed): then
 * nothing is written after them, and their transaction can commit with them.
 */
async function quietGroup(db: Kysely<Database>, group: QueuedMail[]): Promise<boolean> {
  const workspaceIds = [...new Set(group.map(({ inbox }) => inbox.workspaceId))];
  const waiting = await Promise.all(
    workspaceIds.flatMap((id) =>
      (['conversation.created', 'message.created'] as const).map(
        async (event) => (await findSubscribedWebhookIds(db, id, event)).length > 0,
      ),
    ),
  );
  return !waiting.includes(true);
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
  const quiet = await quietGroup(db, group);
  try {
    return await writeTransaction(db, async (trx) => {
      const senders = [...new Set(group.map(senderKey))].sort();
      // The contexts are read right behind the locks, without waiting for their answer: the
      // connection runs the two in order, and the read sees what was committed before the locks.
      const [, , contexts] = await sendTogether(trx, [
        genericPlans(trx),
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
        { commit: quiet && !independent.includes(false) },
      );
      for (const [index, queued] of group.entries()) {
        stored[index] = independent[index]
          ? first.shift()!
          : (
              await storeMails(
                trx,
                [queued],
                await runStatement(trx, mailContextsStatement(trx, toPlace([queued]))),
                { commit: false },
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

const lanesByDatabase = new WeakMap<Kysely<Database>, GroupedWrites<QueuedMail, StoredMail>>();

/** The group commit of the mails stored in `db` (storeInboundMail), one per database. */
function laneOf(db: Kysely<Database>): GroupedWrites<QueuedMail, StoredMail> {
  let lane = lanesByDatabase.get(db);
  if (!lane) {
    lane = groupedWrites((group: QueuedMail[]) => storeGroup(db, group), senderKey, 20);
    lanesByDatabase.set(db, lane);
  }
  return lane;
}

/**
 * Says that a received mail is being read (parsed and checked) and comes to `db` next: a group
 * starting meanwhile waits for it, briefly, rather than go without it (groupedWrites's announce).
 * Mails delivered at once otherwise alternated between a group of one and a group of the rest:
 * half the groups cost the database a group's fixed cost for a single mail. Returns the call
 * that says it came, or will not.
 */
export function announceMail(db: Kysely<Database>): () => void {
  return laneOf(db).announce();
}

/**
 * Stores a received mail (placeMails, storeMails), resolving once it is committed, so that the
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
  /** What announceMail returned for the mail, if it was announced. */
  arrived: () => void = () => {},
): Promise<StoredMail> {
  const { fromAddress } = mail;
  if (!fromAddress) throw new MailRefused('The mail has no sender address', 550);
  const prepared = await Promise.all(
    mail.attachments.map((file) => storage.prepareMailAttachment(file.fileName, file.content)),
  );
  const stored = laneOf(db)({
    ...{ storage, inbox, mail: { ...mail, fromAddress }, authFailure, now, prepared },
    written: [],
    writing: Promise.resolve(),
  });
  arrived();
  return stored;
}
