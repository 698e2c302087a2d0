// Tests only: one builder per entity the window shows.
import type { Conversation, Message, WidgetChatbot, WidgetSession } from 'shared-sdk/schemas';

export const workspaceId = 'ws-acme';

export const chatbot = (overrides: Partial<WidgetChatbot> = {}): WidgetChatbot => ({
  id: 'bot-1',
  name: 'Acme assistant',
  photoUrl: null,
  messageBackgroundColor: '#2450E6',
  ...overrides,
});

export const conversation = (overrides: Partial<Conversation> = {}): Conversation => ({
  id: 'conv-1',
  workspaceId,
  chatbotId: 'bot-1',
  customerId: 'cust-1',
  subject: null,
  status: 'open',
  isPending: false,
  statusHistory: [],
  agentIds: [],
  lastMessage: null,
  messagesCount: 0,
  messagesSeenCount: {},
  customer: { firstName: '', lastName: '', email: null, orderId: null },
  createdAt: '2025-05-01T10:00:00.000Z',
  updatedAt: '2025-05-01T10:00:00.000Z',
  ...overrides,
});

let sequence = 0;
export const message = (overrides: Partial<Message> = {}): Message => {
  sequence += 1;
  return {
    id: `msg-${sequence}`,
    conversationId: 'conv-1',
    role: 'user',
    senderId: 'cust-1',
    content: `Message ${sequence}`,
    form: null,
    attachments: [],
    timestamp: new Date(Date.UTC(2025, 4, 1, 10, 0, sequence)).toISOString(),
    ...overrides,
  };
};

export const session = (overrides: Partial<WidgetSession> = {}): WidgetSession => ({
  visitorToken: 'pv_new',
  customerId: 'cust-1',
  chatbot: chatbot(),
  conversation: null,
  ...overrides,
});
