import { endpoint } from '../endpoint';

// The customer widget's calls, authorized by the visitor token.
export const widgetEndpoints = {
  /** 201 for a new visitor, 200 when the token resumes one. */
  session: endpoint({
    method: 'POST',
    path: '/api/widget/sessions',
    body: 'widgetSessionRequestSchema',
    response: 'widgetSessionSchema',
  }),
  /** `Parley.logout()`: the visitor token ends; the browser's next visitor starts anew. */
  logout: endpoint({
    method: 'POST',
    path: '/api/widget/logout',
  }),
  conversation: endpoint({
    method: 'GET',
    path: '/api/widget/messages',
    response: 'widgetConversationSchema',
  }),
  sendMessage: endpoint({
    method: 'POST',
    path: '/api/widget/messages',
    body: 'widgetMessageRequestSchema',
    response: 'messageSchema',
    status: 201,
  }),
  preChat: endpoint({
    method: 'POST',
    path: '/api/widget/pre-chat',
    body: 'widgetPreChatRequestSchema',
    response: 'widgetVisitorSchema',
  }),
  launcher: endpoint({
    method: 'GET',
    path: '/api/widget/launcher',
    query: 'widgetLauncherQuerySchema',
    response: 'widgetLauncherSchema',
  }),
  handoff: endpoint({
    method: 'POST',
    path: '/api/widget/handoff',
    response: 'conversationSchema',
  }),
  /** The customer's choice among a bot message's "Did you mean…" suggestions. */
  suggestion: endpoint({
    method: 'POST',
    path: '/api/widget/suggestion',
    body: 'widgetSuggestionRequestSchema',
    response: 'widgetSuggestionResponseSchema',
  }),
  /** Rates the visitor's latest resolved conversation, once. */
  rate: endpoint({
    method: 'POST',
    path: '/api/widget/rating',
    body: 'widgetRatingRequestSchema',
    response: 'conversationSchema',
  }),
};

/** Where the widget was seen (the Integrations screen's install panel): admins of the workspace. */
export const widgetInstallEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/user/widget-installs',
    query: 'workspaceIdQuerySchema',
    response: 'widgetInstallsSchema',
  }),
};
