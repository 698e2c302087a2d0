import { call, emailEndpoints } from 'shared-sdk';

// An e-mail conversation's actions (members of the workspace; the server checks again).

/** Sends a failed e-mail reply again now. */
export const retryEmailReply = (workspaceId: string, messageId: string) =>
  call(emailEndpoints.retry, { workspaceId, messageId });
