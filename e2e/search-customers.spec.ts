import { expect, test, type APIRequestContext } from '@playwright/test';
import { expectAccessibleInBothModes } from './accessibility';
import { signInAs, signUpByApi, workspacesOf } from './accounts';

/** A widget visitor of the workspace says something; answers the visitor's conversation id. */
async function customerSays(
  request: APIRequestContext,
  workspaceId: string,
  customer: { firstName: string; lastName: string; email: string },
  messages: string[],
) {
  const session = await request.post('/api/widget/sessions', { data: { workspaceId, customer } });
  expect(session.status(), await session.text()).toBe(201);
  const { visitorToken } = (await session.json()) as { visitorToken: string };
  let conversationId = '';
  for (const content of messages) {
    const sent = await request.post('/api/widget/messages', {
      headers: { authorization: `Bearer ${visitorToken}` },
      data: { content },
    });
    expect(sent.status(), await sent.text()).toBe(201);
    ({ conversationId } = (await sent.json()) as { conversationId: string });
  }
  return conversationId;
}

test('search from the header reaches the message; customers merge and erase by keyboard', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const account = await signUpByApi(request, {
    label: 'search',
    website: 'https://lantern-repairs.example',
  });
  const { workspaceId } = (await workspacesOf(request, account))[0]!;
  // Enough earlier messages that the found one is not simply the newest.
  const conversationId = await customerSays(
    request,
    workspaceId,
    { firstName: 'Maya', lastName: 'Patel', email: 'maya@lantern.example' },
    [
      'My lantern was refunded but the parcel came anyway',
      ...Array.from({ length: 12 }, (_, i) => `Follow-up number ${i + 1} about the wick`),
    ],
  );
  await customerSays(
    request,
    workspaceId,
    { firstName: 'M.', lastName: 'Patel', email: 'mpatel@other.example' },
    ['Second visit, asking about the glass'],
  );

  await signInAs(page, account);
  await page.goto(`/dashboard/${workspaceId}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  // "/" focuses the header's search field; a stemmed word finds the message.
  await page.locator('body').press('/');
  const field = page.getByRole('searchbox', { name: 'Search conversations and customers' });
  await expect(field).toBeFocused();
  await page.keyboard.type('refunds');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/search\?q=refunds$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Search' })).toBeVisible();
  const result = page.getByRole('link', { name: /Message from Customer · Maya Patel/ });
  await expect(result).toBeVisible();
  await expect(page.locator('mark', { hasText: 'refunded' })).toBeVisible();
  await expectAccessibleInBothModes(page);

  // The result opens the conversation at the message, marked.
  await result.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/chat-takeover/${conversationId}\\?message=`));
  const found = page.locator('[data-found]');
  await expect(found).toContainText('My lantern was refunded');
  await expect(found).toContainText('Search result');
  await expect(found).toBeInViewport();

  // The Customers page lists both; Maya's page shows her conversation.
  await page.goto(`/dashboard/${workspaceId}/customers?sort=name`);
  await expect(page.getByRole('heading', { level: 1, name: 'Customers' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Maya Patel' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'M. Patel' })).toBeVisible();
  await expectAccessibleInBothModes(page);
  await page.getByRole('link', { name: 'Maya Patel' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Maya Patel' })).toBeVisible();
  const conversations = page.getByRole('region', { name: 'Conversations' }).getByRole('listitem');
  await expect(conversations).toHaveCount(1);
  await expectAccessibleInBothModes(page);

  // Merge by keyboard: find the other record, pick it, confirm in the dialog that says what moves.
  const findField = page.getByRole('searchbox', { name: 'Find the other customer' });
  await findField.focus();
  await page.keyboard.type('mpatel');
  await page.keyboard.press('Enter');
  const pick = page.getByRole('button', { name: /Merge M\. Patel into this customer/ });
  await pick.focus();
  await page.keyboard.press('Enter');
  const mergeDialog = page.getByRole('alertdialog', { name: 'Merge M. Patel into Maya Patel?' });
  await expect(mergeDialog).toContainText('1 conversation of M. Patel and its tickets move');
  await expectAccessibleInBothModes(page);
  await page.keyboard.press('Tab');
  await expect(mergeDialog.getByRole('button', { name: 'Merge M. Patel' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Merged: 1 conversation moved.')).toBeVisible();
  await expect(conversations).toHaveCount(2);

  // Erase by keyboard: the name must be typed.
  const erase = page.getByRole('button', { name: 'Erase customer…' });
  await erase.focus();
  await page.keyboard.press('Enter');
  const eraseDialog = page.getByRole('alertdialog', { name: 'Erase Maya Patel?' });
  const typeName = eraseDialog.getByLabel('Type Maya Patel to confirm');
  await expect(typeName).toBeFocused();
  await expectAccessibleInBothModes(page);
  await page.keyboard.type('Maya');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(eraseDialog.getByRole('button', { name: 'Erase Maya Patel' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(eraseDialog).toContainText('Type the name exactly as shown.');
  await typeName.focus();
  await page.keyboard.type(' Patel');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(
    page.getByText(/^Customer erased: \d+ messages and 0 files deleted\.$/),
  ).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Erased customer' })).toBeVisible();

  // Gone from search, listed in the audit list.
  await page.goto(`/dashboard/${workspaceId}/search?q=refunds`);
  await expect(page.getByText('Nothing matches these words.')).toBeVisible();
  await page.goto(`/dashboard/${workspaceId}/customers`);
  await expect(page.getByRole('table', { name: 'Erasures' })).toContainText(account.email);
});
