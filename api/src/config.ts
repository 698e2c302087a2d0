import path from 'node:path';
import { remoteNames } from 'shared-sdk';
import type { RemoteName } from 'shared-sdk';
import { defaultMinPasswordLength } from 'shared-sdk/schemas';
import type { PasswordPolicy } from 'shared-sdk';
import { z } from 'zod';
import { defaultCrawlLimits as crawlDefaults } from './crawler/crawl-limits';
import { parseAllowHosts } from './outbound/address-check';
import type { AllowedHost } from './outbound/outbound-types';

// The registry of settings: every environment variable the server reads is parsed here, once,
// with its default and its error, so the README's table and the code cannot drift apart file by
// file; each part of the server receives only its own section.

export const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof logLevels)[number];

/**
 * Embedded PGlite (in memory when `dataDir` is absent) or a PostgreSQL server. `template`: an
 * empty cluster dumped by PGlite (api/scripts/pglite-template.mjs) that a new database is loaded
 * from, if the file exists, instead of running initdb.
 */
export type DatabaseConfig = PgliteConfig | { kind: 'postgres'; url: string };
export interface PgliteConfig {
  kind: 'pglite';
  dataDir?: string;
  template?: string;
}

export interface AppConfig {
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  /** Folder holding shell, widget and every mfe-<name> folder, each with its built dist. */
  appsDir: string;
  database: DatabaseConfig;
  /** Remote name → URL of its mf-manifest.json, replacing the one this server hosts. */
  remoteManifestOverrides: Record<RemoteName, string>;
  logLevel: LogLevel;
  trustProxy: boolean;
  rateLimit: { perMinute: number; submissionsPerMinute: number };
  connections: ConnectionsConfig;
  auth: AuthConfig;
  sessionCookie: SessionCookieConfig;
  mail: MailConfig;
  inboundMail: InboundMailConfig;
  live: LiveConfig;
  storage: StorageConfig;
  widget: WidgetConfig;
  bot: BotConfig;
  outbound: OutboundConfig;
  crawl: CrawlConfig;
  jobs: JobsConfig;
  webhooks: WebhooksConfig;
  billing: BillingConfig;
  /** Firebase Authentication as the sign-in provider; null: Parley's own identity service. */
  firebase: FirebaseConfig | null;
}

/** FIREBASE_* (README "Signing in with Firebase"): the project whose ID tokens are accepted. */
export interface FirebaseConfig {
  projectId: string;
  /** The web API key: the browser SDK's, and the account look-ups that catch revoked users. */
  apiKey: string;
  /** host:port of the Auth emulator; set, its unsigned tokens are accepted (never in production). */
  authEmulatorHost: string | undefined;
  /** How long one account look-up (disabled, revoked) stands for a token, in seconds. */
  accountCheckSeconds: number;
}

/** Billing providers Parley can charge plan changes through. */
export const billingProviders = ['local'] as const;

/** Where a workspace's plan changes are charged (api/src/services/billing). */
export interface BillingConfig {
  /** 'local': recorded in Parley's own billing history, nothing charged (no payment service). */
  provider: (typeof billingProviders)[number];
}

/** Website discovery and reading (api/src/crawler): how much of a business's site, how gently. */
export interface CrawlConfig {
  maxPages: number;
  maxDepth: number;
  maxBytesPerPage: number;
  /** Requests in flight to one site at once. */
  concurrency: number;
  /** Pause between two requests of one worker. */
  delayMs: number;
}

/** Background jobs (api/src/jobs). */
export interface JobsConfig {
  /** A job whose instance stopped renewing its claim for this long is resumed elsewhere. */
  leaseSeconds: number;
  /** Jobs one instance runs at once. */
  concurrency: number;
}

/** Outgoing webhooks (api/src/jobs/webhook-delivery-jobs.ts). */
export interface WebhooksConfig {
  /** The unit of the retry waits (1, 3, 9, 20 and 30 of it); a minute, milliseconds in tests. */
  retryBaseMs: number;
}

