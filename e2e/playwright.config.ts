import { defineConfig } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const port = Number(process.env.E2E_PORT ?? 3100);
// Set once in the runner process; workers inherit it, so tests can read the server's outbox.
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'parley-e2e-'));
export const dataDir = process.env.E2E_DATA_DIR;
export const baseURL = `http://localhost:${port}`;
/** A web site to train on (websites.spec.ts), on loopback: the server is told it may reach it. */
export const trainingSitePort = Number(process.env.E2E_TRAINING_SITE_PORT ?? port + 99);
/** A shop's image host for imported products' photos (products.spec.ts), allowed the same way. */
export const shopImagesPort = Number(process.env.E2E_SHOP_IMAGES_PORT ?? port + 98);
/**
 * A business's webhook receiver (integrations.spec.ts), allowed the same way. Not 3191–3197:
 * the specs that start servers of their own (remote-override, crash-safety, new-build) hold them,
 * and two specs run at once.
 */
export const webhookReceiverPort = Number(process.env.E2E_WEBHOOK_PORT ?? port + 93);
/**
 * The server's SMTP receiver of the workspaces' addresses (email.spec.ts sends to it). Not
 * 3190–3197 either: firebase-auth.spec.ts's server holds 3190.
 */
export const inboundSmtpPort = Number(process.env.E2E_SMTP_PORT ?? port + 80);
// The Firebase Auth emulator of firebase-auth.spec.ts: not the API tests' 9099, which may run at the
// same time (set here, in the runner, so the workers inherit it).
process.env.PARLEY_TEST_EMULATOR_PORT ??= '9199';
export const chromiumLaunchOptions = {
  // Debian's Chromium; Playwright's own browser download is not available here.
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  // Guards against a test that hangs, not measures of speed: this machine's speed varies two- to
  // threefold from day to day; on a slow day the longest specs took 40 s, and a remote's first
  // load in a busy run took more than 10 s.
  timeout: 60_000,
  expect: { timeout: 20_000 },
  use: {
    baseURL,
    browserName: 'chromium',
    launchOptions: chromiumLaunchOptions,
    trace: 'retain-on-failure',
  },
  // The production build, started by the same command a user runs.
  webServer: {
    command: 'npm start',
    cwd: path.resolve(__dirname, '..'),
    url: `http://localhost:${port}/api/health`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: baseURL,
      LOG_LEVEL: 'warn',
      INBOUND_SMTP_PORT: String(inboundSmtpPort),
      // Every test signs up and logs in from one address; the limits themselves are API-tested.
      RATE_LIMIT_PER_MINUTE: '5000',
      AUTH_RATE_LIMIT_PER_MINUTE: '500',
      OUTBOUND_ALLOW_HOSTS: [trainingSitePort, shopImagesPort, webhookReceiverPort]
        .map((allowed) => `127.0.0.1:${allowed}`)
        .join(','),
    },
  },
});
