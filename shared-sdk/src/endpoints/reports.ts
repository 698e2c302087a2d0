import { endpoint } from '../endpoint';

/** Reports (admins): a range's figures beside the previous period, and the conversations behind them. */
export const reportEndpoints = {
  report: endpoint({
    method: 'GET',
    path: '/api/user/reports',
    query: 'reportQuerySchema',
    response: 'reportSchema',
  }),
  conversations: endpoint({
    method: 'GET',
    path: '/api/user/report-conversations',
    query: 'reportConversationsQuerySchema',
    response: 'reportConversationsSchema',
  }),
};

/**
 * One row per conversation created in the range, as CSV (text/csv), streamed: the browser
 * downloads it with its token, not through `call()`, which reads JSON.
 */
export const reportConversationsCsvPath = '/api/user/report-conversations.csv';
