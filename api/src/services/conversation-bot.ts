import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { handoffMessages } from '../bot/bot-reply';
import type { BotReply, BotService } from '../bot/bot-service';
import type { Database } from '../db/schema';
import { storeBotReply } from './conversations';
import type { AnsweredMessage } from './conversations';

/**
 * The bot's side of the widget's conversations. The customer's message is answered (201) as
 * soon as it is stored; the bot's reply follows in a write of its own and reaches the widget
 * live, so a slow answer (a language model) never holds the customer's message back, and a
 * failing bot never loses it.
 */
export class ConversationBot {
  private readonly running = new Set<Promise<void>>();

  constructor(
    private readonly options: {
      db: Kysely<Database>;
      bot: BotService;
      log: FastifyBaseLogger;
      now: () => Date;
    },
  ) {}

  /** Starts answering the customer's message; never throws. */
  answer(message: AnsweredMessage): void {
    const run = this.reply(message).finally(() => this.running.delete(run));
    this.running.add(run);
  }

  /** Resolves once every answer under way is stored (shutdown, tests). */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
  }

  private async reply(message: AnsweredMessage): Promise<void> {
    const { db, bot, log, now } = this.options;
    let reply: BotReply;
    try {
      reply = await bot.reply(message);
    } catch (err) {
      // The customer still gets an answer: a person is asked to join.
      log.error({ err, conversationId: message.conversationId }, 'the bot could not reply');
      reply = {
        kind: 'handoff',
        reason: 'not-confident',
        content: handoffMessages['not-confident'],
      };
    }
    try {
      await storeBotReply(db, message, reply, now());
    } catch (err) {
      log.error({ err, conversationId: message.conversationId }, "the bot's reply was not stored");
    }
  }
}
