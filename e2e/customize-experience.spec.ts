import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, expectAccessibleInBothModes } from './accessibility';
import { signInAs, signUpByApi, workspacesOf } from './accounts';
import { collectConsoleErrors } from './console-errors';
import { baseURL } from './playwright.config';
import { serveWidgetHost } from './widget-host';

const shopUrl = serveWidgetHost();
// The page holds every chatbot setting and frames the real widget; axe checks it and its frames
// in two colour modes, which takes a while on a busy machine.
test.setTimeout(120_000);
const greeting = 'Hi! Looking for a bike, or help with one?';
const awayMessage = 'We are back on Monday at 9:00 and will answer you then.';

/** The widget window passes axe in the light and the dark system scheme (it draws its own). */
async function expectWindowAccessible(page: Page) {
  for (const mode of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: mode });
    await expectAccessible(page);
  }
}

test("the greeting, a left launcher with its label, a required e-mail and business hours reach the shop's widget, and the agent sees who wrote", async ({
  page,
  browser,
}) => {
  const errors = collectConsoleErrors(page);
  const account = await signUpByApi(page.request, {
    label: 'customize-experience',
    website: 'https://gear.example',
  });
  const { workspaceId } = (await workspacesOf(page.request, account))[0]!;

  await signInAs(page, account);
  await page.goto(`/dashboard/${workspaceId}/settings/customize`);
  const form = page.getByRole('form', { name: 'Chatbot' });
  const preview = page.frameLocator('iframe[title="Chat window preview"]');
  await expect(preview.getByRole('heading', { name: 'Your workspace assistant' })).toBeVisible();

  // Each setting shows in the preview as it is typed, before anything is saved.
  await form.getByRole('textbox', { name: /^Greeting/ }).fill(greeting);
  await expect(preview.getByRole('listitem').first()).toContainText(greeting);
  await form.getByText('Bottom left').click();
  await form.getByRole('textbox', { name: /^Launcher label/ }).fill('Chat with us');
  await form.getByLabel('Ask for the e-mail address').selectOption('required');
  await expect(preview.getByRole('form', { name: 'Before we start' })).toBeVisible();
  // Business hours on with no day open: closed now, whatever the day.
  await form.getByRole('checkbox', { name: 'Use business hours' }).check();
  await form.getByLabel('Time zone').selectOption('Europe/Paris');
  await form.getByRole('textbox', { name: /^Away message/ }).fill(awayMessage);
  await expect(preview.getByRole('note')).toContainText(awayMessage);
  await expectAccessibleInBothModes(page);
  await page.emulateMedia({ colorScheme: 'light' });

  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Chatbot saved: open chat windows show it now')).toBeVisible();

  // A customer on the shop's own site (another origin).
  const shopContext = await browser.newContext();
  const shop = await shopContext.newPage();
  const shopErrors = collectConsoleErrors(shop);
  await shop.goto(shopUrl(workspaceId));
  const launcher = shop.getByRole('button', { name: 'Chat with us (Open chat)' });
  await expect(launcher).toContainText('Chat with us');
  const viewport = shop.viewportSize()!;
  const box = (await launcher.boundingBox())!;
  expect(box.x + box.width).toBeLessThan(viewport.width / 2);
  await launcher.click();
  const frameBox = (await shop.locator('parley-widget iframe').boundingBox())!;
  expect(frameBox.x).toBeLessThan(viewport.width / 2);

  const chat = shop.frameLocator('iframe[title="Chat"]');
  const messages = chat.getByRole('log', { name: 'Conversation' }).getByRole('listitem');
  await expect(messages.first()).toContainText(greeting);
  await expect(chat.getByRole('note')).toContainText(awayMessage);
  const preChat = chat.getByRole('form', { name: 'Before we start' });
  await expect(chat.getByRole('textbox', { name: 'Message' })).toHaveCount(0);
  await preChat.getByRole('button', { name: 'Start the chat' }).click();
  const email = preChat.getByRole('textbox', { name: 'E-mail' });
  await expect(email).toBeFocused();
  await expect(preChat.getByText('Please enter your e-mail address.')).toBeVisible();
  await email.fill('ada@customer.example');
  await preChat.getByRole('button', { name: 'Start the chat' }).click();
  const text = chat.getByRole('textbox', { name: 'Message' });
  await expect(text).toBeFocused();
  await text.fill('Do you fix brakes on Sundays?');
  await text.press('Enter');
  await expect(messages.filter({ hasText: 'Do you fix brakes' })).toHaveCount(1);
  // The greeting is now the conversation's first message, stored.
  await expect(messages.first()).toContainText(greeting);

  // The agent sees who wrote.
  await page.goto(`/dashboard/${workspaceId}/chat-takeover`);
  await page.getByRole('list', { name: 'Conversations' }).getByRole('link').first().click();
  const customer = page.getByRole('region', { name: 'Customer' });
  await expect(customer.getByRole('link', { name: 'ada@customer.example' })).toBeVisible();
  await expect(page.getByRole('region', { name: /^Messages with / })).toContainText(greeting);

  // A new visitor's window (greeting, away note, pre-chat form) passes axe in both schemes.
  const windowPage = await (await browser.newContext()).newPage();
  await windowPage.goto(`${baseURL}/widget/window.html?workspaceId=${workspaceId}`);
  await expect(windowPage.getByRole('form', { name: 'Before we start' })).toBeVisible();
  await expect(windowPage.getByRole('note')).toContainText(awayMessage);
  await expectWindowAccessible(windowPage);

  expect(errors).toEqual([]);
  expect(shopErrors).toEqual([]);
  await windowPage.context().close();
  await shopContext.close();
});
