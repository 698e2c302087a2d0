import { expect, test } from '@playwright/test';
import { expectAccessibleInBothModes } from './accessibility';
import { addProduct, signInAs, signUpByApi, workspacesOf } from './accounts';
import { serveWidgetHost } from './widget-host';

test('workspace settings: the currency changes how product prices show; deleting takes the name typed', async ({
  page,
  request,
}) => {
  const account = await signUpByApi(request, {
    label: 'settings',
    website: 'https://gear.example',
  });
  const { workspaceId } = (await workspacesOf(request, account))[0]!;
  await addProduct(request, account, workspaceId, {
    sku: 'LANTERN-1',
    name: 'Trail lantern',
    price: 129.99,
    stock: 12,
  });
  await signInAs(page, account);

  await page.goto(`/dashboard/${workspaceId}/settings`);
  const form = page.getByRole('form', { name: 'General' });
  await form.getByLabel('Currency').selectOption('EUR');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Workspace settings saved')).toBeVisible();
  await expect(page.getByLabel('Workspace id')).toHaveValue(workspaceId);

  await page.goto(`/dashboard/${workspaceId}/products`);
  await expect(page.getByRole('row', { name: /Trail lantern/ })).toContainText('€129.99');

  await page.goto(`/dashboard/${workspaceId}/settings`);
  await page.getByRole('button', { name: 'Delete the workspace…' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete Your workspace?' });
  await dialog.getByLabel('Workspace name').fill('Your workspace');
  await dialog.getByRole('button', { name: 'Delete for good' }).click();
  await expect(page).toHaveURL('/dashboard');
  await expect(page.getByText('Your workspace was deleted')).toBeVisible();
  expect(await workspacesOf(request, account)).toEqual([]);
});

const shopUrl = serveWidgetHost();

test("the workspace's ticket forwarding e-mail and colour: saved, and the chat window's header on a shop page takes the colour", async ({
  page,
  request,
}) => {
  const account = await signUpByApi(request, { label: 'colour', website: 'https://gear.example' });
  const { workspaceId } = (await workspacesOf(request, account))[0]!;
  await signInAs(page, account);
  await page.goto(`/dashboard/${workspaceId}/settings`);
  const form = page.getByRole('form', { name: 'General' });
  await form.getByLabel('Ticket forwarding e-mail').fill('support@gear.example');
  await form.getByLabel('Chat window colour').fill('#0b6e4f');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Workspace settings saved')).toBeVisible();
  await page.reload();
  await expect(form.getByLabel('Ticket forwarding e-mail')).toHaveValue('support@gear.example');
  await expect(form.getByLabel('Chat window colour')).toHaveValue('#0b6e4f');
  await expectAccessibleInBothModes(page);

  await page.goto(shopUrl(workspaceId));
  await page.getByRole('button', { name: 'Open chat' }).click();
  const header = page.frameLocator('iframe[title="Chat"]').locator('header');
  await expect(header).toHaveCSS('background-color', 'rgb(11, 110, 79)');
  // Dark green takes white text.
  await expect(header).toHaveCSS('color', 'rgb(255, 255, 255)');
});
