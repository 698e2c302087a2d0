import { expect, test, type Page } from '@playwright/test';
import { signUpByApi, workspacesOf } from './accounts';
import { collectConsoleErrors } from './console-errors';
import { serveWidgetHost } from './widget-host';

const shopUrl = serveWidgetHost();

/** A business with a workspace (and its first chatbot), whose shop page embeds the widget. */
async function openShop(page: Page, label: string) {
  const account = await signUpByApi(page.request, { label, website: 'https://harbor.example' });
  const [link] = await workspacesOf(page.request, account);
  if (!link) throw new Error('The new account has no workspace');
  await page.goto(shopUrl(link.workspaceId));
  return link.workspaceId;
}

const launcher = (page: Page) => page.getByRole('button', { name: /^(Open|Close) chat$/ });
const chatWindow = (page: Page) => page.frameLocator('iframe[title="Chat"]');
const events = (page: Page) => page.getByRole('list', { name: 'Widget events' });

test('a visitor chats, and finds the conversation again after reloading the page', async ({
  page,
}) => {
  const errors = collectConsoleErrors(page);
  const workspaceId = await openShop(page, 'widget-visitor');

  await expect(launcher(page)).toHaveAttribute('aria-expanded', 'false');
  // The window is framed only when the visitor opens it.
  await expect(page.locator('iframe[title="Chat"]')).toHaveCount(0);
  await launcher(page).click();
  await expect(launcher(page)).toHaveAttribute('aria-expanded', 'true');
  const chat = chatWindow(page);
  await expect(chat.getByRole('heading', { name: 'Your workspace assistant' })).toBeVisible();
  await expect(events(page)).toContainText('opened');

  await page.getByRole('button', { name: 'I am Ada' }).click();
  const text = chat.getByRole('textbox', { name: 'Message' });
  await text.fill('Do you ship beans to Lisbon?');
  await text.press('Enter');
  const conversation = chat.getByRole('log', { name: 'Conversation' });
  await expect(conversation.getByRole('listitem').first()).toContainText(
    'Do you ship beans to Lisbon?',
  );
  await expect(text).toHaveValue('');
  // The bot answers live, and the page hears of it.
  await expect(conversation.getByRole('listitem').filter({ hasText: '(bot)' })).toHaveCount(1);
  await expect(events(page)).toContainText('message from bot');

  await page.reload();
  await launcher(page).click();
  await expect(
    chatWindow(page).getByRole('listitem').filter({ hasText: 'Do you ship beans to Lisbon?' }),
  ).toBeVisible();
  await expect(chatWindow(page).getByRole('listitem').filter({ hasText: '(bot)' })).toHaveCount(1);
  // The visitor token is the window's, on Parley's origin, per workspace.
  const token = await page
    .frame({ url: /\/widget\/window\.html/ })
    ?.evaluate((key) => localStorage.getItem(key), `parley.visitor.${workspaceId}`);
  expect(token).toMatch(/^pv_/);
  // Who the visitor said they were (Parley.identify) was stored with them.
  await chatWindow(page).getByRole('button', { name: 'Your details' }).click();
  await expect(chatWindow(page).getByLabel('First name')).toHaveValue('Ada');
  await expect(chatWindow(page).getByLabel('E-mail')).toHaveValue('ada@example.com');
  await expect(chatWindow(page).getByLabel('Order number')).toHaveValue('HC-1001');
  expect(errors).toEqual([]);
});

test('a visitor sends an image and sees it in the conversation', async ({ page }) => {
  const errors = collectConsoleErrors(page);
  await openShop(page, 'widget-image');
  await launcher(page).click();
  const chat = chatWindow(page);
  await chat.getByRole('textbox', { name: 'Message' }).fill('The bag I received');
  await chat.locator('input[type="file"]').setInputFiles({
    name: 'bag.png',
    mimeType: 'image/png',
    // A 1×1 PNG.
    buffer: Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    ),
  });

  const sent = chat.getByRole('listitem').filter({ hasText: 'The bag I received' });
  const image = sent.getByRole('img', { name: 'bag.png' });
  await expect(image).toBeVisible();
  // Downloaded with the visitor token: the image really loaded.
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  expect(errors).toEqual([]);
});

test('the page opens and closes the widget through window.Parley', async ({ page }) => {
  const errors = collectConsoleErrors(page);
  await openShop(page, 'widget-api');
  const frame = page.locator('iframe[title="Chat"]');

  await page.getByRole('button', { name: 'Open the chat' }).click();
  await expect(frame).toBeVisible();
  await expect(launcher(page)).toHaveAttribute('aria-expanded', 'true');
  await expect(
    chatWindow(page).getByRole('heading', { name: 'Your workspace assistant' }),
  ).toBeVisible();

  await page.getByRole('button', { name: 'Close the chat' }).click();
  await expect(frame).toBeHidden();
  await expect(launcher(page)).toHaveAttribute('aria-expanded', 'false');
  await expect(events(page).getByRole('listitem')).toHaveText(['opened', 'closed']);

  expect(
    await page.evaluate(() =>
      (window as unknown as { Parley: { isOpen(): boolean } }).Parley.isOpen(),
    ),
  ).toBe(false);
  await page.evaluate(() => (window as unknown as { Parley: { toggle(): void } }).Parley.toggle());
  await expect(frame).toBeVisible();
  await expect(events(page).getByRole('listitem')).toHaveText(['opened', 'closed', 'opened']);
  // A click dispatched in the same few milliseconds as the frame is shown again can miss it
  // (Chromium hit-tests against the last painted frame); a person cannot click that fast.
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );

  // The window's own close button, then Escape from inside it.
  await chatWindow(page).getByRole('button', { name: 'Close chat' }).click();
  await expect(frame).toBeHidden();
  await expect(launcher(page)).toBeFocused();
  await launcher(page).press('Enter');
  await expect(frame).toBeVisible();
  await chatWindow(page).getByRole('textbox', { name: 'Message' }).press('Escape');
  await expect(frame).toBeHidden();
  await expect(events(page).getByRole('listitem')).toHaveText([
    'opened',
    'closed',
    'opened',
    'closed',
    'opened',
    'closed',
  ]);
  expect(errors).toEqual([]);
});