export interface AuthConfig {
  /** Signs access tokens (HS256). Unset: generated once and kept in DATA_DIR/auth-secret. */
  secret: string | undefined;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  passwordResetCodeTtlSeconds: number;
  /** log2 of scrypt's N. Not an environment variable: only tests lower it, to run faster. */
  passwordHashCost: number;
  passwordPolicy: PasswordPolicy;
  rateLimit: {
    /** Per client address, each of sign-in, sign-up and password-reset requests. */
    perMinute: number;
    /** Failed sign-ins (and failed re-authentications) per e-mail address. */
    failedLogins: { max: number; windowSeconds: number };
    /** Password-reset requests per e-mail address. */
    passwordResets: { max: number; windowSeconds: number };
  };
}

export type SameSite = 'lax' | 'strict' | 'none';

/** The HttpOnly sign-in cookie of POST /api/session (product-spec.md §3: all of it from configuration). */
export interface SessionCookieConfig {
  name: string;
  maxAgeSeconds: number;
  domain: string | undefined;
  path: string;
  sameSite: SameSite;
  /** Set when PUBLIC_URL is https. */
  secure: boolean;
}

export interface MailConfig {
  /** smtp(s)://user:pass@host:port; unset, messages are written to DATA_DIR/outbox as .eml files. */
  smtpUrl: string | undefined;
  from: string;
}

/** Mail customers send to the workspaces' addresses (api/src/mail). */
export interface InboundMailConfig {
  /** The SMTP receiver's port (0: any free one, as tests use); null: no receiver. */
  smtpPort: number | null;
  /** Each workspace receives at <inbox-key>@<domain>. */
  domain: string;
  /** Refused above this, with an SMTP error that says so. */
  maxBytes: number;
  maxAttachments: number;
  /** The unit of the waits between tries of a reply that could not be sent. */
  sendRetryBaseMs: number;
}

/** Uploaded files (product-spec.md §7 "File uploads"); see routes/storage.ts. */
export interface StorageConfig {
  /** Where uploaded files are kept. Unset: DATA_DIR/storage. */
  dir: string | undefined;
  /** Generated image sizes (webp), rebuilt when missing. Unset: DATA_DIR/storage-cache. */
  cacheDir: string | undefined;
  /** Largest upload, in bytes. */
  maxUploadBytes: number;
  /** Largest image, in pixels (width × height), checked before it is decoded. */
  maxImagePixels: number;
}

/** Live queries (GET /api/live): how change events reach every api instance. */
export interface LiveConfig {
  /** redis(s)://…: events go through Redis pub/sub (several instances); unset: in process. */
  redisUrl: string | undefined;
  /** Prefix of the pub/sub channel; instances sharing one database must share it. */
  redisChannelPrefix: string;
  /** A WebSocket that has not signed in within this is closed (4401). */
  authTimeoutMs: number;
}

/** The bot's optional language model, which phrases answers from retrieved training only. */
export interface BotConfig {
  /** Unset: answers are sent as they are in the training. */
  languageModel:
    { url: string; model: string; apiKey: string | undefined; timeoutMs: number } | undefined;
}

/** Requests Parley makes to addresses admins type (web sites to train on, webhooks). */
export interface OutboundConfig {
  /** Hosts reached even when they resolve to private addresses (everything else is refused). */
  allowHosts: AllowedHost[];
}

/** What one client may hold of the server: slow or idle connections are not kept for long. */
export interface ConnectionsConfig {
  /** Open connections per client address (0: no cap). A shop behind one NAT address shares it. */
  maxPerAddress: number;
  /** A request's headers must arrive within this. */
  headersTimeoutMs: number;
  /** A whole request (headers and body) must arrive within this. */
  requestTimeoutMs: number;
  /** An idle keep-alive connection is closed after this. */
  keepAliveTimeoutMs: number;
}

