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
};
