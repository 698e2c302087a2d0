import fp from 'fastify-plugin';
import { ConversationBot } from '../../services/conversation-bot';

declare module 'fastify' {
  interface FastifyInstance {
    /** Answers widget customers' messages with the bot, after their message is stored. */
    conversationBot: ConversationBot;
  }
}

/** `app.conversationBot`; on close, answers under way are stored before the database closes. */
export const conversationBotPlugin = fp(
  async (app) => {
    const conversationBot = new ConversationBot({
      db: app.db,
      bot: app.bot,
      log: app.log,
      now: app.identity.now,
    });
    app.decorate('conversationBot', conversationBot);
    app.addHook('preClose', () => conversationBot.idle());
  },
  { name: 'conversation-bot', dependencies: ['database', 'identity', 'bot'] },
);
