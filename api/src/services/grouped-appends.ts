import type { Kysely } from 'kysely';
import { groupedWrites } from '../db/grouped-writes';
import type { Database } from '../db/schema';
import { writeStatement } from '../live/write-transaction';
import {
  appendAgentReplies,
  appendBotReplies,
  appendCustomerMessages,
} from '../repositories/messages';
import type { AgentReply, Appended, BotMessage, CustomerMessage } from '../repositories/messages';

/** One kind of message, stored by its one statement (undefined: the conversation's state refused it). */
export interface MessageAppend<M> {
  /** In the caller's transaction, with what else changes with it (webhook deliveries, counts). */
  inTransaction(trx: Kysely<Database>, message: M, now: Date): Promise<Appended | undefined>;
  /**
   * By the statement alone, in a group (groupedWrites): under load, the messages that arrive while
   * one group is stored go together in one statement. A group's time is its latest message's: they
   * arrived within the one statement's time of each other.
   */
  alone(message: M, now: Date): Promise<Appended | undefined>;
}

/** The kinds of message of a database that are stored by one statement; one set of groups each. */
interface GroupedAppends {
  /** An agent's reply in a conversation they have taken over (sendAgentMessage). */
  agentReply: MessageAppend<AgentReply>;
  /** The bot's answer or suggestions (storeBotReply). */
  botReply: MessageAppend<BotMessage>;
  /** A customer's message in their conversation under way (postCustomerMessage). */
  customerMessage: MessageAppend<CustomerMessage>;
}

const byDatabase = new WeakMap<Kysely<Database>, GroupedAppends>();

export function groupedAppends(db: Kysely<Database>): GroupedAppends {
  let appends = byDatabase.get(db);
  if (!appends) {
    const grouped = <M>(
      append: (
        handle: Kysely<Database>,
        messages: M[],
        now: Date,
      ) => Promise<(Appended | undefined)[]>,
      keyOf: (message: M) => string,
    ): MessageAppend<M> => {
      const write = groupedWrites(
        (items: { message: M; now: Date }[]) =>
          writeStatement(db, (handle) =>
            append(
              handle,
              items.map((item) => item.message),
              new Date(Math.max(...items.map((item) => item.now.getTime()))),
            ),
          ),
        (item) => keyOf(item.message),
      );
      return {
        inTransaction: async (trx, message, now) => (await append(trx, [message], now))[0],
        alone: (message, now) => write({ message, now }),
      };
    };
    appends = {
      agentReply: grouped(appendAgentReplies, (reply) => reply.conversationId),
      botReply: grouped(appendBotReplies, (message) => message.conversationId),
      customerMessage: grouped(appendCustomerMessages, (message) => message.customerId),
    };
    byDatabase.set(db, appends);
  }
  return appends;
}
