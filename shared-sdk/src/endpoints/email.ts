import { endpoint } from '../endpoint';

// Settings › E-mail (admins) and the e-mail conversation's actions (agents).
export const emailEndpoints = {
  /** The workspace's inbox address (made on the first visit) and its settings. */
  getSettings: endpoint({
    method: 'GET',
    path: '/api/user/email-settings',
    query: 'workspaceIdQuerySchema',
    response: 'emailSettingsSchema',
  }),
  updateSettings: endpoint({
    method: 'PATCH',
    path: '/api/user/email-settings',
    body: 'updateEmailSettingsRequestSchema',
    response: 'emailSettingsSchema',
  }),
  /** Sends a mail to the inbox address through the receiver; answers whether it arrived. */
  sendTest: endpoint({
    method: 'POST',
    path: '/api/user/email-test',
    body: 'emailTestRequestSchema',
    response: 'emailTestResponseSchema',
  }),
  /** Sends a failed e-mail reply again. */
  retry: endpoint({
    method: 'POST',
    path: '/api/user/email-retry',
    body: 'retryEmailRequestSchema',
    response: 'messageSchema',
  }),
  /** Forwards the conversation's mail to an address, with a note; answers once it is sent. */
  forward: endpoint({
    method: 'POST',
    path: '/api/user/email-forward',
    body: 'forwardConversationRequestSchema',
  }),
};
