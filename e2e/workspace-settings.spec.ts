import { expect, test } from '@playwright/test';
import { signInAs, signUpByApi, workspacesOf } from './accounts';

test('workspace settings: the currency changes how product prices show; deleting takes the name typed', async ({
  page,
  request,
}) => {
  const account = await signUpByApi(request, {
    label: 'settings',
    website: 'https://gear.example',
  });
  const { workspaceId } = (await workspacesOf(request, account))[0]!;
  const created = await request.post('/api/user/products', {
    headers: { authorization: `Bearer ${account.idToken}` },
    data: {
      workspaceId,
      productId: 'e2e-lantern',
      sku: 'LANTERN-1',
      name: 'Trail lantern',
      description: '',
      price: 129.99,
      stock: 12,
    },
  });
  expect(created.status()).toBe(201);
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
