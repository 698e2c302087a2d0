// The bot's front door: what the rest of the API uses of it. bot/README.md follows a customer's
// question from here to the stored reply.
export { createBotService } from './bot-service';
export type {
  BotReply,
  BotService,
  BotSource,
  CopilotCandidate,
  HandoffReason,
} from './bot-service';
export { awayHandoffMessages, handoffMessages } from './deciding/bot-reply';
export { createOpenAiCompatibleModel } from './replying/language-model';
export { sharedSentenceEncoder } from './understanding/sentence-encoder';
export { createTrainingVectors, trainingEmbeddingsJobKind } from './understanding/training-vectors';
export { asksSomething } from './deciding/copilot-suggestions';
export { AssistantError, createAgentAssistant } from './replying/agent-assistant';
export type { AgentAssistant, RewriteStyle } from './replying/agent-assistant';
