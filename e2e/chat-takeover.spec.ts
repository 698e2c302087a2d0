import { expect, test } from '@playwright/test';
import { collectConsoleErrors } from './console-errors';
import { logIn, signUpByApi, workspacesOf } from './accounts';

test('a new workspace has no conversations yet', async ({ page, request }) => {
  const errors = collectConsoleErrors(page);
  const account = await signUpByApi(request, { label: 'chat-empty', website: 'https://a.example' });
  const { workspaceId } = (await workspacesOf(request, account))[0]!;

  await page.goto(`/dashboard/${workspaceId}/chat-takeover`);
  await logIn(page, account.email, account.password);

  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Chat takeover');
  await expect(page.getByText(/No conversations yet/)).toBeVisible();
  await page.getByText('Pending', { exact: true }).click();
  await expect(page).toHaveURL(`/dashboard/${workspaceId}/chat-takeover?status=pending`);
  await expect(page.getByText(/No pending conversations/)).toBeVisible();
  expect(errors).toEqual([]);
});

test('an unknown conversation shows the 404 page', async ({ page, request }) => {
  const account = await signUpByApi(request, { label: 'chat-404', website: 'https://a.example' });
  const { workspaceId } = (await workspacesOf(request, account))[0]!;
  const path = `/dashboard/${workspaceId}/chat-takeover/no-such-conversation`;

  await page.goto(path);
  await logIn(page, account.email, account.password);
  await expect(page.getByText(`Page Not Found: ${path}`)).toBeVisible();
});
