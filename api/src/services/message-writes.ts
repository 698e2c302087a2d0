import type { Kysely } from 'kysely';
import type { Message } from 'shared-sdk/schemas';
import { groupedWrites } from '../db/grouped-writes';
import type { Database } from '../db/schema';
import { writeStatement, writeTransaction } from '../live/write-transaction';
import { markBotAnswered } from '../repositories/conversations';
import { appendMessages } from '../repositories/message-appends';
import type {
  Appended,
  AppendedConversation,
  MessageAppend,
} from '../repositories/message-appends';
import { toMessage } from '../repositories/messages';
import { findSubscribedWebhookIds } from '../repositories/webhooks';
import { emitWebhookEvent } from './webhook-events';

/** A message to store, and what its storing changes besides it. */
export interface MessageWrite extends MessageAppend {
  /** The workspace of the conversation: whose webhooks hear of the message. */
  workspaceId: string;
  /**
   * The bot's first answer from its training: the conversation counts as answered by the bot in
   * the workspace's statistics, with the message.
   */
  countsAnswered?: boolean;
}

/** A message stored, as clients read it, and its conversation as it now is. */
export interface StoredMessage {
  message: Message;
  conversation: AppendedConversation;
}

/**
 * What follows from messages stored, in the transaction that stored them: webhooks are told (the
 * outbox: the deliveries commit with the messages, and a crash after the commit still delivers
 * them), and a bot's first answer from its training is counted. The live change was recorded by
 * the statement and is published once the transaction commits (writeTransaction). Every message
 * stored, whichever way, ends here.
 */
export async function messagesStored(
  trx: Kysely<Database>,
  writes: readonly MessageWrite[],
  appended: readonly (Appended | undefined)[],
  now: Date,
): Promise<(StoredMessage | undefined)[]> {
  const stored: (StoredMessage | undefined)[] = [];
  for (const [index, write] of writes.entries()) {
    const one = appended[index];
    if (!one) {
      stored.push(undefined);
      continue;
    }
    const message = toMessage(one.row);
    await emitWebhookEvent(
      trx,
      write.workspaceId,
      'message.created',
      { conversationId: one.conversation.id, message },
      now,
    );
    const conversation = write.countsAnswered
      ? { ...one.conversation, ...(await markBotAnswered(trx, one.conversation, now)) }
      : one.conversation;
    stored.push({ message, conversation });
  }
  return stored;
}

/**
 * Stores a group of messages in one statement. Most need nothing else in their transaction (no
 * webhook of their workspace waits for messages, no count changes): then the statement runs alone,
 * without the `begin` and `commit` round trips (writeStatement); otherwise in one transaction with
 * what messagesStored adds.
 */
async function writeGroup(
  db: Kysely<Database>,
  writes: readonly MessageWrite[],
  now: Date,
): Promise<(StoredMessage | undefined)[]> {
  const workspaceIds = [...new Set(writes.map((write) => write.workspaceId))];
  // Read through the webhooks' cache: no round trip to the database while nothing changed.
  const told = await Promise.all(
    workspaceIds.map(
      async (id) => (await findSubscribedWebhookIds(db, id, 'message.created')).length > 0,
    ),
  );
  const inTransaction = told.includes(true) || writes.some((write) => write.countsAnswered);
  if (inTransaction) {
    return writeTransaction(db, async (trx) =>
      messagesStored(trx, writes, await appendMessages(trx, writes, now), now),
    );
  }
  const appended = await writeStatement(db, (handle) => appendMessages(handle, writes, now));
  return appended.map(
    (one) => one && { message: toMessage(one.row), conversation: one.conversation },
  );
}

interface Queued {
  write: MessageWrite;
  now: Date;
}

/**
 * Group commit (groupedWrites): the messages that arrive while one group is stored go together
 * in the next, so that under load a statement's fixed cost is paid once for many. A statement
 * changes a conversation once: messages to a named conversation group by it; a customer's message
 * finds its conversation in the statement, so customers' messages group among themselves, by
 * customer. A group's time is its latest message's: they arrived within one statement's time of
 * each other.
 */
interface Lanes {
  byConversation: (queued: Queued) => Promise<StoredMessage | undefined>;
  byCustomer: (queued: Queued) => Promise<StoredMessage | undefined>;
}

const lanesByDatabase = new WeakMap<Kysely<Database>, Lanes>();

function lanesOf(db: Kysely<Database>): Lanes {
  let lanes = lanesByDatabase.get(db);
  if (!lanes) {
    const lane = (keyOf: (write: MessageWrite) => string) =>
      groupedWrites(
        (group: Queued[]) =>
          writeGroup(
            db,
            group.map((queued) => queued.write),
            new Date(Math.max(...group.map((queued) => queued.now.getTime()))),
          ),
        (queued) => keyOf(queued.write),
      );
    const keyOf = (write: MessageWrite) =>
      'customerId' in write.to ? write.to.customerId : write.to.conversationId;
    lanes = { byConversation: lane(keyOf), byCustomer: lane(keyOf) };
    lanesByDatabase.set(db, lanes);
  }
  return lanes;
}

/**
 * Stores a message whose conversation needs no other change (see MessageAppend's conditions):
 * the message and its conversation as they now are, or undefined when the conversation was not
 * in the state the message needs (nothing was stored; the caller goes the general way, in a
 * transaction of its own, and calls messagesStored there through addMessage).
 */
export function storeMessage(
  db: Kysely<Database>,
  write: MessageWrite,
  now: Date,
): Promise<StoredMessage | undefined> {
  const lanes = lanesOf(db);
  const lane = 'customerId' in write.to ? lanes.byCustomer : lanes.byConversation;
  return lane({ write, now });
}
