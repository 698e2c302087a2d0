import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { BotReply, BotService } from '../bot';
import type { Database } from '../db/schema';
import { writeTransaction } from '../live/write-transaction';
import { lockConversation } from '../repositories/conversation-locks';
import { markBotAnswered } from '../repositories/conversations';
import { addMessage, handOver } from './conversations';
import { queueEmailReply } from './email-replies';
import { RunningAnswers } from './running-answers';

/** A new mail the bot answers first (Settings › E-mail "Let the bot answer e-mail first"). */
export interface MailToAnswer {
  workspaceId: string;
  conversationId: string;
  text: string;
}

/**
 * The bot's answer to a customer's first mail, sent by e-mail as an agent's reply is. In the
 * widget, a bot unsure of the answer hands the conversation to a person; here too (it waits,
 * pending), with the bot's words for it sent to the customer. Dropped when an agent took the
 * conversation over meanwhile.
 */
async function storeMailAnswer(
  db: Kysely<Database>,
  mail: MailToAnswer,
  reply: BotReply,
  now: Date,
): Promise<void> {
  await writeTransaction(db, async (trx) => {
    const row = await lockConversation(trx, mail.conversationId);
    if (!row || row.status !== 'open' || row.agentIds.length > 0) return;
    if (reply.kind === 'handoff') {
      const { message, conversation } = await handOver(trx, row, reply.reason, now);
      await queueEmailReply(trx, conversation, message, now);
      return;
    }
    const { message, conversation } = await addMessage(
      trx,
      row,
      { role: 'bot', senderId: row.chatbotId, content: reply.content },
      now,
    );
    if (reply.kind === 'answer' && reply.sources.length > 0) {
      await markBotAnswered(trx, conversation, now);
    }
    await queueEmailReply(trx, conversation, message, now);
  });
}

/** Answers new mail with the bot after it is stored; never holds the mail's 250 back. */
export class EmailBot {
  private readonly running = new RunningAnswers();

  constructor(
    private readonly options: {
      db: Kysely<Database>;
      bot: BotService;
      log: FastifyBaseLogger;
      now: () => Date;
    },
  ) {}

  answer(mail: MailToAnswer): void {
    this.running.track(this.reply(mail));
  }

  /** Resolves once every answer under way is stored (shutdown, tests). */
  idle(): Promise<void> {
    return this.running.idle();
  }

  private async reply(mail: MailToAnswer): Promise<void> {
    const { db, bot, log, now } = this.options;
    try {
      const reply = await bot.reply(mail);
      await storeMailAnswer(db, mail, reply, now());
    } catch (err) {
      log.error({ err, conversationId: mail.conversationId }, 'the bot could not answer a mail');
    }
  }
}
