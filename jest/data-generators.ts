import type { z } from 'zod';
import {
  aiTrainingQnaSchema,
  aiTrainingQnaTopicSchema,
  authResponseSchema,
  billingChangeSchema,
  billingSchema,
  cannedResponseSchema,
  chatbotSchema,
  conversationNoteSchema,
  conversationSchema,
  customerSchema,
  emailSettingsSchema,
  messageSchema,
  newsArticleSchema,
  passwordPolicySchema,
  productSchema,
  statisticsSchema,
  ticketSchema,
  userSchema,
  workspaceSchema,
  workspaceUserSchema,
  type AiTrainingQna,
  type AiTrainingQnaTopic,
  type AuthResponse,
  type Billing,
  type BillingChange,
  type CannedResponse,
  type Chatbot,
  type Conversation,
  type ConversationNote,
  type Customer,
  type EmailSettings,
  type LiveDoc,
  type Message,
  type NewsArticle,
  type NewsArticleSummary,
  type PasswordPolicy,
  type Product,
  type Statistics,
  type Ticket,
  type User,
  type Workspace,
  type WorkspaceUser,
} from 'shared-sdk/schemas';

// One builder per entity (product-spec.md §3), each checked against the schema the API validates with, so
// a fixture cannot drift from what the API sends. The world: Ada Lovelace, admin of Fernhill
// Bikes; Grace Hopper, an agent there; Maya Patel, a customer who asks where her order is.
// Tests override only what they are about.

/** `value`, refused at once if the API's schema would refuse it. */
function valid<S extends z.ZodType>(schema: S, value: z.infer<S>): z.infer<S> {
  schema.parse(value);
  return value;
}

// Midday UTC: the same calendar day in every time zone the tests may run in.
const created = '2025-01-10T12:00:00.000Z';

export function buildUser(overrides: Partial<User> = {}): User {
  return valid(userSchema, {
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
  });
}

export function buildAuthResponse(overrides: Partial<AuthResponse> = {}): AuthResponse {
  return valid(authResponseSchema, {
    user: buildUser(),
    idToken: 'id-token-1',
    refreshToken: 'refresh-token-1',
    expiresIn: 3600,
    ...overrides,
  });
}

export function buildWorkspace(overrides: Partial<Workspace> = {}): Workspace {
  return valid(workspaceSchema, {
    id: 'ws_fernhill',
    ownedBy: 'usr_ada',
    name: 'Fernhill Bikes',
    url: 'https://fernhill.example',
    ticketForwardingEmail: null,
    backgroundColor: '#2450E6',
    currency: 'USD',
    createdAt: created,
    updatedAt: created,
    ...overrides,
  });
}

/** Fernhill Bikes' first chatbot, as a new workspace gets it. */
export function buildChatbot(overrides: Partial<Chatbot> = {}): Chatbot & LiveDoc {
  return valid(chatbotSchema, {
    id: 'bot_fernhill',
    name: 'Fernhill Bikes assistant',
    description: '',
    messageBackgroundColor: '#2450E6',
    idleTimeoutInMinutes: 30,
    photoUrl: null,
    greetingMessage: '',
    launcherPosition: 'right',
    launcherLabel: '',
    preChatForm: { name: 'off', email: 'off' },
    businessHours: { enabled: false, timeZone: 'UTC', intervals: [] },
    awayMessage: '',
    createdAt: created,
    updatedAt: created,
    ...overrides,
  });
}

/** Ada's membership of a workspace (Fernhill Bikes unless `workspaceId` names another). */
export function buildWorkspaceUser(overrides: Partial<WorkspaceUser> = {}): WorkspaceUser {
  const workspace =
    overrides.workspace ??
    buildWorkspace(overrides.workspaceId ? { id: overrides.workspaceId } : {});
  return valid(workspaceUserSchema, {
    id: workspace.id === 'ws_fernhill' ? 'wsu_ada' : `wsu_ada_${workspace.id}`,
    workspaceId: workspace.id,
    userId: 'usr_ada',
    role: 'admin',
    status: 'active',
    createdAt: created,
    updatedAt: created,
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@fernhill.example',
    photoUrl: null,
    ...overrides,
    workspace,
  });
}

/** Grace Hopper, an agent of Ada's workspace. */
export const buildColleague = (overrides: Partial<WorkspaceUser> = {}): WorkspaceUser =>
  buildWorkspaceUser({
    id: 'wsu_grace',
    userId: 'usr_grace',
    role: 'agent',
    firstName: 'Grace',
    lastName: 'Hopper',
    email: 'grace@fernhill.example',
    ...overrides,
  });

