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

type Append<M> = (message: M, now: Date) => Promise<Appended | undefined>;

/**
 * The messages of a database that are stored by their statement alone (no webhook waits for
 * them, nothing else changes with them), in groups (groupedWrites): under load, those that arrive
 * while one group is stored go together in one statement. A group's time is its latest message's:
 * they arrived within the one statement's time of each other.
 */
interface GroupedAppends {
  /** An agent's reply in a conversation they have taken over (sendAgentMessage). */
  agentReply: Append<AgentReply>;
  /** The bot's answer or suggestions (storeBotReply). */
  botReply: Append<BotMessage>;
  /** A customer's message in their conversation under way (postCustomerMessage). */
  customerMessage: Append<CustomerMessage>;
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
    ): Append<M> => {
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
      return (message, now) => write({ message, now });
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
