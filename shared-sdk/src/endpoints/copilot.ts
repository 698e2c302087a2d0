import { endpoint } from '../endpoint';

// The agent's copilot in chat takeover.
export const copilotEndpoints = {
  /** The training that answers the customer's latest question, best first (at most three). */
  suggestions: endpoint({
    method: 'GET',
    path: '/api/user/copilot-suggestions',
    query: 'copilotSuggestionsQuerySchema',
    response: 'copilotSuggestionsSchema',
  }),
  /** With a language model: a reply drafted from the conversation and its retrieved training. */
  draft: endpoint({
    method: 'POST',
    path: '/api/user/copilot-draft',
    body: 'copilotConversationRequestSchema',
    response: 'copilotDraftSchema',
  }),
  /** With a language model: the conversation summarized, stored as a private note. */
  summarize: endpoint({
    method: 'POST',
    path: '/api/user/copilot-summary',
    body: 'copilotConversationRequestSchema',
    response: 'conversationNoteSchema',
    status: 201,
  }),
  /** With a language model: the agent's own text, shorter or friendlier. */
  rewrite: endpoint({
    method: 'POST',
    path: '/api/user/copilot-rewrite',
    body: 'copilotRewriteRequestSchema',
    response: 'copilotRewriteSchema',
  }),
};