/** The customer chat widget's public calls (/api/widget/*) and its conversations. */
export interface WidgetConfig {
  rateLimit: {
    /** Calls per visitor token (each widget session) per minute. */
    perVisitorPerMinute: number;
    /** Calls to one workspace's widget per minute, all its visitors together. */
    perWorkspacePerMinute: number;
    /** New visitor sessions per client address per minute. */
    sessionsPerMinute: number;
  };
  /** How often idle conversations are looked for and resolved (chatbot idleTimeoutInMinutes). */
  idleSweepIntervalSeconds: number;
}

/** `mfe-tickets` → `REMOTE_MFE_TICKETS_URL`. */
export function remoteUrlEnvName(name: RemoteName): string {
  return `REMOTE_${name.toUpperCase().replace(/-/g, '_')}_URL`;
}

const maxPasswordLength = 256;

const booleanFlag = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  MAX_CONNECTIONS_PER_ADDRESS: z.coerce.number().int().min(0).default(1000),
  HEADERS_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(10),
  REQUEST_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(300),
  KEEP_ALIVE_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(5),
  LIVE_AUTH_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(10),
  APPS_DIR: z.string().min(1).optional(),
  LOG_LEVEL: z.enum(logLevels).default('info'),
  // Behind a load balancer the client address comes from X-Forwarded-For; rate limits key on it.
  TRUST_PROXY: booleanFlag.default(false),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(300),
  SUBMISSION_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(5),
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).max(86_400).default(3600),
  REFRESH_TOKEN_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(300)
    .default(30 * 86_400),
  PASSWORD_RESET_CODE_TTL_SECONDS: z.coerce.number().int().min(60).default(3600),
  // product-spec.md §9: minimum password length 6; the rest of the policy is the operator's choice.
  PASSWORD_MIN_LENGTH: z.coerce
    .number()
    .int()
    .min(1)
    .max(maxPasswordLength)
    .default(defaultMinPasswordLength),
  PASSWORD_REQUIRE_LOWERCASE: booleanFlag.default(false),
  PASSWORD_REQUIRE_UPPERCASE: booleanFlag.default(false),
  PASSWORD_REQUIRE_NUMBER: booleanFlag.default(false),
  PASSWORD_REQUIRE_SYMBOL: booleanFlag.default(false),
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(20),
  AUTH_FAILED_LOGIN_LIMIT: z.coerce.number().int().positive().default(10),
  AUTH_FAILED_LOGIN_WINDOW_MINUTES: z.coerce.number().int().positive().default(15),
  PASSWORD_RESET_LIMIT: z.coerce.number().int().positive().default(5),
  PASSWORD_RESET_WINDOW_MINUTES: z.coerce.number().int().positive().default(60),
  SESSION_COOKIE_NAME: z
    .string()
    .regex(/^[A-Za-z0-9_-]+$/, 'letters, digits, _ and - only')
    .default('parley_session'),
  SESSION_COOKIE_MAX_AGE_SECONDS: z.coerce.number().int().positive().default(1_209_600),
  SESSION_COOKIE_DOMAIN: z.string().min(1).optional(),
  SESSION_COOKIE_PATH: z.string().startsWith('/').default('/'),
  SESSION_COOKIE_SAME_SITE: z.enum(['lax', 'strict', 'none']).default('lax'),
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  MAIL_FROM: z.string().min(3).optional(),
  // 0 turns the SMTP receiver off (mail then comes only by POST /api/inbound-mail/<inbox-key>).
  INBOUND_SMTP_PORT: z.coerce.number().int().min(0).max(65_535).default(2525),
  EMAIL_RETRY_BASE_MS: z.coerce.number().int().min(1).max(3_600_000).default(60_000),
  INBOUND_MAIL_DOMAIN: z
    .string()
    .regex(/^[A-Za-z0-9.-]+$/, 'a domain name (letters, digits, dots and dashes)')
    .default('localhost'),
  REDIS_URL: z.url({ protocol: /^rediss?$/ }).optional(),
  REDIS_CHANNEL_PREFIX: z.string().min(1).max(100).default('parley:'),
  STORAGE_DIR: z.string().min(1).optional(),
  STORAGE_CACHE_DIR: z.string().min(1).optional(),
  STORAGE_MAX_UPLOAD_MB: z.coerce.number().int().min(1).max(1024).default(10),
  STORAGE_MAX_IMAGE_MEGAPIXELS: z.coerce.number().int().min(1).max(268).default(40),
  WIDGET_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(60),
  WIDGET_WORKSPACE_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(1200),
  WIDGET_SESSION_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(20),
  IDLE_SWEEP_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  BOT_LLM_URL: z.url({ protocol: /^https?$/ }).optional(),
  BOT_LLM_MODEL: z.string().min(1).optional(),
  BOT_LLM_API_KEY: z.string().min(1).optional(),
  BOT_LLM_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(8000),
  CRAWL_MAX_PAGES: z.coerce.number().int().min(1).max(2000).default(crawlDefaults.maxPages),
  CRAWL_MAX_DEPTH: z.coerce.number().int().min(0).max(50).default(crawlDefaults.maxDepth),
  CRAWL_MAX_PAGE_MB: z.coerce
    .number()
    .min(0.1)
    .max(50)
    .default(crawlDefaults.maxBytesPerPage / (1024 * 1024)),
  CRAWL_CONCURRENCY: z.coerce.number().int().min(1).max(8).default(crawlDefaults.concurrency),
  CRAWL_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(crawlDefaults.delayMs),
  JOB_LEASE_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  JOB_CONCURRENCY: z.coerce.number().int().min(1).max(32).default(2),
  WEBHOOK_RETRY_BASE_MS: z.coerce.number().int().min(1).max(3_600_000).default(60_000),
  BILLING_PROVIDER: z.enum(billingProviders).default('local'),
  FIREBASE_PROJECT_ID: z
    .string()
    .regex(/^[a-z0-9-]{4,40}$/, 'a Firebase project id (lower-case letters, digits, dashes)')
    .optional(),
  FIREBASE_API_KEY: z.string().min(1).max(200).optional(),
  FIREBASE_AUTH_EMULATOR_HOST: z
    .string()
    .regex(/^[A-Za-z0-9.-]+:\d{1,5}$/, 'host:port of the Auth emulator')
    .optional(),
  FIREBASE_ACCOUNT_CHECK_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  // host or host:port, comma-separated: intranet sites and webhooks the SSRF guard lets through.
  OUTBOUND_ALLOW_HOSTS: z
    .string()
    .optional()
    .transform((value, context) => {
      try {
        return parseAllowHosts(value);
      } catch (error) {
        context.addIssue({
          code: 'custom',
          message: error instanceof Error ? error.message : String(error),
        });
        return z.NEVER;
      }
    }),
});

