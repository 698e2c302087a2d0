import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Message } from 'shared-sdk/schemas';
import { handoffMessages, type BotReply, type BotService } from '../bot';
import type { Database } from '../db/schema';
import { writeTransaction } from '../live/write-transaction';
import { lockConversation } from '../repositories/conversation-locks';
import { recordUnansweredQuestion } from '../repositories/unanswered-questions';
import { handOver } from './conversations';
import { storeMessage } from './message-writes';
import { RunningAnswers } from './running-answers';

/** The customer's message the bot replies to. */
export interface AnsweredMessage {
  workspaceId: string;
  conversationId: string;
  /** The customer's message: kept as an unanswered question when the bot hands it over. */
  messageId: string;
  text: string;
  /** The conversation counted as answered by the bot when the message was stored (it stays so). */
  botAnswered: boolean;
}

/**
 * The bot's answer to a customer's message, stored after the customer's message committed.
 * Dropped when an agent took the conversation over (or it was resolved, or handed off) while the
 * bot was thinking. A handoff sets the conversation pending: it goes to the top of the takeover
 * list, and a question the bot was not sure of is kept for AI training's unanswered questions.
 * Suggestions ask the customer. Any other reply is stored as a customer's message is
 * (storeMessage); the first answer of the training counts the conversation as answered by the bot
 * with it.
 */
async function storeBotReply(
  db: Kysely<Database>,
  answered: AnsweredMessage,
  reply: BotReply,
  now: Date,
): Promise<Message | undefined> {
  if (reply.kind === 'handoff') {
    return writeTransaction(db, async (trx) => {
      const row = await lockConversation(trx, answered.conversationId);
      if (!row || row.status !== 'open' || row.agentIds.length > 0) return undefined;
      if (reply.reason === 'not-confident') await recordUnansweredQuestion(trx, row, answered, now);
      return (await handOver(trx, row, reply.reason, now)).message;
    });
  }
  // Small talk answers from no training: it does not make the conversation answered.
  const counts = reply.kind === 'answer' && reply.sources.length > 0 && !answered.botAnswered;
  const stored = await storeMessage(
    db,
    {
      workspaceId: answered.workspaceId,
      to: { conversationId: answered.conversationId },
      when: 'bot-may-answer',
      message: {
        role: 'bot',
        senderId: null,
        content: reply.content,
        ...(reply.kind === 'answer' && reply.productCard ? { productCard: reply.productCard } : {}),
        ...(reply.kind === 'answer' && reply.sourceLink ? { sourceLink: reply.sourceLink } : {}),
        ...(reply.kind === 'suggestions' ? { suggestions: reply.suggestions } : {}),
      },
      countsAnswered: counts,
    },
    now,
  );
  return stored?.message;
}

/**
 * The bot's side of the widget's conversations. The customer's message is answered (201) as
 * soon as it is stored; the bot's reply follows in a write of its own and reaches the widget
 * live, so a slow answer (a language model) never holds the customer's message back, and a
 * failing bot never loses it.
 */
export class ConversationBot {
  private readonly running = new RunningAnswers();

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
    this.running.track(this.reply(message));
  }

  /** Resolves once every answer under way is stored (shutdown, tests). */
  idle(): Promise<void> {
    return this.running.idle();
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
