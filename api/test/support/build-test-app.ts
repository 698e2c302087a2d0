import './esm-only-modules';
import path from 'node:path';
import { buildApp } from '../../src/app';
import type { App, BuildAppOptions } from '../../src/app';
import { loadConfig } from '../../src/config';
import type { AppConfig } from '../../src/config';

/** PGlite in memory starts in about two seconds, more on a busy machine. */
export const appStartTimeoutMs = 60_000;

/** Defaults for tests: silent logs, in-memory PGlite, no built front-end apps. */
export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    ...loadConfig({ LOG_LEVEL: 'silent' }),
    database: { kind: 'pglite' },
    appsDir: path.join(__dirname, 'no-built-apps'),
    ...overrides,
  };
}

export type TestApp = App;

export interface TestAppOptions extends BuildAppOptions {
  /** Runs before `ready()`, e.g. to add a route for the test. */
  beforeReady?: (app: TestApp) => void;
}

/** A ready app on a fresh in-memory database; close it in afterAll. */
export async function buildTestApp(
  overrides: Partial<AppConfig> = {},
  { beforeReady, ...options }: TestAppOptions = {},
): Promise<TestApp> {
  const app = await buildApp(testConfig(overrides), options);
  beforeReady?.(app);
  await app.ready();
  return app;
}
