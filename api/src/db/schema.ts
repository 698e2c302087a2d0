import type { ColumnType, Generated } from 'kysely';

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
  passwordHash: string;
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
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
}

/** Counters: inserted as zeros by their defaults, changed only by increments. */
type Counter = Generated<number>;

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
  updatedAt: UpdatedAt;
}

/** An uploaded file (migration 0004); the bytes are on disk under STORAGE_DIR at `path`. */
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
  createdAt: CreatedAt;
}

/** spec §3 ticket. Internal tickets carry subject and recipientInfo; external ones a conversation. */
export interface TicketsTable {
  id: string;
  workspaceId: string;
  type: 'internal' | 'external';
  assigneeId: string | null;
  status: 'open' | 'closed';
  isFollowedUp: Generated<boolean>;
  subject: string | null;
  /** jsonb: the shape is the client's (spec §3 does not show it). */
  recipientInfo: ColumnType<unknown, string | null, string | null>;
  conversationId: string | null;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
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
  tickets: TicketsTable;
  storedFiles: StoredFilesTable;
}
