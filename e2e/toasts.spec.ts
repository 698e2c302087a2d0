import { expect, test } from '@playwright/test';
import { expectAccessibleInBothModes } from './accessibility';
import { signInAs, signUpByApi, workspacesOf } from './accounts';

// product-spec.md §8: every store action ends done or error; the dashboard says which in one place.
test('resolving a ticket says so in a toast that waits while the pointer is on it', async ({
  page,
  request,
}) => {
  // Accessibility checks in two colour modes take a while on a busy machine.
  test.setTimeout(60_000);
  const account = await signUpByApi(request, { label: 'toast', website: 'https://a.example' });
  const { workspaceId } = (await workspacesOf(request, account))[0]!;
  const created = await request.post('/api/user/tickets', {
    headers: { authorization: `Bearer ${account.idToken}` },
    data: {
      type: 'internal',
      workspaceId,
      subject: 'Replace the broken bell',
      recipientInfo: { firstName: '', lastName: '', email: '' },
      assigneeId: null,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };

  await signInAs(page, account);
  await page.goto(`/dashboard/${workspaceId}/tickets/${id}`);
  await page.getByRole('button', { name: 'Resolve ticket' }).click();

  const notifications = page.getByRole('region', { name: 'Notifications' });
  const toast = notifications.getByRole('status').filter({ hasText: 'Ticket resolved.' });
  await expect(toast).toBeVisible();
  // Focus stays where the agent was working.
  await expect(notifications.getByRole('button')).not.toBeFocused();
  // product-spec.md §9: it pauses on hover, long enough for the accessibility checks in both modes.
  await toast.hover();
  await expectAccessibleInBothModes(page);
  await expect(toast).toBeVisible();
  // Whole on the narrowest screen of product-spec.md §9 too.
  await page.setViewportSize({ width: 320, height: 640 });
  await toast.hover();
  const box = (await toast.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(320);
  expect(box.y + box.height).toBeLessThanOrEqual(640);
  await page.mouse.move(0, 0);
  await expect(toast).toBeHidden({ timeout: 10_000 });
});

test("a save the server fails shows product-spec.md §8's message in an error toast", async ({
  page,
  request,
}) => {
  const account = await signUpByApi(request, { label: 'toast-error' });
  await signInAs(page, account);
  await page.goto('/dashboard/my-account');
  await expect(page.getByLabel('First name')).toBeVisible();
  // The database is down: the API (or a proxy in front of it) answers 503.
  await page.route('**/api/user/profile', (route) =>
    route.request().method() === 'PATCH' ? route.fulfill({ status: 503 }) : route.fallback(),
  );
  await page.getByLabel('First name').fill('Rowan');
  await page.getByRole('button', { name: 'Save changes' }).click();

  const toast = page.getByRole('region', { name: 'Notifications' }).getByRole('alert');
  await expect(toast).toHaveText(/Cannot update user data/);
  await expect(page.getByLabel('First name')).toHaveValue('Rowan');
  await toast.getByRole('button', { name: 'Dismiss notification' }).click();
  await expect(toast).toHaveCount(0);
});
