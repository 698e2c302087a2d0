import type { ColumnType, Generated } from 'kysely';
import type { BillingPeriod, PlanId } from 'shared-sdk';
import type {
  BusinessHours,
  ConversationChannel,
  LauncherPosition,
  MessageEmail,
  PairSuggestion,
  PreChatForm,
  ProductCard,
  SourceLink,
  WebhookAttempt,
  WebhookDeliveryStatus,
  WebhookEventName,
} from 'shared-sdk/schemas';

// The registry of tables: the typed shape of every table and view, as the migrations leave them,
// in one interface Kysely checks each query against; split, the tables would still be one type.
// Column names are snake_case in SQL and camelCase here: the Kysely CamelCasePlugin maps them.

/** Set by the database default (`now()`), never by us; read back as a Date. */
type CreatedAt = ColumnType<Date, never, never>;

export interface ContactRequestsTable {
  id: Generated<string>;
  name: string;
  email: string;
  company: string | null;
  topic: string;
  message: string;
  createdAt: CreatedAt;
}

export interface DemoRequestsTable {
  id: Generated<string>;
  firstName: string;
  lastName: string;
  email: string;
  company: string;
  companySize: string;
  phone: string | null;
  message: string | null;
  createdAt: CreatedAt;
}

export interface SchemaMigrationsTable {
  version: number;
  name: string;
  checksum: string;
  appliedAt: CreatedAt;
}

/** Defaults to `now()` on insert; updates set it explicitly. */
type UpdatedAt = ColumnType<Date, Date | undefined, Date>;

export interface UsersTable {
  id: string;
  email: string;
  /** Null for Firebase users: Firebase keeps their password. */
  passwordHash: string | null;
  firebaseUid: string | null;
  providerId: Generated<string>;
  firstName: Generated<string>;
  lastName: Generated<string>;
  photoUrl: string | null;
  website: string | null;
  countryCode: string | null;
  phoneNumber: string | null;
  preferredLanguage: Generated<string>;
  disabled: Generated<boolean>;
  sessionsValidAfter: Date | null;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
}

export interface RefreshTokensTable {
  id: Generated<string>;
  userId: string;
  familyId: string;
  tokenHash: string;
  expiresAt: Date;
  revokedAt: Date | null;
  replacedBy: string | null;
  createdAt: CreatedAt;
}

export interface PasswordResetCodesTable {
  id: Generated<string>;
  userId: string;
  codeHash: string;
  expiresAt: Date;
  usedAt: Date | null;
  createdAt: CreatedAt;
}

export interface AuthAttemptsTable {
  kind: string;
  subject: string;
  windowStartedAt: Date;
  count: number;
}

export interface WorkspacesTable {
  id: string;
  ownedBy: string;
  name: string;
  url: string;
  ticketForwardingEmail: string | null;
  backgroundColor: Generated<string>;
  /** ISO 4217, 'USD' by default (migration 0007). */
  currency: Generated<string>;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
}

export interface WorkspaceUsersTable {
  id: string;
  workspaceId: string;
  userId: string;
  role: 'admin' | 'agent';
  status: 'active' | 'disabled';
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
}

export interface ChatbotsTable {
  id: string;
  workspaceId: string;
  name: string;
  description: string;
  messageBackgroundColor: string;
  idleTimeoutInMinutes: number;
  photoUrl: string | null;
  // Migration 0014: checked by shared-sdk's chatbot-experience schemas on the way in.
  greetingMessage: Generated<string>;
  launcherPosition: Generated<LauncherPosition>;
  launcherLabel: Generated<string>;
  preChatForm: ColumnType<PreChatForm, string | undefined, string>;
  businessHours: ColumnType<BusinessHours, string | undefined, string>;
  awayMessage: Generated<string>;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
}

/** Counters: inserted as zeros by their defaults, changed only by increments. */
type Counter = Generated<number>;

