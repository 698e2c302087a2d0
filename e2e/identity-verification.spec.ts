import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectAccessibleInBothModes } from './accessibility';
import { signInAs, signUpByApi, workspacesOf } from './accounts';
import { collectConsoleErrors } from './console-errors';
import { baseURL } from './playwright.config';

// Verified customer identity (issue 41): a shop on another origin whose server signs its
// signed-in user's id with the workspace's identity secret; the customer is one customer on
// every browser, and the agent sees that they are verified.

/** The shop's server: its page identifies the user of `?user=`, signed with `secret`. */
function serveSigningShop() {
  let server: Server | undefined;
  let origin = '';
  const shop = {
    /** The workspace's identity secret, once the admin has made it. */
    secret: '',
    url: (workspaceId: string, user: string) =>
      `${origin}/account.html?workspaceId=${workspaceId}&user=${encodeURIComponent(user)}`,
  };
  test.beforeAll(async () => {
    server = createServer((request, response) => {
      const url = new URL(request.url ?? '/', 'http://localhost');
      const workspaceId = url.searchParams.get('workspaceId') ?? '';
      const userId = url.searchParams.get('user') ?? '';
      // What the business's server does (widget/README.md's Node snippet).
      const userHash = createHmac('sha256', shop.secret).update(userId).digest('hex');
      const identity = { userId, userHash, firstName: 'Grace', lastName: 'Hopper' };
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Harbor Coffee: my account</title>
<link rel="icon" href="data:,">
<script>
  window.Parley = window.Parley || { q: [] };
  Parley.q.push(['identify', ${JSON.stringify(identity)}]);
  Parley.q.push(['on', 'error', function (error) { document.title = 'error ' + error.code; }]);
</script>
<script src="${baseURL}/widget/loader.js" data-workspace-id="${workspaceId}" async></script>
</head><body><h1>Harbor Coffee</h1><p>Signed in as Grace.</p></body></html>`);
    });
    await new Promise<void>((resolve) => server!.listen(0, 'localhost', resolve));
    const address = server.address();
    if (!address || typeof address === 'string') throw new Error('The shop is not served');
    origin = `http://localhost:${address.port}`;
  });
  test.afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
  });
  return shop;
}

const shop = serveSigningShop();

/** A browser of its own (a laptop, a phone): the shop's page, with the chat open. */
async function device(browser: Browser, workspaceId: string, user: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const errors = collectConsoleErrors(page);
  await page.goto(shop.url(workspaceId, user));
  await page.getByRole('button', { name: 'Open chat' }).click();
  const chat = page.frameLocator('iframe[title="Chat"]');
  return {
    page,
    errors,
    log: chat.getByRole('log', { name: 'Conversation' }),
    text: chat.getByRole('textbox', { name: 'Message' }),
    close: () => context.close(),
  };
}

async function send(on: { text: ReturnType<Page['getByRole']> }, content: string) {
  await on.text.fill(content);
  await on.text.press('Enter');
}

test('a signed user is one verified customer on every browser, and the agent sees it', async ({
  page,
  browser,
}) => {
  const errors = collectConsoleErrors(page);
  const admin = await signUpByApi(page.request, {
    label: 'identity',
    website: 'https://harbor.example',
  });
  const [link] = await workspacesOf(page.request, admin);
  if (!link) throw new Error('The new account has no workspace');
  const { workspaceId } = link;

  // The admin makes the identity secret: shown once, then only the settings.
  await signInAs(page, admin);
  await page.goto(`/dashboard/${workspaceId}/integrations`);
  const section = page.getByRole('region', { name: 'Identity verification' });
  await expect(section.getByText(/No identity secret yet/)).toBeVisible();
  await section.getByRole('button', { name: 'Create the identity secret' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'The identity secret' });
  shop.secret = await dialog.getByLabel('Identity secret').inputValue();
  expect(shop.secret).toMatch(/^pvid_/);
  await dialog.getByRole('button', { name: 'I have copied it' }).click();
  await expect(section.getByText(/Secret created/)).toBeVisible();
  await expect(page.getByText(shop.secret)).toHaveCount(0);
  await section.getByRole('heading', { name: 'Identity verification' }).scrollIntoViewIfNeeded();
  await expectAccessibleInBothModes(page);

  // On the laptop, the signed-in customer asks something.
  const laptop = await device(browser, workspaceId, 'grace-42');
  await send(laptop, 'Has my order shipped?');
  await expect(laptop.log.getByRole('listitem').first()).toContainText('Has my order shipped?');

  // The agent sees the customer verified, in the list and on the conversation.
  await page.goto(`/dashboard/${workspaceId}/chat-takeover`);
  const row = page.getByRole('link', { name: /Grace Hopper/ });
  await expect(row).toContainText('Verified');
  await row.click();
  await expect(page.getByRole('heading', { name: 'Grace Hopper', level: 2 })).toBeVisible();
  const details = page.getByRole('region', { name: 'Customer' });
  await expect(details.getByText('Verified', { exact: true })).toBeVisible();
  await expect(page.getByText('Has my order shipped?').first()).toBeVisible();

  // On a phone (another browser), the same user finds the same conversation and writes on.
  const phone = await device(browser, workspaceId, 'grace-42');
  await expect(phone.log.getByRole('listitem').first()).toContainText('Has my order shipped?');
  await send(phone, 'Writing from my phone now');
  await expect(
    laptop.log.getByRole('listitem').filter({ hasText: 'Writing from my phone now' }),
  ).toBeVisible();
  // One conversation of one customer: the agent reads both devices' messages in it.
  await expect(page.getByText('Writing from my phone now').first()).toBeVisible();
  await expect(page.getByRole('link', { name: /Grace Hopper/ })).toHaveCount(1);

  // Nothing was refused: the shop's page heard of no error.
  await expect(phone.page).not.toHaveTitle(/^error/);
  expect([...errors, ...laptop.errors, ...phone.errors]).toEqual([]);
  await laptop.close();
  await phone.close();
});
