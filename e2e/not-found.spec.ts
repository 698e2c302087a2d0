import { expect, test } from '@playwright/test';
import { signInAs, signUpByApi, workspacesOf } from './accounts';
import { collectConsoleErrors } from './console-errors';

test('an unknown path shows the 404 page', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText("We can't find that page");
  await expect(page.getByText('Page Not Found: /no-such-page')).toBeVisible();
  await page.getByRole('link', { name: 'Back to the home page' }).click();
  await expect(page).toHaveURL('/');
});

test('an unknown news slug shows the 404 page', async ({ page }) => {
  await page.goto('/news/no-such-article');
  await expect(page.getByText('Page Not Found: /news/no-such-article')).toBeVisible();
});

test('an unknown path at any depth of the dashboard shows the 404 page', async ({
  page,
  request,
}) => {
  const account = await signUpByApi(request, {
    label: 'not-found',
    website: 'https://not-found.example',
  });
  const { workspaceId } = (await workspacesOf(request, account))[0]!;
  await signInAs(page, account);
  const errors = collectConsoleErrors(page);
  const unknownPaths = [
    '/dashboard/help/anything-unknown',
    '/dashboard/my-account/anything-unknown',
    `/dashboard/${workspaceId}/anything-unknown`,
    `/dashboard/${workspaceId}/settings/anything-unknown`,
    `/dashboard/${workspaceId}/tickets/ticket-1/anything-unknown`,
    `/dashboard/${workspaceId}/settings/manage-users/user-1/anything-unknown`,
    `/dashboard/${workspaceId}/settings/manage-users/user-1/anything/unknown`,
  ];
  for (const path of unknownPaths) {
    // Opened afresh, as from a link or the address bar.
    await page.goto(path);
    await expect(page.getByText(`Page Not Found: ${path}`)).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText("We can't find that page");
  }
  // And reached from within the dashboard, its store already made.
  await page.goto(`/dashboard/${workspaceId}`);
  await expect(page.getByRole('navigation', { name: 'Dashboard' })).toBeVisible();
  const fromInside = `/dashboard/${workspaceId}/settings/anything-unknown`;
  await page.evaluate((path) => {
    window.history.pushState({}, '', path);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, fromInside);
  await expect(page.getByText(`Page Not Found: ${fromInside}`)).toBeVisible();
  expect(errors).toEqual([]);
});
