import { expect, request as playwrightRequest, test, type Page } from '@playwright/test';
import type { ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expectAccessibleInBothModes } from './accessibility';
import { logIn, signUpByApi, workspacesOf } from './accounts';
import { repo, serveRemoteFolder, startExtraServer, untilHealthy } from './extra-server';

// The chat remote deployed on its own static host, as the README's "Deploy one remote on its
// own" does; the test deploys a new build of it under a dashboard that stays open.
const deployed = mkdtempSync(path.join(tmpdir(), 'parley-e2e-deploy-'));
const manifestFile = path.join(deployed, 'mf-manifest.json');
const staticPort = 3196;
const apiPort = 3197;
const base = `http://localhost:${apiPort}`;

test.describe.configure({ timeout: 120_000 });

let staticHost: Awaited<ReturnType<typeof serveRemoteFolder>>;
let api: ChildProcess;

test.beforeAll(async () => {
  cpSync(path.join(repo, 'mfe-chat', 'dist'), deployed, { recursive: true });
  staticHost = await serveRemoteFolder(deployed, staticPort);

  api = startExtraServer(apiPort, {
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'parley-e2e-new-build-')),
    REMOTE_MFE_CHAT_URL: `http://127.0.0.1:${staticPort}/mf-manifest.json`,
  });
  await untilHealthy(apiPort, api);
});

test.afterAll(async () => {
  api?.kill('SIGTERM');
  await staticHost?.close();
});

/** Moves the page's clock an hour on and waits for the check it makes of the chat remote. */
async function nextHourlyCheck(page: Page) {
  const checked = page.waitForResponse(`http://127.0.0.1:${staticPort}/mf-manifest.json`);
  await page.clock.fastForward('01:00:00');
  await checked;
}

/** Deploys "a new build": the same files under a manifest whose build id has moved on. */
function deployNewBuild() {
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as {
    metaData: { buildInfo: { buildVersion: string } };
  };
  manifest.metaData.buildInfo.buildVersion = `${manifest.metaData.buildInfo.buildVersion}-next`;
  writeFileSync(manifestFile, JSON.stringify(manifest));
}

test('an open dashboard learns of a new build of a remote, and a reload keeps the draft reply', async ({
  page,
}) => {
  const request = await playwrightRequest.newContext({ baseURL: base });
  const account = await signUpByApi(request, { label: 'new-build', website: 'https://a.example' });
  const { workspaceId } = (await workspacesOf(request, account))[0]!;
  const session = await request.post('/api/widget/sessions', { data: { workspaceId } });
  const { visitorToken } = (await session.json()) as { visitorToken: string };
  const message = await request.post('/api/widget/messages', {
    headers: { authorization: `Bearer ${visitorToken}` },
    data: { content: 'Where is my parcel?' },
  });
  expect(message.status(), await message.text()).toBe(201);
  const { conversationId } = (await message.json()) as { conversationId: string };
  await request.dispose();

  // The page's clock is the test's, so an hour passes in a moment.
  await page.clock.install();
  await page.goto(`${base}/dashboard/${workspaceId}/chat-takeover/${conversationId}`);
  await logIn(page, account.email, account.password);
  const reply = page.getByLabel('Your reply');
  await reply.fill('Your parcel left the depot this morning');

  // Nothing new yet: the hourly check finds the builds the page runs.
  await expect(page.getByText('Where is my parcel?')).toBeVisible();
  await nextHourlyCheck(page);
  await expect(page.getByText('A new version is available')).toHaveCount(0);

  deployNewBuild();
  await nextHourlyCheck(page);
  await expect(page.getByText('A new version is available')).toBeVisible();
  // Announced politely: a status, not an alert that interrupts the agent.
  const prompt = page.getByRole('status').filter({ hasText: 'A new version is available' });
  await expect(prompt).toHaveCount(1);
  // Offered, never forced: what the agent typed is still there, the page not reloaded.
  await expect(reply).toHaveValue('Your parcel left the depot this morning');
  await expectAccessibleInBothModes(page);

  await prompt.getByRole('button', { name: 'Reload' }).click();
  await expect(page.getByText('Where is my parcel?')).toBeVisible();
  await expect(page.getByLabel('Your reply')).toHaveValue(
    'Your parcel left the depot this morning',
  );
  // The page now runs the new build: no prompt after the next check.
  await nextHourlyCheck(page);
  await expect(page.getByText('A new version is available')).toHaveCount(0);
});
