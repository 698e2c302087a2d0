import type { LiveDoc, WorkspaceUser } from 'shared-sdk';
import type { Conversation, Message, Ticket } from 'shared-sdk/schemas';
import { buildColleague, buildWorkspaceUser } from '@testing/workspace-fixtures';

// Builders for what only these pages show (spec §3); the user and workspace come from
// @testing/workspace-fixtures. Tests override only what they are about.

export const workspaceId = 'ws_fernhill';

export function buildTicket(overrides: Partial<Ticket> = {}): Ticket & LiveDoc {
  return {
    id: 'tkt_001',
    workspaceId,
    type: 'internal',
    assigneeId: null,
    status: 'open',
    isFollowedUp: false,
    subject: 'Refund for order 1001',
    recipientInfo: { firstName: 'Marie', lastName: 'Curie', email: 'marie@example.com' },
    conversationId: null,
    // Midday UTC: the same calendar day in every time zone the tests may run in.
    createdAt: '2025-03-01T12:00:00.000Z',
    updatedAt: '2025-03-01T12:00:00.000Z',
    ...overrides,
  };
}

/** `count` internal tickets, numbered from 1, each a minute newer than the one before. */
export function buildTickets(count: number, overrides: Partial<Ticket> = {}) {
  return Array.from({ length: count }, (_, index) => {
    const number = String(index + 1).padStart(3, '0');
    const createdAt = new Date(Date.UTC(2025, 2, 1, 12, index)).toISOString();
    return buildTicket({
      id: `tkt_${number}`,
      subject: `Ticket subject ${number}`,
      createdAt,
      updatedAt: createdAt,
      ...overrides,
    });
  });
}

/** The workspace's statistics document, counting `tickets` (spec §3). */
export function buildStatistics(tickets: readonly Ticket[]): LiveDoc {
  const count = (status: Ticket['status']) =>
    tickets.filter((ticket) => ticket.status === status).length;
  return {
    id: workspaceId,
    workspaceId,
    tickets: { open: count('open'), closed: count('closed') },
    products: { all: 0, active: 0, disabled: 0, processing: 0 },
    conversations: { all: 0, resolved: 0, pending: 0 },
    aiTrainingQnas: { count: 0 },
  };
}

export function buildConversation(overrides: Partial<Conversation> = {}): Conversation & LiveDoc {
  return {
    id: 'cnv_042',
    workspaceId,
    chatbotId: 'bot_1',
    customerId: 'cus_1',
    subject: null,
    status: 'pending',
    isPending: true,
    statusHistory: [],
    agentIds: [],
    lastMessage: null,
    messagesCount: 2,
    messagesSeenCount: {},
    customer: { firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.com', orderId: null },
    createdAt: '2025-03-01T11:00:00.000Z',
    updatedAt: '2025-03-01T11:30:00.000Z',
    ...overrides,
  };
}

export function buildMessage(overrides: Partial<Message> = {}): Message & LiveDoc {
  return {
    id: 'msg_1',
    conversationId: 'cnv_042',
    role: 'user',
    senderId: 'cus_1',
    content: 'My order never arrived.',
    form: null,
    attachments: [],
    timestamp: '2025-03-01T11:00:00.000Z',
    ...overrides,
  };
}

/** Ada (admin, the signed-in user) and Grace (agent). */
export function buildMembers(): WorkspaceUser[] {
  return [buildWorkspaceUser(), buildColleague()];
}