/** The workspace's people as GET /api/user/users lists them: Ada, Grace and Alan (disabled). */
export function buildMembers(): WorkspaceUser[] {
  return [
    buildWorkspaceUser(),
    buildColleague({ createdAt: '2025-02-03T12:00:00.000Z' }),
    buildWorkspaceUser({
      id: 'wsu_alan',
      userId: 'usr_alan',
      role: 'agent',
      status: 'disabled',
      firstName: 'Alan',
      lastName: 'Turing',
      email: 'alan@fernhill.example',
      createdAt: '2025-03-04T12:00:00.000Z',
    }),
  ];
}

export function buildPasswordPolicy(overrides: Partial<PasswordPolicy> = {}): PasswordPolicy {
  return valid(passwordPolicySchema, {
    minLength: 8,
    maxLength: 128,
    requireLowercase: true,
    requireUppercase: true,
    requireNumber: true,
    requireSymbol: false,
    ...overrides,
  });
}

export function buildCustomer(overrides: Partial<Customer> = {}): Customer & LiveDoc {
  return valid(customerSchema, {
    id: 'cus_maya',
    workspaceId: 'ws_fernhill',
    firstName: 'Maya',
    lastName: 'Patel',
    email: 'maya@example.com',
    orderId: 'ORD-1042',
    photoUrl: null,
    userId: null,
    createdAt: '2025-03-01T09:00:00.000Z',
    updatedAt: '2025-03-01T09:00:00.000Z',
    ...overrides,
  });
}

export function buildConversation(overrides: Partial<Conversation> = {}): Conversation & LiveDoc {
  const status = overrides.status ?? 'open';
  return valid(conversationSchema, {
    id: 'cnv_maya',
    workspaceId: 'ws_fernhill',
    chatbotId: 'bot_fernhill',
    customerId: 'cus_maya',
    subject: null,
    channel: 'widget',
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
      verified: false,
    },
    assigneeId: null,
    agentLastSeenAt: null,
    rating: null,
    createdAt: '2025-03-01T09:00:00.000Z',
    updatedAt: '2025-03-01T09:05:00.000Z',
    ...overrides,
  });
}

export function buildMessage(overrides: Partial<Message> = {}): Message & LiveDoc {
  return valid(messageSchema, {
    id: 'msg_1',
    conversationId: 'cnv_maya',
    role: 'user',
    senderId: 'cus_maya',
    content: 'Where is my order?',
    form: null,
    attachments: [],
    timestamp: '2025-03-01T09:05:00.000Z',
    ...overrides,
  });
}

export function buildCannedResponse(
  overrides: Partial<CannedResponse> = {},
): CannedResponse & LiveDoc {
  return valid(cannedResponseSchema, {
    id: 'cr_shipping',
    workspaceId: 'ws_fernhill',
    shortcut: 'shipping',
    content: 'Orders ship within two working days.',
    createdAt: '2025-03-01T09:00:00.000Z',
    updatedAt: '2025-03-01T09:00:00.000Z',
    ...overrides,
  });
}

export function buildConversationNote(
  overrides: Partial<ConversationNote> = {},
): ConversationNote & LiveDoc {
  return valid(conversationNoteSchema, {
    id: 'note_1',
    kind: 'note',
    workspaceId: 'ws_fernhill',
    conversationId: 'cnv_maya',
    authorId: 'usr_ada',
    content: 'Customer is a wholesale buyer.',
    timestamp: '2025-03-01T09:06:00.000Z',
    ...overrides,
  });
}