/** The `statistics` view (migration 0018): a workspace's shards summed, read only. */
export interface StatisticsTable {
  workspaceId: string;
  ticketsOpen: Counter;
  ticketsClosed: Counter;
  productsAll: Counter;
  productsActive: Counter;
  productsDisabled: Counter;
  productsProcessing: Counter;
  conversationsAll: Counter;
  conversationsResolved: Counter;
  conversationsPending: Counter;
  aiTrainingQnasCount: Counter;
  /** Migration 0015: the customers' ratings, their number and sum. */
  ratingsCount: Counter;
  ratingsSum: Counter;
  /** Migration 0017: conversations where the customer took an answer of the bot's training. */
  conversationsBotAnswered: Counter;
  updatedAt: UpdatedAt;
}

/** Where the counters are written: up to 16 rows a workspace (migration 0018). */
export interface StatisticsShardsTable extends StatisticsTable {
  shard: Generated<number>;
}

/**
 * An uploaded file (migration 0004); the bytes are on disk under STORAGE_DIR at `path`, or, for a
 * small file that came by mail, in `content` (migration 0031).
 */
export interface StoredFilesTable {
  path: string;
  kind: 'image' | 'attachment';
  ownerUserId: string | null;
  workspaceId: string | null;
  originalName: string;
  contentType: string;
  size: number;
  width: number | null;
  height: number | null;
  content: ColumnType<Uint8Array | null, Uint8Array | null | undefined, never>;
  createdAt: CreatedAt;
}

