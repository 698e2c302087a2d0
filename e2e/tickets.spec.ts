import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { signInAs, signUpByApi, type Account, workspacesOf } from './accounts';

/** Creates an internal ticket through the API, as another agent of the workspace would. */
async function createTicketByApi(
  request: APIRequestContext,
  account: Account,
  workspaceId: string,
  subject: string,
) {
  const response = await request.post('/api/user/tickets', {
    headers: { authorization: `Bearer ${account.idToken}` },
    data: {
      type: 'internal',
      workspaceId,
      subject,
      recipientInfo: { firstName: '', lastName: '', email: '' },
      assigneeId: null,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
}

async function openTickets(page: Page, account: Account, workspaceId: string) {
  const target = `/dashboard/${workspaceId}/tickets`;
  await signInAs(page, account);
  await page.goto(target);
  await expect(page.getByRole('heading', { level: 1, name: 'Tickets' })).toBeVisible();
}

/** The subjects of the list's rows, top to bottom. */
const subjects = (page: Page) => page.getByRole('table').getByRole('rowheader');
/** A status filter's option (its radio button is hidden behind the label). */
const filter = (page: Page, name: string) => page.locator('label', { hasText: name });

test('tickets: created in one window, live in another; follow-up, resolve all, counts', async ({
  browser,
  request,
}) => {
  // Two windows signing in and loading the area at once: about 25 s alone on two cores, more
  // while the other worker's tests load them too.
  test.setTimeout(60_000);
  const account = await signUpByApi(request, {
    label: 'tickets',
    website: 'https://bell-foundry.example',
  });
  const { workspaceId } = (await workspacesOf(request, account))[0]!;
  // Ten older tickets: with the one created below and one more, the Open filter spans two pages.
  for (let index = 1; index <= 10; index += 1) {
    await createTicketByApi(request, account, workspaceId, `Older ticket ${index}`);
  }

  const first = await browser.newContext();
  const second = await browser.newContext();
  const pageA = await first.newPage();
  const pageB = await second.newPage();
  await openTickets(pageA, account, workspaceId);
  await openTickets(pageB, account, workspaceId);
  await expect(filter(pageB, 'All (10)')).toBeVisible();

  // Window A creates an internal ticket; window B sees it without reloading.
  await pageA.getByRole('button', { name: 'Create ticket' }).click();
  const form = pageA.getByRole('form', { name: 'New ticket' });
  await form.getByLabel('Subject').fill('The bell rings twice');
  await form.getByLabel(/Recipient's first name/).fill('Quentin');
  await form.getByRole('button', { name: 'Create ticket' }).click();
  await expect(pageA.getByText('Ticket created: The bell rings twice.')).toBeVisible();
  await expect(subjects(pageB).first()).toHaveText('The bell rings twice');
  await expect(filter(pageB, 'All (11)')).toBeVisible();
  await expect(filter(pageB, 'Open (11)')).toBeVisible();

  // A newer ticket goes above it; marked for follow-up, it moves back to the top.
  await createTicketByApi(request, account, workspaceId, 'Newest ticket');
  await expect(subjects(pageB).first()).toHaveText('Newest ticket');
  await pageB.getByRole('checkbox', { name: 'Select The bell rings twice' }).check();
  await pageB.getByRole('button', { name: 'Mark for follow-up' }).click();
  await expect(pageB.getByText('1 ticket marked for follow-up.')).toBeVisible();
  await expect(subjects(pageB).first()).toHaveText('The bell rings twice');
  await expect(subjects(pageA).first()).toHaveText('The bell rings twice');

  // Resolve every open ticket of the Open filter, on both pages of it.
  await filter(pageA, 'Open (12)').click();
  await expect(pageA).toHaveURL(`/dashboard/${workspaceId}/tickets?status=open`);
  await expect(pageA.getByRole('table', { name: 'Tickets, page 1 of 2' })).toBeVisible();
  await pageA.getByRole('checkbox', { name: 'Select every ticket on this page' }).check();
  await pageA.getByRole('button', { name: 'Select all 12 tickets in this filter' }).click();
  await pageA.getByRole('button', { name: 'Resolve', exact: true }).click();
  const dialog = pageA.getByRole('alertdialog', { name: 'Resolve all 12 open tickets?' });
  await dialog.getByRole('button', { name: 'Resolve all' }).click();
  await expect(pageA.getByText('12 tickets resolved.')).toBeVisible();
  await expect(pageA.getByText('There are no open tickets. Nice work.')).toBeVisible();

  // The counts change everywhere.
  await expect(filter(pageA, 'Open (0)')).toBeVisible();
  await expect(filter(pageA, 'Closed (12)')).toBeVisible();
  await expect(filter(pageB, 'Open (0)')).toBeVisible();
  await expect(filter(pageB, 'Closed (12)')).toBeVisible();
  await expect(filter(pageB, 'All (12)')).toBeVisible();
  await expect(pageB.getByRole('table').getByText('Open', { exact: true })).toHaveCount(0);

  // The ticket's own page, live as well.
  await pageB.getByRole('link', { name: 'The bell rings twice' }).click();
  await expect(
    pageB.getByRole('heading', { level: 1, name: 'The bell rings twice' }),
  ).toBeVisible();
  await expect(pageB.getByText('Quentin')).toBeVisible();

  await first.close();
  await second.close();
});

test('a tickets page number below 1 is the 404 page', async ({ page, request }) => {
  const account = await signUpByApi(request, {
    label: 'tickets-404',
    website: 'https://b.example',
  });
  const { workspaceId } = (await workspacesOf(request, account))[0]!;
  await signInAs(page, account);
  await page.goto(`/dashboard/${workspaceId}/tickets?page=0`);
  await expect(
    page.getByText(`Page Not Found: /dashboard/${workspaceId}/tickets?page=0`),
  ).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText("We can't find that page");
});
