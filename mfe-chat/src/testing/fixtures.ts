import type { AuthResponse, User, WorkspaceUser } from 'shared-sdk';
import type { Conversation, Customer, Message, Ticket } from 'shared-sdk/schemas';

// One builder per entity (spec §3); tests override only what they are about.

export function buildUser(overrides: Partial<User> = {}): User {
  return {
    id: 'usr_ada',
    email: 'ada@fernhill.example',
    providerId: 'password',
    photoUrl: null,
    firstName: 'Ada',
    lastName: 'Lovelace',
    website: 'https://fernhill.example',
    countryCode: 'GB',
    phoneNumber: '+44 20 7946 0000',
    preferredLanguage: 'en-US',
    ...overrides,
  };
}

export function buildAuthResponse(overrides: Partial<AuthResponse> = {}): AuthResponse {
  return {
    user: buildUser(),
    idToken: 'id-token-1',
    refreshToken: 'refresh-token-1',
    expiresIn: 3600,
    ...overrides,
  };
}

export function buildWorkspaceUser(overrides: Partial<WorkspaceUser> = {}): WorkspaceUser {
  return {
    id: 'wsu_ada',
    workspaceId: 'ws_fernhill',
    userId: 'usr_ada',
    role: 'admin',
    status: 'active',
    createdAt: '2025-01-10T12:00:00.000Z',
    updatedAt: '2025-01-10T12:00:00.000Z',
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@fernhill.example',
    photoUrl: null,
    workspace: {
      id: 'ws_fernhill',
      ownedBy: 'usr_ada',
      name: 'Fernhill Bikes',
      url: 'https://fernhill.example',
      ticketForwardingEmail: null,
      backgroundColor: '#2450E6',
      createdAt: '2025-01-10T12:00:00.000Z',
      updatedAt: '2025-01-10T12:00:00.000Z',
    },
    ...overrides,
  };
}

/** Ada (admin, the signed-in user) and Grace (admin). */
export function buildMembers(): WorkspaceUser[] {
  return [
    buildWorkspaceUser(),
    buildWorkspaceUser({
      id: 'wsu_grace',
      userId: 'usr_grace',
      firstName: 'Grace',
      lastName: 'Hopper',
      email: 'grace@fernhill.example',
    }),
  ];
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
