import { call, emailEndpoints, type ForwardConversationRequest } from 'shared-sdk';

// An e-mail conversation's actions (members of the workspace; the server checks again).

/** Sends a failed e-mail reply again now. */
export const retryEmailReply = (workspaceId: string, messageId: string) =>
  call(emailEndpoints.retry, { workspaceId, messageId });

/** Forwards the conversation's mail to an address, with a note above it. */
export const forwardConversation = (request: ForwardConversationRequest) =>
  call(emailEndpoints.forward, request);
