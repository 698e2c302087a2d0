import { call, emailEndpoints, type UpdateEmailSettingsRequest } from 'shared-sdk';

// Settings › E-mail; the server checks the caller is an admin.

export const updateEmailSettings = (request: UpdateEmailSettingsRequest) =>
  call(emailEndpoints.updateSettings, request);

export const sendTestMail = (workspaceId: string) => call(emailEndpoints.sendTest, { workspaceId });
