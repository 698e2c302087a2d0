import { expect, test } from '@playwright/test';
import type { ChildProcess } from 'node:child_process';
import { createReadStream, existsSync, mkdtempSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { repo, startExtraServer, untilHealthy } from './extra-server';

// A remote deployed on its own static host: the server is told its URL through the
// environment, and the shell loads it from there with no shell build.
const marketingDist = path.join(repo, 'mfe-marketing', 'dist');
const staticPort = 3191;
const apiPort = 3192;

// The hook below starts a second server: give it the time a fresh embedded database may need.
test.describe.configure({ timeout: 120_000 });

let staticHost: Server;
let api: ChildProcess;
const staticRequests: string[] = [];

test.beforeAll(async () => {
  staticHost = createServer((request, response) => {
    const file = path.join(
      marketingDist,
      decodeURIComponent(new URL(request.url!, 'http://x').pathname),
    );
    staticRequests.push(request.url!);
    if (!file.startsWith(marketingDist) || !existsSync(file)) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, {
      'access-control-allow-origin': '*',
      'content-type': file.endsWith('.json') ? 'application/json' : 'application/javascript',
    });
    createReadStream(file).pipe(response);
  });
  await new Promise<void>((resolve) => staticHost.listen(staticPort, '127.0.0.1', resolve));

  api = startExtraServer(apiPort, {
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'parley-e2e-override-')),
    REMOTE_MFE_MARKETING_URL: `http://127.0.0.1:${staticPort}/mf-manifest.json`,
  });
  await untilHealthy(apiPort, api);
});

test.afterAll(async () => {
  api?.kill('SIGTERM');
  await new Promise((resolve) => staticHost?.close(resolve));
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
  await expect(page.getByTestId('remote-unavailable')).toHaveCount(0);
  expect(staticRequests).toContain('/mf-manifest.json');
  expect(staticRequests.some((url) => url.startsWith('/remoteEntry.js'))).toBe(true);
  expect(fromMainServer).toEqual([]);
});