/** scrypt N = 2^15 (32 MiB with r = 8): memory-hard, about 0.1 s per hash on one core. */
export const defaultPasswordHashCost = 15;

const remoteUrlSchema = z.url({ protocol: /^https?$/ });

/** Reads and validates the environment; throws one error listing every bad variable. */
export function loadConfig(
  env: Record<string, string | undefined> = process.env,
  cwd: string = process.cwd(),
): AppConfig {
  // `PORT=` in a shell or .env file means "unset", not "empty string".
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const problems: string[] = [];

  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    for (const issue of parsed.error.issues)
      problems.push(`${issue.path.join('.')}: ${issue.message}`);
  }

  const remoteManifestOverrides: Record<RemoteName, string> = {};
  for (const name of remoteNames) {
    const variable = remoteUrlEnvName(name);
    const value = present[variable];
    if (value === undefined) continue;
    const url = remoteUrlSchema.safeParse(value);
    if (url.success) remoteManifestOverrides[name] = url.data;
    else problems.push(`${variable}: must be an http(s) URL of the remote's mf-manifest.json`);
  }

  if (
    parsed.success &&
    parsed.data.SESSION_COOKIE_SAME_SITE === 'none' &&
    !parsed.data.PUBLIC_URL?.startsWith('https:')
  ) {
    problems.push('SESSION_COOKIE_SAME_SITE: none needs an https PUBLIC_URL (browsers refuse it)');
  }

  if (parsed.success && parsed.data.BOT_LLM_URL && !parsed.data.BOT_LLM_MODEL) {
    problems.push('BOT_LLM_MODEL: required with BOT_LLM_URL (the model the endpoint runs)');
  }

  if (parsed.success && parsed.data.FIREBASE_PROJECT_ID && !parsed.data.FIREBASE_API_KEY) {
    problems.push('FIREBASE_API_KEY: required with FIREBASE_PROJECT_ID (the web API key)');
  }
  if (parsed.success && !parsed.data.FIREBASE_PROJECT_ID && parsed.data.FIREBASE_API_KEY) {
    problems.push('FIREBASE_PROJECT_ID: required with FIREBASE_API_KEY');
  }

  if (!parsed.success || problems.length > 0) {
    throw new Error(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }

  const vars = parsed.data;
  const dataDir = path.resolve(cwd, vars.DATA_DIR);
  // Links in e-mails are built as `${publicUrl}/login?…`.
  const publicUrl = (vars.PUBLIC_URL ?? `http://localhost:${vars.PORT}`).replace(/\/+$/, '');
  return {
    port: vars.PORT,
    host: vars.HOST,
    publicUrl,
    dataDir,
    // src/config.ts and dist/config.js both sit two levels below the repository root.
    appsDir: path.resolve(cwd, vars.APPS_DIR ?? path.resolve(__dirname, '../..')),
    database: vars.DATABASE_URL
      ? { kind: 'postgres', url: vars.DATABASE_URL }
      : {
          kind: 'pglite',
          dataDir: path.join(dataDir, 'pglite'),
          // Written by the api's build beside this file (dist/); absent under the tests.
          template: path.join(__dirname, 'pglite-template.tar'),
        },
    remoteManifestOverrides,
    logLevel: vars.LOG_LEVEL,
    trustProxy: vars.TRUST_PROXY,
    rateLimit: {
      perMinute: vars.RATE_LIMIT_PER_MINUTE,
      submissionsPerMinute: vars.SUBMISSION_RATE_LIMIT_PER_MINUTE,
    },
    connections: {
      maxPerAddress: vars.MAX_CONNECTIONS_PER_ADDRESS,
      headersTimeoutMs: vars.HEADERS_TIMEOUT_SECONDS * 1000,
      requestTimeoutMs: vars.REQUEST_TIMEOUT_SECONDS * 1000,
      keepAliveTimeoutMs: vars.KEEP_ALIVE_TIMEOUT_SECONDS * 1000,
    },
    auth: {
      secret: vars.AUTH_SECRET,
      accessTokenTtlSeconds: vars.ACCESS_TOKEN_TTL_SECONDS,
      refreshTokenTtlSeconds: vars.REFRESH_TOKEN_TTL_SECONDS,
      passwordResetCodeTtlSeconds: vars.PASSWORD_RESET_CODE_TTL_SECONDS,
      passwordHashCost: defaultPasswordHashCost,
      passwordPolicy: {
        minLength: vars.PASSWORD_MIN_LENGTH,
        maxLength: maxPasswordLength,
        requireLowercase: vars.PASSWORD_REQUIRE_LOWERCASE,
        requireUppercase: vars.PASSWORD_REQUIRE_UPPERCASE,
        requireNumber: vars.PASSWORD_REQUIRE_NUMBER,
        requireSymbol: vars.PASSWORD_REQUIRE_SYMBOL,
      },
      rateLimit: {
        perMinute: vars.AUTH_RATE_LIMIT_PER_MINUTE,
        failedLogins: {
          max: vars.AUTH_FAILED_LOGIN_LIMIT,
          windowSeconds: vars.AUTH_FAILED_LOGIN_WINDOW_MINUTES * 60,
        },
        passwordResets: {
          max: vars.PASSWORD_RESET_LIMIT,
          windowSeconds: vars.PASSWORD_RESET_WINDOW_MINUTES * 60,
        },
      },
    },
    sessionCookie: {
      name: vars.SESSION_COOKIE_NAME,
      maxAgeSeconds: vars.SESSION_COOKIE_MAX_AGE_SECONDS,
      domain: vars.SESSION_COOKIE_DOMAIN,
      path: vars.SESSION_COOKIE_PATH,
      sameSite: vars.SESSION_COOKIE_SAME_SITE,
      secure: publicUrl.startsWith('https:'),
    },
    mail: {
      smtpUrl: vars.SMTP_URL,
      from: vars.MAIL_FROM ?? `Parley <no-reply@${new URL(publicUrl).hostname}>`,
    },
    inboundMail: {
      smtpPort: vars.INBOUND_SMTP_PORT === 0 ? null : vars.INBOUND_SMTP_PORT,
      domain: vars.INBOUND_MAIL_DOMAIN.toLowerCase(),
      maxBytes: 25 * 1024 * 1024,
      maxAttachments: 20,
      sendRetryBaseMs: vars.EMAIL_RETRY_BASE_MS,
    },
    live: {
      redisUrl: vars.REDIS_URL,
      redisChannelPrefix: vars.REDIS_CHANNEL_PREFIX,
      authTimeoutMs: vars.LIVE_AUTH_TIMEOUT_SECONDS * 1000,
    },
    storage: {
      dir: vars.STORAGE_DIR && path.resolve(cwd, vars.STORAGE_DIR),
      cacheDir: vars.STORAGE_CACHE_DIR && path.resolve(cwd, vars.STORAGE_CACHE_DIR),
      maxUploadBytes: vars.STORAGE_MAX_UPLOAD_MB * 1024 * 1024,
      maxImagePixels: vars.STORAGE_MAX_IMAGE_MEGAPIXELS * 1_000_000,
    },
    widget: {
      rateLimit: {
        perVisitorPerMinute: vars.WIDGET_RATE_LIMIT_PER_MINUTE,
        perWorkspacePerMinute: vars.WIDGET_WORKSPACE_RATE_LIMIT_PER_MINUTE,
        sessionsPerMinute: vars.WIDGET_SESSION_RATE_LIMIT_PER_MINUTE,
      },
      idleSweepIntervalSeconds: vars.IDLE_SWEEP_INTERVAL_SECONDS,
    },
    bot: {
      languageModel:
        vars.BOT_LLM_URL && vars.BOT_LLM_MODEL
          ? {
              url: vars.BOT_LLM_URL,
              model: vars.BOT_LLM_MODEL,
              apiKey: vars.BOT_LLM_API_KEY,
              timeoutMs: vars.BOT_LLM_TIMEOUT_MS,
            }
          : undefined,
    },
    outbound: { allowHosts: vars.OUTBOUND_ALLOW_HOSTS },
    crawl: {
      maxPages: vars.CRAWL_MAX_PAGES,
      maxDepth: vars.CRAWL_MAX_DEPTH,
      maxBytesPerPage: Math.round(vars.CRAWL_MAX_PAGE_MB * 1024 * 1024),
      concurrency: vars.CRAWL_CONCURRENCY,
      delayMs: vars.CRAWL_DELAY_MS,
    },
    jobs: { leaseSeconds: vars.JOB_LEASE_SECONDS, concurrency: vars.JOB_CONCURRENCY },
    webhooks: { retryBaseMs: vars.WEBHOOK_RETRY_BASE_MS },
    billing: { provider: vars.BILLING_PROVIDER },
    firebase:
      vars.FIREBASE_PROJECT_ID && vars.FIREBASE_API_KEY
        ? {
            projectId: vars.FIREBASE_PROJECT_ID,
            apiKey: vars.FIREBASE_API_KEY,
            authEmulatorHost: vars.FIREBASE_AUTH_EMULATOR_HOST,
            accountCheckSeconds: vars.FIREBASE_ACCOUNT_CHECK_SECONDS,
          }
        : null,
  };
}