export function buildTicket(overrides: Partial<Ticket> = {}): Ticket & LiveDoc {
  return valid(ticketSchema, {
    id: 'tkt_001',
    workspaceId: 'ws_fernhill',
    type: 'internal',
    assigneeId: null,
    status: 'open',
    isFollowedUp: false,
    subject: 'Refund for order 1001',
    recipientInfo: { firstName: 'Marie', lastName: 'Curie', email: 'marie@example.com' },
    conversationId: null,
    createdAt: '2025-03-01T12:00:00.000Z',
    updatedAt: '2025-03-01T12:00:00.000Z',
    ...overrides,
  });
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

/** The workspace's statistics document (product-spec.md §3), counting `tickets`. */
export function buildStatistics(
  tickets: readonly Ticket[] = [],
  overrides: Partial<Statistics> = {},
): Statistics & LiveDoc {
  const count = (status: Ticket['status']) =>
    tickets.filter((ticket) => ticket.status === status).length;
  const statistics = valid(statisticsSchema, {
    workspaceId: 'ws_fernhill',
    tickets: { open: count('open'), closed: count('closed') },
    products: { all: 0, active: 0, disabled: 0, processing: 0 },
    conversations: { all: 0, resolved: 0, pending: 0, botAnswered: 0 },
    aiTrainingQnas: { count: 0 },
    ratings: { count: 0, sum: 0, average: null },
    ...overrides,
  });
  return { id: statistics.workspaceId, ...statistics };
}

export function buildQna(overrides: Partial<AiTrainingQna> = {}): AiTrainingQna & LiveDoc {
  return valid(aiTrainingQnaSchema, {
    id: 'qna_hours',
    workspaceId: 'ws_fernhill',
    topicIds: ['Shop'],
    question: 'When is the shop open?',
    answer: 'Monday to Saturday, 9 am to 6 pm.',
    createdAt: '2025-02-01T12:00:00.000Z',
    updatedAt: '2025-02-01T12:00:00.000Z',
    ...overrides,
  });
}

export function buildTopic(
  name: string,
  overrides: Partial<AiTrainingQnaTopic> = {},
): AiTrainingQnaTopic & LiveDoc {
  return valid(aiTrainingQnaTopicSchema, {
    id: name,
    workspaceId: 'ws_fernhill',
    createdAt: '2025-02-01T12:00:00.000Z',
    lastUsedAt: '2025-02-01T12:00:00.000Z',
    ...overrides,
  });
}

export function buildNewsArticle(overrides: Partial<NewsArticle> = {}): NewsArticle {
  return valid(newsArticleSchema, {
    slug: 'chat-takeover-now-shows-pending-first',
    title: 'Chat takeover now shows pending conversations first',
    summary: 'Conversations waiting for a human now sit at the top of the list.',
    publishedAt: '2025-03-04',
    author: 'Parley product team',
    html: '<p>Conversations that wait for an agent now come <strong>first</strong>.</p>',
    ...overrides,
  });
}

export function buildNewsSummary(overrides: Partial<NewsArticleSummary> = {}): NewsArticleSummary {
  const { slug, title, summary, publishedAt, author } = buildNewsArticle(overrides);
  return { slug, title, summary, publishedAt, author };
}

export function buildProduct(overrides: Partial<Product> = {}): Product & LiveDoc {
  return valid(productSchema, {
    id: 'product_lantern',
    workspaceId: 'ws_fernhill',
    sku: 'LANTERN-1',
    name: 'Trail lantern',
    description: 'A rechargeable lantern for the campsite.',
    status: 'active',
    price: 129.99,
    stock: 12,
    photoUrl: null,
    salesPitch: null,
    createdAt: '2025-02-01T12:00:00.000Z',
    updatedAt: '2025-02-01T12:00:00.000Z',
    ...overrides,
  });
}

/** A change in a workspace's billing history: Ada moved Fernhill Bikes from Free to Starter. */
export function buildBillingChange(overrides: Partial<BillingChange> = {}): BillingChange {
  return valid(billingChangeSchema, {
    id: 'bc_starter',
    fromPlan: 'free',
    fromPeriod: 'monthly',
    toPlan: 'starter',
    toPeriod: 'monthly',
    changedAt: created,
    changedBy: {
      userId: 'usr_ada',
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@fernhill.example',
    },
    provider: 'local',
    providerReference: 'local_Q2hhbmdlZFRvU3RhcnRl',
    ...overrides,
  });
}

/**
 * GET /api/user/billing of Fernhill Bikes: on Free since it was created, its two members, and a
 * March with 42 conversations (30 resolved by the bot), within every limit.
 */
export function buildBilling(overrides: Partial<Billing> = {}): Billing {
  return valid(billingSchema, {
    workspaceId: 'ws_fernhill',
    plan: 'free',
    period: 'monthly',
    since: created,
    seats: { used: 1, included: 1 },
    usage: {
      month: '2025-03',
      conversations: 42,
      botResolvedConversations: 30,
      qnaPairs: 12,
      products: 0,
      webPages: 8,
    },
    limits: { conversations: 100, qnaPairs: 50, products: 0, webPages: 25 },
    history: [],
    ...overrides,
  });
}

/** GET /api/user/email-settings of Fernhill Bikes: its inbox address, nothing set yet. */
export function buildEmailSettings(overrides: Partial<EmailSettings> = {}): EmailSettings {
  return valid(emailSettingsSchema, {
    workspaceId: 'ws_fernhill',
    inboxAddress: 'a1b2c3d4e5f6a7b8@localhost',
    inboxSecret: 'pmis_secret',
    senderName: null,
    senderAddress: null,
    signature: '',
    botAnswersFirst: false,
    ...overrides,
  });
}
