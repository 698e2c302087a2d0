import { botPreviewEndpoints, call, type BotPreviewRequest } from 'shared-sdk';

/**
 * "Try the bot": what the bot would answer a customer's question, worked out as for a real
 * conversation but stored nowhere (no conversation is created).
 */
export const askBot = (request: BotPreviewRequest) => call(botPreviewEndpoints.ask, request);
