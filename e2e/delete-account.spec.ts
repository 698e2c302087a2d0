import { expect, test } from '@playwright/test';
import { expectAccessibleInBothModes } from './accessibility';
import { logIn, signInAs, signUpByApi, workspacesOf } from './accounts';

// Issue 16: deleting the account from My account, with Parley's own sign-in.
test('delete the account from My account: the password is checked, then the user is gone', async ({
  page,
  request,
}) => {
  const account = await signUpByApi(request, {
    label: 'delete-account',
    website: 'https://lighthouse-teas.example',
  });
  expect(await workspacesOf(request, account)).toHaveLength(1);
  await signInAs(page, account);
  await page.goto('/dashboard/my-account');

  const section = page.getByRole('region', { name: 'Delete account' });
  await expect(section).toContainText('every workspace you are the only member of');
  await expectAccessibleInBothModes(page);

  // Keyboard only: the button, then the password field that takes focus.
  await section.getByRole('button', { name: 'Delete account…' }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('alertdialog', { name: 'Delete your Parley account?' });
  const password = dialog.getByLabel('Your password');
  await expect(password).toBeFocused();
  await expectAccessibleInBothModes(page);

  await page.keyboard.type('not-my-password');
  await page.keyboard.press('Enter');
  await expect(dialog.getByText("That password isn't right.")).toBeVisible();
  await expect(password).toBeFocused();
  await expectAccessibleInBothModes(page);
  // Nothing was deleted.
  expect(await workspacesOf(request, account)).toHaveLength(1);

  await password.fill(account.password);
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL('/login');
  await expect(page.getByText('Your account has been deleted.')).toBeVisible();
  await expectAccessibleInBothModes(page);
  // Signed out: the dashboard asks for a sign-in again.
  await page.goto('/dashboard');
  await expect(page).toHaveURL('/login?redirect=%2Fdashboard');

  // The account is gone: its password logs in no more (product-spec.md §8), its token opens nothing.
  await logIn(page, account.email, account.password);
  await expect(page.getByRole('alert')).toContainText(
    'The e-mail address or password is incorrect.',
  );
  const workspaces = await request.get('/api/user/workspaces', {
    headers: { authorization: `Bearer ${account.idToken}` },
  });
  expect(workspaces.status()).toBe(401);
});
