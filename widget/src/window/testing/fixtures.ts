// Tests only: the window's scenario (a new visitor of Acme with no conversation yet), built on
// the shared entity builders.
import type {
  Conversation,
  Message,
  WidgetChatbot,
  WidgetSession,
  WidgetVisitor,
} from 'shared-sdk/schemas';
import { widgetChatbotSchema } from 'shared-sdk/schemas';
import { buildChatbot, buildConversation, buildMessage } from '@testing/data-generators';

export const workspaceId = 'ws-acme';

/** The window's share of the chatbot, as the session sends it (the schema drops the rest). */
export const chatbot = (overrides: Partial<WidgetChatbot> = {}): WidgetChatbot =>
  widgetChatbotSchema.parse({
    ...buildChatbot({ id: 'bot-1', name: 'Acme assistant' }),
    headerColor: '#2450E6',
    ...overrides,
  });

export const visitor = (overrides: Partial<WidgetVisitor> = {}): WidgetVisitor => ({
  verified: false,
  firstName: '',
  lastName: '',
  email: null,
  preChatAnswered: false,
  ...overrides,
});

export const conversation = (overrides: Partial<Conversation> = {}): Conversation =>
  buildConversation({
    id: 'conv-1',
    workspaceId,
    chatbotId: 'bot-1',
    customerId: 'cust-1',
    statusHistory: [],
    lastMessage: null,
    messagesCount: 0,
    customer: { firstName: '', lastName: '', email: null, orderId: null, verified: false },
    createdAt: '2025-05-01T10:00:00.000Z',
    updatedAt: '2025-05-01T10:00:00.000Z',
    ...overrides,
  });

let sequence = 0;
/** The next message of the conversation, a second after the one before. */
export const message = (overrides: Partial<Message> = {}): Message => {
  sequence += 1;
  return buildMessage({
    id: `msg-${sequence}`,
    conversationId: 'conv-1',
    senderId: 'cust-1',
    content: `Message ${sequence}`,
    timestamp: new Date(Date.UTC(2025, 4, 1, 10, 0, sequence)).toISOString(),
    ...overrides,
  });
};

export const session = (overrides: Partial<WidgetSession> = {}): WidgetSession => ({
  visitorToken: 'pv_new',
  customerId: 'cust-1',
  chatbot: chatbot(),
  visitor: visitor(),
  conversation: null,
  identity: null,
  ...overrides,
});
