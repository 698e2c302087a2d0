import { expect, test } from '@playwright/test';
import { expectAccessibleInBothModes } from './accessibility';
import { addProduct, signInAs, signUpByApi, workspacesOf } from './accounts';

test('billing: a new workspace is on Free with its usage; an admin changes the plan through the dialog and sees it in the history', async ({
  page,
  request,
}) => {
  const account = await signUpByApi(request, { label: 'billing', website: 'https://gear.example' });
  const { workspaceId } = (await workspacesOf(request, account))[0]!;
  // Free includes no product catalogue: one product puts the workspace over that limit.
  await addProduct(request, account, workspaceId, {
    sku: 'LANTERN-1',
    name: 'Trail lantern',
    price: 129.99,
    stock: 12,
  });
  await signInAs(page, account);

  await page.goto(`/dashboard/${workspaceId}/settings`);
  await page
    .getByRole('navigation', { name: 'Settings' })
    .getByRole('link', { name: 'Billing' })
    .click();
  await expect(page).toHaveURL(`/dashboard/${workspaceId}/settings/billing`);
  await expect(page.getByRole('heading', { level: 1, name: 'Billing' })).toBeVisible();

  const current = page.getByRole('region', { name: 'Current plan' });
  await expect(current.getByText('Free', { exact: true })).toBeVisible();
  await expect(current.getByText('1 of 1')).toBeVisible();
  const usage = page.getByRole('region', { name: /^Usage in / });
  await expect(usage.getByRole('progressbar', { name: 'Conversations' })).toBeVisible();
  await expect(usage.getByText('0 of 100')).toBeVisible();
  await expect(usage.getByText('1, not included in your plan')).toBeVisible();
  await expect(page.getByText("This workspace is over its plan's limits")).toBeVisible();
  await expect(page.getByText('Products: 1 of 0')).toBeVisible();
  await expect(page.getByText(/^No changes yet/)).toBeVisible();
  await expectAccessibleInBothModes(page);

  // Starter, billed yearly; the keyboard reaches the chooser, and Escape leaves the dialog.
  const chooser = page.getByRole('form', { name: 'Change plan' });
  await chooser.getByText('Yearly', { exact: true }).click();
  await chooser.getByRole('radio', { name: /^Starter/ }).check();
  await expect(chooser.getByRole('radio', { name: /^Starter/ })).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(chooser.getByRole('radio', { name: /^Growth/ })).toBeChecked();
  await page.keyboard.press('ArrowLeft');
  await expect(chooser.getByRole('radio', { name: /^Starter/ })).toBeChecked();
  await chooser.getByRole('button', { name: 'Change plan…' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Move to Starter, billed yearly?' });
  await expect(dialog).toContainText('To Starter, billed yearly: $300 a year ($25 a month).');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await chooser.getByRole('button', { name: 'Change plan…' }).click();
  await dialog.getByRole('button', { name: 'Move to Starter' }).click();
  await expect(page.getByText('Your workspace is now on Starter, billed yearly.')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(current.getByText('Starter', { exact: true })).toBeVisible();
  await expect(current.getByText('$300 a year ($25 a month)')).toBeVisible();
  await expect(page.getByText("This workspace is over its plan's limits")).toBeHidden();

  const history = page.getByRole('table', { name: 'Plan changes (1)' });
  const row = history.getByRole('row').nth(1);
  await expect(row).toContainText('Free → Starter');
  await expect(row).toContainText('Monthly → Yearly');
  await expect(row).toContainText('Robin Agent');

  // What the page shows is what the server stored.
  await page.reload();
  await expect(current.getByText('Starter', { exact: true })).toBeVisible();
  await expect(history).toContainText('Free → Starter');
  await expectAccessibleInBothModes(page);
});
