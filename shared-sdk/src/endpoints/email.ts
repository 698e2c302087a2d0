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
};
