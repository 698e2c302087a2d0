import { endpoint } from '../endpoint';

// product-spec.md §7 chat takeover calls.
export const conversationEndpoints = {
  sendMessage: endpoint({
    method: 'POST',
    path: '/api/user/messages',
    body: 'sendMessageRequestSchema',
    response: 'messageSchema',
    status: 201,
  }),
  takeOver: endpoint({
    method: 'POST',
    path: '/api/user/take-over-conversation',
    body: 'conversationRequestSchema',
    response: 'conversationSchema',
  }),
  seenMessage: endpoint({
    method: 'POST',
    path: '/api/user/seen-message',
    body: 'seenMessageRequestSchema',
    response: 'conversationSchema',
  }),
  resolve: endpoint({
    method: 'POST',
    path: '/api/user/resolve-conversation',
    body: 'conversationRequestSchema',
    response: 'conversationSchema',
  }),
  /** Assigns the conversation to an active member, or unassigns it (assigneeId null). */
  assign: endpoint({
    method: 'POST',
    path: '/api/user/assign-conversation',
    body: 'assignConversationRequestSchema',
    response: 'conversationSchema',
  }),
  /** A private note: live in `conversation_notes`, never shown to the customer. */
  createNote: endpoint({
    method: 'POST',
    path: '/api/user/notes',
    body: 'createConversationNoteRequestSchema',
    response: 'conversationNoteSchema',
    status: 201,
  }),
};
