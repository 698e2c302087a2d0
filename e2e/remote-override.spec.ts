import { expect, test } from '@playwright/test';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { repo, serveRemoteFolder, startExtraServer, untilHealthy } from './extra-server';

// A remote deployed on its own static host: the server is told its URL through the
// environment, and the shell loads it from there with no shell build.
const marketingDist = path.join(repo, 'mfe-marketing', 'dist');
const staticPort = 3191;
const apiPort = 3192;

// The hook below starts a second server: give it the time a fresh embedded database may need.
test.describe.configure({ timeout: 120_000 });

let staticHost: Awaited<ReturnType<typeof serveRemoteFolder>>;
let api: ChildProcess;

test.beforeAll(async () => {
  staticHost = await serveRemoteFolder(marketingDist, staticPort);

  api = startExtraServer(apiPort, {
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'parley-e2e-override-')),
    REMOTE_MFE_MARKETING_URL: `http://127.0.0.1:${staticPort}/mf-manifest.json`,
  });
  await untilHealthy(apiPort, api);
});

test.afterAll(async () => {
  api?.kill('SIGTERM');
  await staticHost?.close();
});

test('the shell loads a remote from the URL the environment gives', async ({ page }) => {
  const fromMainServer: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes(`localhost:${apiPort}/remotes/mfe-marketing/`)) {
      fromMainServer.push(request.url());
    }
  });
  await page.goto(`http://localhost:${apiPort}/pricing`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The prerendered page shows first; the shell comes after its first paint, then the remote.
  await expect.poll(() => staticHost.requests).toContain('/mf-manifest.json');
  await expect
    .poll(() => staticHost.requests.some((url) => url.startsWith('/remoteEntry.js')))
    .toBe(true);
  await expect(page.getByTestId('remote-unavailable')).toHaveCount(0);
  expect(fromMainServer).toEqual([]);
});
