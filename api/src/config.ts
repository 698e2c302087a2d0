import path from 'node:path';
import { remoteNames } from 'shared-sdk';
import type { RemoteName } from 'shared-sdk';
import { z } from 'zod';

export const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof logLevels)[number];

/** Embedded PGlite (in memory when `dataDir` is absent) or a PostgreSQL server. */
export type DatabaseConfig =
  { kind: 'pglite'; dataDir?: string } | { kind: 'postgres'; url: string };

export interface AppConfig {
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  /** Folder holding shell, widget and every mfe-<name> folder, each with its built dist. */
  appsDir: string;
  database: DatabaseConfig;
  /** Remote name → URL of its mf-manifest.json, replacing the one this server hosts. */
  remoteManifestOverrides: Partial<Record<RemoteName, string>>;
  logLevel: LogLevel;
  trustProxy: boolean;
  rateLimit: { perMinute: number; submissionsPerMinute: number };
}

/** `mfe-tickets` → `REMOTE_MFE_TICKETS_URL`. */
export function remoteUrlEnvName(name: RemoteName): string {
  return `REMOTE_${name.toUpperCase().replace(/-/g, '_')}_URL`;
}

const booleanFlag = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  APPS_DIR: z.string().min(1).optional(),
  LOG_LEVEL: z.enum(logLevels).default('info'),
  // Behind a load balancer the client address comes from X-Forwarded-For; rate limits key on it.
  TRUST_PROXY: booleanFlag.default(false),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(300),
  SUBMISSION_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(5),
});

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

  const remoteManifestOverrides: Partial<Record<RemoteName, string>> = {};
  for (const name of remoteNames) {
    const variable = remoteUrlEnvName(name);
    const value = present[variable];
    if (value === undefined) continue;
    const url = remoteUrlSchema.safeParse(value);
    if (url.success) remoteManifestOverrides[name] = url.data;
    else problems.push(`${variable}: must be an http(s) URL of the remote's mf-manifest.json`);
  }

  if (!parsed.success || problems.length > 0) {
    throw new Error(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }

  const vars = parsed.data;
  const dataDir = path.resolve(cwd, vars.DATA_DIR);
  return {
    port: vars.PORT,
    host: vars.HOST,
    publicUrl: vars.PUBLIC_URL ?? `http://localhost:${vars.PORT}`,
    dataDir,
    // src/config.ts and dist/config.js both sit two levels below the repository root.
    appsDir: path.resolve(cwd, vars.APPS_DIR ?? path.resolve(__dirname, '../..')),
    database: vars.DATABASE_URL
      ? { kind: 'postgres', url: vars.DATABASE_URL }
      : { kind: 'pglite', dataDir: path.join(dataDir, 'pglite') },
    remoteManifestOverrides,
    logLevel: vars.LOG_LEVEL,
    trustProxy: vars.TRUST_PROXY,
    rateLimit: {
      perMinute: vars.RATE_LIMIT_PER_MINUTE,
      submissionsPerMinute: vars.SUBMISSION_RATE_LIMIT_PER_MINUTE,
    },
  };
}