/** product-spec.md §3 ticket. Internal tickets carry subject and recipientInfo; external ones a conversation. */
export interface TicketsTable {
  id: string;
  workspaceId: string;
  type: 'internal' | 'external';
  assigneeId: string | null;
  status: 'open' | 'closed';
  isFollowedUp: Generated<boolean>;
  subject: string | null;
  /** jsonb: the shape is the client's (product-spec.md §3 does not show it). */
  recipientInfo: ColumnType<unknown, string | null, string | null>;
  conversationId: string | null;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
  /** When it was last closed; null while open (migration 0022, for the reports' backlog). */
  closedAt: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

/** product-spec.md §3 customer: a widget visitor (migration 0005). */
export interface CustomersTable {
  id: string;
  workspaceId: string;
  firstName: Generated<string>;
  lastName: Generated<string>;
  email: string | null;
  orderId: string | null;
  photoUrl: string | null;
  /** The chatbot whose widget the visitor last opened; new conversations go to it. */
  chatbotId: string | null;
  /** sha256 (hex) of the visitor token. */
  visitorTokenHash: string;
  /** When the visitor answered the chatbot's pre-chat form (migration 0014). */
  preChatAnsweredAt: Generated<Date | null>;
  /** Migration 0023: their last message (or arrival), kept by a trigger on conversations. */
  lastSeenAt: Generated<Date>;
  /** Migration 0023: set when the customer was erased; nothing personal is left. */
  erasedAt: Generated<Date | null>;
  /** The business's id of a verified customer (migration 0020); null: anonymous or a label. */
  userId: Generated<string | null>;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
}

/** Who erased which customer, and when (migration 0023). */
export interface CustomerErasuresTable {
  id: string;
  workspaceId: string;
  customerId: string;
  erasedBy: string;
  erasedAt: Date;
  messagesCount: number;
  filesCount: number;
}

/** A widget visitor token's digest and the customer it reaches (migration 0020). */
export interface VisitorTokensTable {
  tokenHash: string;
  customerId: string;
  createdAt: CreatedAt;
}

/** A workspace's identity secret for signed identify calls (migration 0020). */
export interface IdentityVerificationTable {
  workspaceId: string;
  secret: string;
  previousSecret: string | null;
  previousSecretExpiresAt: Date | null;
  required: Generated<boolean>;
  createdAt: CreatedAt;
  rotatedAt: Date | null;
}

/** jsonb column: read as the parsed value, written as a JSON string. */
type Json<T> = ColumnType<T, string, string>;

/** product-spec.md §3 conversation (migration 0005). */
export interface ConversationsTable {
  id: string;
  workspaceId: string;
  chatbotId: string;
  customerId: string;
  subject: string | null;
  status: 'open' | 'pending' | 'resolved';
  statusHistory: Json<
    {
      status: 'open' | 'pending' | 'resolved';
      changedAt: string;
      changedBy: string | null;
      reason:
        'created' | 'handoff' | 'not-confident' | 'takeover' | 'resolved' | 'idle' | 'reopened';
    }[]
  >;
  agentIds: Json<string[]>;
  lastMessage: ColumnType<
    { role: 'user' | 'agent' | 'bot'; content: string; timestamp: string } | null,
    string | null,
    string | null
  >;
  messagesCount: Generated<number>;
  messagesSeenCount: Json<Record<string, number>>;
  lastCustomerMessageAt: Date | null;
  /** Migration 0015: the member answering it. */
  assigneeId: ColumnType<string | null, string | null | undefined, string | null>;
  agentLastSeenAt: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** 1–5, with ratingComment and ratedAt, once the customer rated it. */
  rating: ColumnType<number | null, number | null | undefined, number | null>;
  ratingComment: ColumnType<string | null, string | null | undefined, string | null>;
  ratedAt: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** Migration 0017: when the customer first took an answer of the bot's training. */
  botAnsweredAt: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** Migration 0025: where it came in, the widget's chat or e-mail. */
  channel: Generated<ConversationChannel>;
  /**
   * Migration 0028: what the reports read, kept by triggers on every message and status write
   * (never written by the api).
   */
  firstCustomerAt: Generated<Date | null>;
  firstAgentAt: Generated<Date | null>;
  firstAgentId: Generated<string | null>;
  resolvedAt: Generated<Date | null>;
  handedOver: Generated<boolean>;
  didYouMean: Generated<boolean>;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
}

/** A workspace's inbound e-mail address and how its mail is answered (migration 0025). */
export interface EmailInboxesTable {
  workspaceId: string;
  inboxKey: string;
  secret: string;
  senderName: string | null;
  senderAddress: string | null;
  signature: Generated<string>;
  botAnswersFirst: Generated<boolean>;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
}

/** Every mail of a conversation by its Message-ID, received ('in') and sent (migration 0025). */
export interface EmailMessageIdsTable {
  workspaceId: string;
  rfcMessageId: string;
  messageId: string;
  conversationId: string;
  direction: 'in' | 'out';
  fromAddress: string;
  subjectKey: string;
  createdAt: ColumnType<Date, Date | undefined, never>;
}

/** A workspace's saved reply (migration 0015). */
export interface CannedResponsesTable {
  id: string;
  workspaceId: string;
  shortcut: string;
  content: string;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
}

/** A member's private note on a conversation (migration 0015). */
export interface ConversationNotesTable {
  id: string;
  conversationId: string;
  workspaceId: string;
  authorId: string;
  content: string;
  timestamp: ColumnType<Date, Date | undefined, never>;
}

/** product-spec.md §3 message (migration 0005). */
export interface MessagesTable {
  id: string;
  conversationId: string;
  workspaceId: string;
  role: 'user' | 'agent' | 'bot';
  senderId: string;
  content: string;
  form: ColumnType<Record<string, string> | null, string | null, string | null>;
  attachments: Json<
    { path: string; url: string; originalName: string; contentType: string; size: number }[]
  >;
  /**
   * clock_timestamp() by default; the repository sets it to at least 1 ms after the
   * conversation's last message, so messages stored within one millisecond keep their order.
   */
  timestamp: ColumnType<Date, Date | undefined, never>;
  /** The sender's own id for the message, when its client gave one (migration 0006). */
  clientId: ColumnType<string | null, string | null | undefined, never>;
  /** A bot answer about one product: the product's card (migration 0008). */
  productCard: ColumnType<ProductCard | null, string | null | undefined, never>;
  sourceLink: ColumnType<SourceLink | null, string | null | undefined, never>;
  /** Migration 0017: the pairs a bot message suggested, and the customer's choice. */
  suggestions: ColumnType<PairSuggestion[] | null, string | null | undefined, never>;
  suggestionChoice: ColumnType<string | null, string | null | undefined, string | null>;
  /** Migration 0023: the content's words for search, kept by the database. */
  searchVector: ColumnType<string, never, never>;
  /** Migration 0025: an e-mail message's sender, subject, HTML and delivery. */
  email: ColumnType<MessageEmail | null, string | null | undefined, string | null>;
}

/** A customer question the bot handed over (migration 0017). */
export interface UnansweredQuestionsTable {
  id: string;
  workspaceId: string;
  conversationId: string;
  messageId: string;
  question: string;
  askedAt: Date;
  dismissedAt: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

/** A customer's question and an agent's answer in a resolved conversation (migration 0027). */
export interface AnsweredQuestionsTable {
  id: string;
  workspaceId: string;
  conversationId: string;
  question: string;
  answer: string;
  answeredAt: Date;
  review: ColumnType<'accepted' | 'dismissed' | null, 'accepted' | 'dismissed' | null | undefined>;
  reviewedAt: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

/** A training text's vector from the bot's sentence encoder (migration 0019). */
export interface TrainingEmbeddingsTable {
  workspaceId: string;
  model: string;
  textHash: string;
  vector: Buffer;
  createdAt: ColumnType<Date, Date | undefined, never>;
}

/** product-spec.md §3 ai_training_qna (migration 0005). */
export interface AiTrainingQnasTable {
  id: string;
  workspaceId: string;
  topicIds: Json<string[]>;
  question: string;
  answer: string;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
}

/** product-spec.md §3 ai_training_qna_topic: the name is its id (migration 0005). */
export interface AiTrainingQnaTopicsTable {
  workspaceId: string;
  name: string;
  createdAt: CreatedAt;
  lastUsedAt: UpdatedAt;
}

/** product-spec.md §3 product (migration 0007); its key is (workspaceId, id). */
export interface ProductsTable {
  workspaceId: string;
  id: string;
  sku: string;
  name: string;
  description: string;
  status: 'active' | 'disabled' | 'processing';
  /** Minor units; bigint arrives as a string or a bigint depending on the driver. */
  priceMinor: ColumnType<string | number | bigint, number, number>;
  stock: number;
  photoUrl: string | null;
  salesPitch: string | null;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
}

export type JobStatus = 'queued' | 'running' | 'done' | 'failed' | 'cancelled';

/** Background work (migration 0009); see api/src/jobs/job-queue.ts. */
export interface JobsTable {
  id: string;
  workspaceId: string;
  kind: string;
  status: ColumnType<JobStatus, JobStatus | undefined, JobStatus>;
  payload: Json<Record<string, unknown>>;
  progress: ColumnType<Record<string, unknown>, string | undefined, string>;
  error: string | null;
  attempts: ColumnType<number, number | undefined, number>;
  runAfter: ColumnType<Date, Date | undefined, Date>;
  deadlineAt: Date | null;
  leaseOwner: string | null;
  leaseExpiresAt: Date | null;
  createdAt: CreatedAt;
  startedAt: Date | null;
  finishedAt: Date | null;
  updatedAt: UpdatedAt;
}

/** product-spec.md §3 ai_training_website (migration 0009). */
export interface AiTrainingWebsitesTable {
  workspaceId: string;
  id: string;
  baseUrl: string;
  links: Json<string[]>;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
}

export type WebpageState = 'pending' | 'indexed' | 'skipped' | 'failed';

/** One chosen link of a website and what was read from it (migration 0009). */
export interface AiTrainingWebpagesTable {
  workspaceId: string;
  websiteId: string;
  url: string;
  title: ColumnType<string, string | undefined, string>;
  state: ColumnType<WebpageState, WebpageState | undefined, WebpageState>;
  reason: string | null;
  passages: ColumnType<{ headings: string[]; text: string }[] | null, string | null, string | null>;
  contentHash: string | null;
  readAt: Date | null;
  changedAt: Date | null;
}

/** An outgoing webhook of a workspace (migration 0011). */
export interface WebhooksTable {
  id: string;
  workspaceId: string;
  url: string;
  events: Json<WebhookEventName[]>;
  secret: string;
  paused: ColumnType<boolean, boolean | undefined, boolean>;
  pausedReason: string | null;
  consecutiveFailures: ColumnType<number, number | undefined, number>;
  lastDeliveryStatus: 'delivered' | 'failed' | null;
  lastDeliveryAt: Date | null;
  lastResponseStatus: number | null;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
}

/** One event sent (or to send) to one webhook, and its tries (migration 0011). */
export interface WebhookDeliveriesTable {
  id: string;
  workspaceId: string;
  webhookId: string;
  event: string;
  body: string;
  status: ColumnType<
    WebhookDeliveryStatus,
    WebhookDeliveryStatus | undefined,
    WebhookDeliveryStatus
  >;
  attempts: ColumnType<WebhookAttempt[], string | undefined, string>;
  attemptCount: ColumnType<number, number | undefined, number>;
  nextAttemptAt: Date | null;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
}

/** A page origin a workspace's widget was seen on, and when last (migration 0013). */
export interface WidgetInstallsTable {
  workspaceId: string;
  origin: string;
  seenAt: Date;
}

/** A workspace's plan and billing period (migration 0012); plan ids are shared-sdk's. */
export interface WorkspacePlansTable {
  workspaceId: string;
  plan: ColumnType<PlanId, PlanId | undefined, PlanId>;
  period: ColumnType<BillingPeriod, BillingPeriod | undefined, BillingPeriod>;
  since: ColumnType<Date, Date | undefined, Date>;
  updatedAt: UpdatedAt;
}

/** One change of a workspace's plan or period: its billing history (migration 0012). */
export interface BillingChangesTable {
  id: string;
  seq: ColumnType<string | number | bigint, never, never>;
  workspaceId: string;
  fromPlan: PlanId;
  fromPeriod: BillingPeriod;
  toPlan: PlanId;
  toPeriod: BillingPeriod;
  changedBy: string | null;
  provider: string;
  providerReference: string;
  changedAt: ColumnType<Date, Date | undefined, never>;
}

/** A workspace's products import under way, one at a time (migration 0024). */
export interface ProductImportsTable {
  workspaceId: string;
  id: string;
  userId: string;
  startedAt: ColumnType<Date, Date | undefined, never>;
  leaseUntil: Date;
  undoing: ColumnType<boolean, boolean | undefined, boolean>;
}

/** A product as it was before a chunk of an import wrote it; null: the chunk added it (0024). */
export interface ProductImportUndoTable {
  importId: string;
  chunk: number;
  sku: string;
  product: ColumnType<Record<string, unknown> | null, string | null, never>;
}

export interface Database {
  contactRequests: ContactRequestsTable;
  demoRequests: DemoRequestsTable;
  schemaMigrations: SchemaMigrationsTable;
  users: UsersTable;
  refreshTokens: RefreshTokensTable;
  passwordResetCodes: PasswordResetCodesTable;
  authAttempts: AuthAttemptsTable;
  workspaces: WorkspacesTable;
  workspaceUsers: WorkspaceUsersTable;
  chatbots: ChatbotsTable;
  statistics: StatisticsTable;
  statisticsShards: StatisticsShardsTable;
  tickets: TicketsTable;
  storedFiles: StoredFilesTable;
  customers: CustomersTable;
  customerErasures: CustomerErasuresTable;
  visitorTokens: VisitorTokensTable;
  identityVerification: IdentityVerificationTable;
  conversations: ConversationsTable;
  emailInboxes: EmailInboxesTable;
  emailMessageIds: EmailMessageIdsTable;
  messages: MessagesTable;
  aiTrainingQnas: AiTrainingQnasTable;
  aiTrainingQnaTopics: AiTrainingQnaTopicsTable;
  products: ProductsTable;
  productImports: ProductImportsTable;
  productImportUndo: ProductImportUndoTable;
  jobs: JobsTable;
  aiTrainingWebsites: AiTrainingWebsitesTable;
  aiTrainingWebpages: AiTrainingWebpagesTable;
  webhooks: WebhooksTable;
  webhookDeliveries: WebhookDeliveriesTable;
  widgetInstalls: WidgetInstallsTable;
  workspacePlans: WorkspacePlansTable;
  billingChanges: BillingChangesTable;
  cannedResponses: CannedResponsesTable;
  conversationNotes: ConversationNotesTable;
  unansweredQuestions: UnansweredQuestionsTable;
  trainingEmbeddings: TrainingEmbeddingsTable;
  answeredQuestions: AnsweredQuestionsTable;
}
