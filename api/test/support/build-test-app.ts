import './esm-only-modules';
import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../src/app';
import type { App, BuildAppOptions } from '../../src/app';
import { loadConfig } from '../../src/config';
import type { AppConfig, DatabaseConfig, PgliteConfig } from '../../src/config';
import { emptyPgliteTemplate, pgliteTemplate } from './pglite-template';
import { createPostgresDatabase, testPostgresUrl } from './test-database';
import { testDatabaseThread } from './test-databases';

/** PGlite in memory starts in about two seconds, more on a busy machine. */
export const appStartTimeoutMs = 60_000;

/** scrypt N = 2^10 instead of 2^15: the same code, 32 times less work per hash. */
export const testPasswordHashCost = 10;

/** An in-memory database with the schema in place, from the run's migrated template. */
export function testPgliteDatabase(): PgliteConfig {
  return { kind: 'pglite', template: pgliteTemplate() };
}

/** An in-memory database as initdb leaves it, before any migration. */
export function emptyPgliteDatabase(): PgliteConfig {
  return { kind: 'pglite', template: emptyPgliteTemplate() };
}

/**
 * The databases a suite whose SQL must mean the same on both runs on (`describe.each`): the
 * embedded one always, PostgreSQL too when TEST_DATABASE_URL is set.
 */
export const testBackends = [
  { backend: 'PGlite', postgres: false },
  ...(testPostgresUrl ? [{ backend: 'PostgreSQL', postgres: true }] : []),
];

/** A database of the backend for one test file: on PostgreSQL a new one (`prefix`), dropped after. */
export async function backendDatabase(
  { postgres }: { postgres: boolean },
  prefix: string,
): Promise<{ database: DatabaseConfig; drop: () => Promise<void> }> {
  if (postgres) return createPostgresDatabase(prefix);
  return { database: testPgliteDatabase(), drop: async () => {} };
}

/**
 * Defaults for tests: silent logs, in-memory PGlite, no built front-end apps, a fixed signing
 * secret, cheap password hashing, and auth and widget limits too high to trip by accident (the rate-limit
 * tests set their own). `dataDir` (the mail outbox) is a fresh temporary folder.
 */
export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  const base = loadConfig({ LOG_LEVEL: 'silent' });
  return {
    ...base,
    database: testPgliteDatabase(),
    appsDir: path.join(__dirname, 'no-built-apps'),
    dataDir: mkdtempSync(path.join(os.tmpdir(), 'parley-test-')),
    auth: {
      ...base.auth,
      secret: 'test-secret-of-at-least-thirty-two-characters',
      passwordHashCost: testPasswordHashCost,
      rateLimit: {
        perMinute: 10_000,
        failedLogins: { max: 10_000, windowSeconds: 900 },
        passwordResets: { max: 10_000, windowSeconds: 3600 },
      },
    },
    // Off unless a test asks for a receiver (port 0: any free port), so suites never collide.
    inboundMail: { ...base.inboundMail, smtpPort: null },
    widget: {
      ...base.widget,
      rateLimit: {
        perVisitorPerMinute: 10_000,
        perWorkspacePerMinute: 10_000,
        sessionsPerMinute: 10_000,
      },
    },
    ...overrides,
  };
}

export type TestApp = App;

export interface TestAppOptions extends BuildAppOptions {
  /** Runs before `ready()`, e.g. to add a route for the test. */
  beforeReady?: (app: TestApp) => void;
}

/** A ready app on a fresh in-memory database; close it in afterAll (its data dir goes too). */
export async function buildTestApp(
  overrides: Partial<AppConfig> = {},
  { beforeReady, ...options }: TestAppOptions = {},
): Promise<TestApp> {
  const config = testConfig(overrides);
  const template = pgliteTemplate();
  // The default database, in memory from the migrated template: one kept from an earlier app.
  if (!overrides.database && !options.pglite && template) {
    options.pglite = testDatabaseThread(template);
  }
  const app = await buildApp(config, options);
  if (!overrides.dataDir) {
    // onClose hooks run newest first: let e-mails still being written finish before the folder goes.
    app.addHook('onClose', async () => {
      await app.mailer.idle();
      await rm(config.dataDir, { recursive: true, force: true });
    });
  }
  beforeReady?.(app);
  await app.ready();
  return app;
}

/** A clock tests move forward to expire tokens and codes, instead of waiting. */
export class TestClock {
  private offsetMs = 0;
  readonly now = () => new Date(Date.now() + this.offsetMs);
  advance(seconds: number) {
    this.offsetMs += seconds * 1000;
  }
  reset() {
    this.offsetMs = 0;
  }
}
