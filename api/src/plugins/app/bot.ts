import fp from 'fastify-plugin';
import {
  createBotService,
  createOpenAiCompatibleModel,
  createTrainingVectors,
  sharedSentenceEncoder,
  createAgentAssistant,
  type AgentAssistant,
  type BotService,
} from '../../bot';
import type { BotConfig } from '../../config';

declare module 'fastify' {
  interface FastifyInstance {
    /** Answers customer messages from the workspace's training, or hands over to a person. */
    bot: BotService;
    /** The agents' copilot's language model (drafts, summaries, rewrites); null without one. */
    agentAssistant: AgentAssistant | null;
  }
}

/**
 * The bot: one training index per workspace, built on first use and kept current from the change
 * feed (so with Redis, other instances' training changes too). With BOT_LLM_URL, answers are
 * phrased by that OpenAI-compatible model from the retrieved passages only.
 */
export const botPlugin = fp<{ bot: BotConfig }>(
  async (app, { bot }) => {
    // Loaded before the server listens: a missing or broken model file stops the start, naming
    // the file, rather than leaving a bot that cannot understand.
    const started = performance.now();
    const encoder = await sharedSentenceEncoder();
    const service = createBotService({
      db: app.db,
      logger: app.log,
      vectors: createTrainingVectors(app.db, encoder),
      changeFeed: app.changeFeed,
      ...(bot.languageModel
        ? { languageModel: createOpenAiCompatibleModel(bot.languageModel) }
        : {}),
    });
    app.log.info(
      {
        encoder: encoder.id,
        encoderLoadMs: Math.round(performance.now() - started),
        languageModel: bot.languageModel ? bot.languageModel.model : 'none',
      },
      'bot ready',
    );
    app.decorate('bot', service);
    app.decorate(
      'agentAssistant',
      bot.languageModel ? createAgentAssistant(bot.languageModel) : null,
    );
    // Registered after the database and the live plugin, so it closes before them.
    app.addHook('onClose', () => service.close());
  },
  { name: 'bot', dependencies: ['database', 'live'] },
);
