import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectAccessibleInBothModes } from './accessibility';
import { logIn, signUpByApi, workspacesOf, type Account } from './accounts';
import { collectConsoleErrors } from './console-errors';
import { openShopChat, serveWidgetHost } from './widget-host';

const shopUrl = serveWidgetHost();

declare global {
  interface Window {
    /** The notifications the page raised (the init script below records them). */
    raisedNotifications: { title: string; body?: string; tag?: string }[];
  }
}

/** An agent's browser: notifications allowed, and each one the page raises recorded. */
async function agentPage(browser: Browser, account: Account, path: string) {
  const context = await browser.newContext({ permissions: ['notifications'] });
  await context.addInitScript(() => {
    const Native = window.Notification;
    window.raisedNotifications = [];
    class Recorded extends Native {
      constructor(title: string, options?: NotificationOptions) {
        window.raisedNotifications.push({ title, body: options?.body, tag: options?.tag });
        super(title, options);
      }
    }
    window.Notification = Recorded;
  });
  const page = await context.newPage();
  const errors = collectConsoleErrors(page);
  await page.goto(path);
  await logIn(page, account.email, account.password);
  return { context, page, errors };
}

const waitingCount = (page: Page) => page.getByTestId('pending-count');

test('an agent works a pending customer in the split view: alerts, typing, saved reply, note, assignment, rating', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const owner = await signUpByApi(request, { label: 'inbox', website: 'https://shop.example' });
  const colleague = await signUpByApi(request, {
    label: 'inbox-sam',
    displayName: 'Sam Colleague',
  });
  const { workspaceId } = (await workspacesOf(request, owner))[0]!;
  const auth = { authorization: `Bearer ${owner.idToken}` };
  const added = await request.post('/api/user/users', {
    headers: auth,
    data: { workspaceId, users: [{ email: colleague.email, role: 'admin' }] },
  });
  expect(added.status(), await added.text()).toBe(201);
  const saved = await request.post('/api/user/canned-responses', {
    headers: auth,
    data: {
      workspaceId,
      shortcut: 'cheque',
      content: 'Yes, we take cheques: send it with your order number on the back.',
    },
  });
  expect(saved.status(), await saved.text()).toBe(201);

  // The agent waits on the takeover list, with notifications allowed in this browser.
  const base = `/dashboard/${workspaceId}/chat-takeover`;
  const agent = await agentPage(browser, owner, base);
  const page = agent.page;
  await expect(page.getByText(/No conversations yet/)).toBeVisible();
  await expect(page.getByText('Notifications are on in this browser.')).toBeVisible();
  await expect(waitingCount(page)).toHaveText('0 waiting in chat takeover');
  await expect(page).toHaveTitle('Chat takeover · Parley');

  // A customer on the shop asks what the bot cannot answer: the conversation becomes pending.
  const customerContext = await browser.newContext();
  const customer = await customerContext.newPage();
  const customerErrors = collectConsoleErrors(customer);
  const { chat, log: widgetLog, text } = await openShopChat(customer, shopUrl(workspaceId));
  await text.fill('Can I pay for my order with a cheque from my grandmother?');
  await text.press('Enter');
  await expect(widgetLog.getByRole('listitem').last()).toContainText(
    'asked a member of our team to join',
  );

  // The agent is told: a notification, the header's count, the tab's title.
  await expect(waitingCount(page)).toHaveText('1 waiting in chat takeover');
  await expect(page).toHaveTitle('(1) Chat takeover · Parley');
  await expect
    .poll(() => page.evaluate(() => window.raisedNotifications))
    .toEqual([
      expect.objectContaining({
        title: 'A customer is waiting for a person',
        tag: expect.stringMatching(/^pending-/),
      }),
    ]);

  // The split view: the list on the left, the conversation beside it, the customer's details.
  await page.keyboard.press('n');
  await expect(page).toHaveURL(new RegExp(`${base}/[^/?]+$`));
  await expect(page.getByRole('heading', { level: 2, name: 'Anonymous User' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Conversations' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Customer' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Earlier conversations' })).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expectAccessibleInBothModes(page);

  // Each side sees the other typing.
  await text.pressSequentially('Hello, are you t');
  await expect(page.getByText('Anonymous User is typing…')).toBeVisible();
  await page.keyboard.press('r');
  const reply = page.getByLabel('Your reply');
  await expect(reply).toBeFocused();
  await reply.pressSequentially('Hello! /che');
  await expect(chat.getByText('A support agent is typing…')).toBeVisible();

  // A saved reply, inserted with / and the keyboard, then sent.
  const savedReplies = page.getByRole('listbox', { name: 'Saved replies' });
  await expect(savedReplies.getByRole('option')).toHaveText([/\/cheque.*Yes, we take cheques/]);
  await reply.press('Enter');
  await expect(reply).toHaveValue(
    'Hello! Yes, we take cheques: send it with your order number on the back.',
  );
  await reply.press('Enter');
  await expect(
    widgetLog.getByRole('listitem').filter({ hasText: 'Support agent' }).last(),
  ).toContainText('Yes, we take cheques');
  // Answered by a person: nobody waits any more.
  await expect(waitingCount(page)).toHaveText('0 waiting in chat takeover');
  await expect(page).toHaveTitle('Anonymous User · Parley');

  // A private note: the team sees it, the customer never does.
  const thread = page.getByRole('region', { name: 'Messages with Anonymous User' });
  await page.getByText('Private note', { exact: true }).click();
  await page.getByLabel('Note for your team').fill('Grandmother pays: check the cheque first.');
  await page.getByLabel('Note for your team').press('Enter');
  await expect(thread.locator('[data-role="note"]')).toContainText(
    'Grandmother pays: check the cheque first.',
  );
  await page.getByText('Reply', { exact: true }).click();
  await reply.fill('Anything else I can help with?');
  await reply.press('Enter');
  await expect(widgetLog).toContainText('Anything else I can help with?');
  await expect(widgetLog).not.toContainText('Grandmother pays');

  // Assigned to a colleague, who finds it under "mine".
  await page
    .getByRole('combobox', { name: 'Assigned to' })
    .selectOption({ label: 'Sam Colleague' });
  await expect(
    page.getByRole('list', { name: 'Conversations' }).getByText('Assigned to Sam Colleague'),
  ).toBeVisible();
  const sam = await agentPage(browser, colleague, `${base}?assignee=mine`);
  const samList = sam.page.getByRole('list', { name: 'Conversations' });
  await expect(samList.getByRole('link')).toHaveCount(1);
  await expect(samList.getByRole('link')).toContainText('Anonymous User');
  await expect(samList).toContainText('Assigned to You');
  // The header counts on every area's page.
  await sam.page.goto(`/dashboard/${workspaceId}/tickets`);
  await expect(waitingCount(sam.page)).toHaveText('0 waiting in chat takeover');

  // Resolved (Escape leaves the reply box, e resolves); the customer rates it, and the rating
  // shows on the conversation and on the workspace's home.
  await reply.focus();
  await page.keyboard.press('Escape');
  await page.keyboard.press('e');
  await page.getByRole('button', { name: 'Resolve conversation' }).click();
  const rating = chat.getByRole('form', { name: 'How was this conversation?' });
  await expect(rating).toBeVisible();
  const four = rating.getByRole('radio', { name: '4 stars' });
  await four.focus();
  await four.press('Space');
  await rating.getByRole('textbox', { name: 'Comment (optional)' }).fill('Quick and kind.');
  await rating.getByRole('button', { name: 'Send rating' }).click();
  await expect(chat.getByText('Thank you for your rating!')).toBeVisible();
  await expect(page.getByText('The customer rated it 4 out of 5')).toBeVisible();
  await expect(page.getByText('Quick and kind.')).toBeVisible();

  await page.goto(`/dashboard/${workspaceId}`);
  await expect(page.getByTestId('stat-satisfaction')).toHaveText('4.0 / 5');

  expect(agent.errors).toEqual([]);
  expect(sam.errors).toEqual([]);
  expect(customerErrors).toEqual([]);
  await agent.context.close();
  await sam.context.close();
  await customerContext.close();
});
