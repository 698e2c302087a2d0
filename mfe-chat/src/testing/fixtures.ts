import type { WorkspaceUser } from 'shared-sdk';
import type { Conversation, Customer, Message, Ticket } from 'shared-sdk/schemas';
import { buildColleague, buildWorkspaceUser } from '@testing/workspace-fixtures';

// Builders for what only these pages show (spec §3); the user and workspace come from
// @testing/workspace-fixtures. Tests override only what they are about.

/** Ada (admin, the signed-in user) and Grace (admin). */
export function buildMembers(): WorkspaceUser[] {
  return [buildWorkspaceUser(), buildColleague({ role: 'admin' })];
}

export function buildCustomer(overrides: Partial<Customer> = {}): Customer {
  return {
    id: 'cus_maya',
    workspaceId: 'ws_fernhill',
    firstName: 'Maya',
    lastName: 'Patel',
    email: 'maya@example.com',
    orderId: 'ORD-1042',
    photoUrl: null,
    createdAt: '2025-03-01T09:00:00.000Z',
    updatedAt: '2025-03-01T09:00:00.000Z',
    ...overrides,
  };
}

export function buildConversation(overrides: Partial<Conversation> = {}): Conversation {
  const status = overrides.status ?? 'open';
  return {
    id: 'cnv_maya',
    workspaceId: 'ws_fernhill',
    chatbotId: 'bot_fernhill',
    customerId: 'cus_maya',
    subject: null,
    status,
    isPending: status === 'pending',
    statusHistory: [
      { status: 'open', changedAt: '2025-03-01T09:00:00.000Z', changedBy: null, reason: 'created' },
    ],
    agentIds: [],
    lastMessage: {
      role: 'user',
      content: 'Where is my order?',
      timestamp: '2025-03-01T09:05:00.000Z',
    },
    messagesCount: 2,
    messagesSeenCount: {},
    customer: {
      firstName: 'Maya',
      lastName: 'Patel',
      email: 'maya@example.com',
      orderId: 'ORD-1042',
    },
    createdAt: '2025-03-01T09:00:00.000Z',
    updatedAt: '2025-03-01T09:05:00.000Z',
    ...overrides,
  };
}

export function buildMessage(overrides: Partial<Message> = {}): Message {
  return {
    id: 'msg_1',
    conversationId: 'cnv_maya',
    role: 'user',
    senderId: 'cus_maya',
    content: 'Where is my order?',
    form: null,
    attachments: [],
    timestamp: '2025-03-01T09:05:00.000Z',
    ...overrides,
  };
}

export function buildTicket(overrides: Partial<Ticket> = {}): Ticket {
  return {
    id: 'tkt_1',
    workspaceId: 'ws_fernhill',
    type: 'external',
    assigneeId: 'usr_grace',
    status: 'open',
    isFollowedUp: false,
    subject: null,
    recipientInfo: null,
    conversationId: 'cnv_maya',
    createdAt: '2025-03-01T10:00:00.000Z',
    updatedAt: '2025-03-01T10:00:00.000Z',
    ...overrides,
  };
}
