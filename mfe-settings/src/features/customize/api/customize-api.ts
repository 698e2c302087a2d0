import { call, workspaceEndpoints, type UpdateChatbotRequest } from 'shared-sdk';

// product-spec.md §7 PATCH /api/user/chatbots; the server checks that the caller is an admin.
export const updateChatbot = (request: UpdateChatbotRequest) =>
  call(workspaceEndpoints.updateChatbot, request);
