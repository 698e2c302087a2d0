import { expect, test } from '@playwright/test';
import {
  defaultPassword,
  logIn,
  readLatestEmail,
  signUpByApi,
  uniqueEmail,
  workspacesOf,
} from './accounts';

const dataDir = process.env.E2E_DATA_DIR!;

test('sign up lands on the dashboard with a workspace; sign out ends the session', async ({
  page,
}) => {
  const email = uniqueEmail('signup');
  await page.goto('/signup');
  await page.getByLabel('Your name').fill('Morgan Reyes');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(defaultPassword);
  await page.getByLabel(/Your company's website/).fill('https://harbor-books.example');
  await page.getByRole('button', { name: 'Create account' }).click();

  await expect(page).toHaveURL('/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hello, Morgan');
  await expect(page.getByRole('combobox', { name: 'Workspace' })).toHaveText('Your workspace');
  await expect(page.getByTestId('stat-tickets')).toHaveText('0');

  await page.getByRole('button', { name: 'Account', exact: true }).click();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL('/login');
  await page.goto('/dashboard');
  await expect(page).toHaveURL('/login?redirect=%2Fdashboard');
});

test('a signed-out visit to a workspace page goes to login and comes back after it', async ({
  page,
  request,
}) => {
  const account = await signUpByApi(request, { label: 'redirect', website: 'https://a.example' });
  const { workspaceId } = (await workspacesOf(request, account))[0]!;
  const target = `/dashboard/${workspaceId}/tickets`;

  await page.goto(target);
  await expect(page).toHaveURL(`/login?redirect=${encodeURIComponent(target)}`);
  await logIn(page, account.email, account.password);
  await expect(page).toHaveURL(target);
});

test('a signed-in visit to / goes to /dashboard', async ({ page, request }) => {
  const account = await signUpByApi(request, { label: 'home' });
  await page.goto('/login');
  await logIn(page, account.email, account.password);
  await expect(page).toHaveURL('/dashboard');
  // No workspace yet: the user is prompted to add one (product-spec.md §4).
  await expect(page.getByRole('heading', { name: 'Add a workspace' })).toBeVisible();
  await page.goto('/');
  await expect(page).toHaveURL('/dashboard');
});

test('a member who is not admin is refused admin routes', async ({ page, request }) => {
  const admin = await signUpByApi(request, { label: 'owner', website: 'https://owner.example' });
  const agent = await signUpByApi(request, { label: 'agent' });
  const { workspaceId } = (await workspacesOf(request, admin))[0]!;
  const added = await request.post('/api/user/users', {
    headers: { authorization: `Bearer ${admin.idToken}` },
    data: { workspaceId, users: [{ email: agent.email, role: 'agent' }] },
  });
  expect(added.status()).toBe(201);

  await page.goto('/login');
  await logIn(page, agent.email, agent.password);
  await expect(page).toHaveURL('/dashboard');
  await expect(page.getByText(/Ask an admin for admin rights/)).toBeVisible();
  for (const target of [
    `/dashboard/${workspaceId}`,
    `/dashboard/${workspaceId}/settings/manage-users`,
  ]) {
    await page.goto(target);
    await expect(page).toHaveURL(`/dashboard?redirect=${encodeURIComponent(target)}`);
  }
});

test('forgot password: the e-mailed link sets a new password that logs in', async ({
  page,
  request,
}) => {
  const account = await signUpByApi(request, { label: 'reset' });
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveURL('/forgot-password');
  // The page is loaded on demand and the login page (with its own E-mail field) stays until then.
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  await page.getByLabel('E-mail').fill(account.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText(`If an account exists for ${account.email}`)).toBeVisible();

  // The server writes the e-mail after answering (its timing must not reveal the account).
  let email = '';
  await expect
    .poll(() => {
      try {
        email = readLatestEmail(dataDir, account.email);
        return true;
      } catch {
        return false;
      }
    })
    .toBe(true);
  const link = /http:\/\/localhost:\d+\/login\?mode=resetPassword&(?:amp;)?oobCode=[\w-]+/.exec(
    email,
  )?.[0];
  expect(link, email).toBeTruthy();

  const newPassword = 'Lantern-quay-42';
  await page.goto(link!.replace('&amp;', '&'));
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Repeat the new password').fill(newPassword);
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page.getByText('Your password is changed.', { exact: false })).toBeVisible();
  await page.getByRole('link', { name: 'Log in' }).click();

  await logIn(page, account.email, account.password);
  await expect(page.getByRole('alert')).toHaveText('The e-mail address or password is incorrect.');
  await logIn(page, account.email, newPassword);
  await expect(page).toHaveURL('/dashboard');
});

test('changing the password with a wrong current password shows the error', async ({
  page,
  request,
}) => {
  const account = await signUpByApi(request, { label: 'change' });
  await page.goto('/login?redirect=%2Fdashboard%2Fmy-account%2Fchange-password');
  await logIn(page, account.email, account.password);
  await expect(page).toHaveURL('/dashboard/my-account/change-password');
  await page.getByLabel('Current password').fill('not-my-password');
  await page.getByLabel('New password', { exact: true }).fill('Brand-new-pass-9');
  await page.getByLabel(/Confirm new password|Repeat the new password/).fill('Brand-new-pass-9');
  await page.getByRole('button', { name: /Change password/ }).click();
  await expect(page.getByText("That password isn't right.")).toBeVisible();
});
