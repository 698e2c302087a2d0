import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Message } from 'shared-sdk/schemas';
import { handoffMessages, type BotReply, type BotService } from '../bot';
import type { Database } from '../db/schema';
import { writeTransaction } from '../live/write-transaction';
import { lockConversation, markBotAnswered } from '../repositories/conversations';
import type { BotMessage } from '../repositories/messages';
import { recordUnansweredQuestion } from '../repositories/unanswered-questions';
import { announceMessage, appendedMessage, handOver } from './conversations';
import { groupedAppends } from './grouped-appends';
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
 * Suggestions ask the customer. The first answer of the training counts the conversation as
 * answered by the bot in the transaction that stores it (webhooks told there too); any other
 * reply is stored as appendedMessage stores a customer's message.
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
  const message: BotMessage = {
    conversationId: answered.conversationId,
    content: reply.content,
    ...(reply.kind === 'answer' && reply.productCard ? { productCard: reply.productCard } : {}),
    ...(reply.kind === 'answer' && reply.sourceLink ? { sourceLink: reply.sourceLink } : {}),
    ...(reply.kind === 'suggestions' ? { suggestions: reply.suggestions } : {}),
  };
  // Small talk answers from no training: it does not make the conversation answered.
  const counts = reply.kind === 'answer' && reply.sources.length > 0 && !answered.botAnswered;
  const append = groupedAppends(db).botReply;
  if (!counts)
    return (await appendedMessage(db, answered.workspaceId, now, append, message))?.message;
  return writeTransaction(db, async (trx) => {
    const appended = await append.inTransaction(trx, message, now);
    if (!appended) return undefined;
    const stored = await announceMessage(trx, appended.conversation, appended.row, now);
    await markBotAnswered(trx, appended.conversation, now);
    return stored;
  });
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
