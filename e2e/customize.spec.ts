import { expect, test } from '@playwright/test';
import { expectAccessibleInBothModes } from './accessibility';
import { signInAs, signUpByApi, workspacesOf } from './accounts';
import { collectConsoleErrors } from './console-errors';
import { serveWidgetHost } from './widget-host';

const shopUrl = serveWidgetHost();
// The page holds every chatbot setting and frames the real widget; axe checks it and its frames
// in two colour modes, which takes a while on a busy machine.
test.setTimeout(120_000);
const green = 'rgb(11, 110, 79)';

test("customize the chatbot: the preview follows the typing, and a saved change reaches a widget open on a shop's page without a reload", async ({
  page,
  browser,
}) => {
  const errors = collectConsoleErrors(page);
  const account = await signUpByApi(page.request, {
    label: 'customize',
    website: 'https://gear.example',
  });
  const { workspaceId } = (await workspacesOf(page.request, account))[0]!;

  // A customer already chatting on the shop's own site (another origin).
  const shop = await (await browser.newContext()).newPage();
  await shop.goto(shopUrl(workspaceId));
  const launcher = shop.getByRole('button', { name: /^(Open|Close) chat$/ });
  await launcher.click();
  const widget = shop.frameLocator('iframe[title="Chat"]');
  await expect(widget.getByRole('heading', { name: 'Your workspace assistant' })).toBeVisible();

  await signInAs(page, account);
  await page.goto(`/dashboard/${workspaceId}/settings/customize`);
  await expect(page.getByRole('heading', { level: 1, name: 'Customize chatbot' })).toBeVisible();
  const form = page.getByRole('form', { name: 'Chatbot' });
  const preview = page.frameLocator('iframe[title="Chat window preview"]');
  await expect(preview.getByRole('heading', { name: 'Your workspace assistant' })).toBeVisible();
  const sampleQuestion = preview.locator('.message.user .bubble').first();
  await expect(sampleQuestion).toContainText('Do you ship to Canada?');

  // The preview changes while typing, before anything is saved.
  await form.getByLabel('Name', { exact: true }).fill('Spoke');
  await expect(preview.getByRole('heading', { name: 'Spoke' })).toBeVisible();
  await form.getByLabel('Message colour', { exact: true }).fill('#0B6E4F');
  await expect(sampleQuestion).toHaveCSS('background-color', green);
  await expect(sampleQuestion).toHaveCSS('color', 'rgb(255, 255, 255)');
  await expect(widget.getByRole('heading', { name: 'Your workspace assistant' })).toBeVisible();

  // A colour no text reads well on is flagged.
  await form.getByLabel('Message colour', { exact: true }).fill('#777777');
  await expect(page.getByText(/Hard to read/)).toBeVisible();
  await form.getByLabel('Message colour', { exact: true }).fill('#0B6E4F');
  await expect(page.getByText(/Hard to read/)).toHaveCount(0);

  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Chatbot saved: open chat windows show it now')).toBeVisible();

  // The open widget follows, and so does its launcher, with no reload.
  await expect(widget.getByRole('heading', { name: 'Spoke' })).toBeVisible();
  await expect(launcher).toHaveCSS('background-color', green);
  await widget.getByRole('textbox', { name: 'Message' }).fill('Hello');
  await widget.getByRole('textbox', { name: 'Message' }).press('Enter');
  await expect(widget.locator('.message.user .bubble').first()).toHaveCSS(
    'background-color',
    green,
  );

  await page.reload();
  await expect(form.getByLabel('Name', { exact: true })).toHaveValue('Spoke');
  await expect(preview.getByRole('heading', { name: 'Spoke' })).toBeVisible();
  await expectAccessibleInBothModes(page);
  expect(errors).toEqual([]);
  await shop.context().close();
});
