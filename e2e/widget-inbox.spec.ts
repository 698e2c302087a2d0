import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectAccessible } from './accessibility';
import { signUpByApi, workspacesOf, type Account } from './accounts';
import { collectConsoleErrors } from './console-errors';
import { serveWidgetHost } from './widget-host';

// The customer's side of the agents' inbox (issue 18), in the widget on a shop page: the agent
// (played through the API and a live socket of its own) types, reads and resolves; the customer
// sees the typing and "Seen", types back, and rates the conversation once.

const shopUrl = serveWidgetHost();
const launcher = (page: Page) => page.getByRole('button', { name: /^(Open|Close) chat$/ });
const chatWindow = (page: Page) => page.frameLocator('iframe[title="Chat"]');

/** An agent's /api/live connection, run in a page of its own on Parley's origin. */
async function agentSocket(browser: Browser, account: Account, query: object) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/api/health');
  await page.evaluate(
    ({ token, subscription }) =>
      new Promise<void>((resolve, reject) => {
        const socket = new WebSocket(`${location.origin.replace(/^http/, 'ws')}/api/live`);
        const received: unknown[] = [];
        Object.assign(window, { agentSocket: socket, agentReceived: received });
        socket.onopen = () => socket.send(JSON.stringify({ type: 'auth', token }));
        socket.onmessage = (event) => {
          const message = JSON.parse(String(event.data)) as { type: string };
          received.push(message);
          if (message.type === 'ready') {
            socket.send(JSON.stringify({ type: 'subscribe', id: 'open', query: subscription }));
          }
          if (message.type === 'snapshot') resolve();
          if (message.type === 'error') reject(new Error(JSON.stringify(message)));
        };
      }),
    { token: account.idToken, subscription: query },
  );
  return {
    send: (message: object) =>
      page.evaluate((text) => {
        (window as unknown as { agentSocket: WebSocket }).agentSocket.send(text);
      }, JSON.stringify(message)),
    received: () =>
      page.evaluate(() => (window as unknown as { agentReceived: unknown[] }).agentReceived),
    close: () => context.close(),
  };
}

test('the customer sees the agent typing and reading, types back, and rates the resolved conversation once', async ({
  page,
  browser,
}) => {
  const errors = collectConsoleErrors(page);
  const agent = await signUpByApi(page.request, {
    label: 'widget-inbox',
    website: 'https://harbor.example',
  });
  const [link] = await workspacesOf(page.request, agent);
  if (!link) throw new Error('The new account has no workspace');
  const { workspaceId } = link;
  const asAgent = { authorization: `Bearer ${agent.idToken}` };

  await page.goto(shopUrl(workspaceId));
  await launcher(page).click();
  const chat = chatWindow(page);
  const text = chat.getByRole('textbox', { name: 'Message' });
  await text.fill('Has my order left the warehouse?');
  await text.press('Enter');
  const conversation = chat.getByRole('log', { name: 'Conversation' });
  await expect(conversation.getByRole('listitem').filter({ hasText: '(bot)' })).toHaveCount(1);

  // The conversation, as the visitor's own token reads it.
  const token = await page
    .frame({ url: /\/widget\/window\.html/ })
    ?.evaluate((key) => localStorage.getItem(key), `parley.visitor.${workspaceId}`);
  const current = await page.request.get('/api/widget/messages', {
    headers: { authorization: `Bearer ${token}` },
  });
  const { conversation: opened } = (await current.json()) as { conversation: { id: string } };
  const conversationId = opened.id;

  const socket = await agentSocket(browser, agent, {
    collection: 'messages',
    workspaceId,
    conversationId,
  });
  try {
    await socket.send({ type: 'typing', conversationId });
    await expect(chat.getByText('A support agent is typing…')).toBeVisible();

    // The customer types: the agent hears it.
    await text.pressSequentially('Also, ');
    await expect
      .poll(async () =>
        (await socket.received()).some(
          (message) =>
            (message as { type: string; from?: string }).type === 'typing' &&
            (message as { from?: string }).from === 'customer',
        ),
      )
      .toBe(true);

    // The agent reads the conversation: "Seen" under the customer's message.
    const seen = await page.request.post('/api/user/seen-message', {
      headers: asAgent,
      data: { workspaceId, conversationId, messagesSeenCount: 2 },
    });
    expect(seen.ok()).toBe(true);
    await expect(
      conversation
        .getByRole('listitem')
        .filter({ hasText: 'Has my order left the warehouse?' })
        .getByText('Seen'),
    ).toBeVisible();

    const resolved = await page.request.post('/api/user/resolve-conversation', {
      headers: asAgent,
      data: { workspaceId, conversationId },
    });
    expect(resolved.ok()).toBe(true);
  } finally {
    await socket.close();
  }

  const rating = chat.getByRole('form', { name: 'How was this conversation?' });
  await expect(rating).toBeVisible();
  // The window (light only: it takes the business's colours) with the prompt in it.
  await expectAccessible(page);
  // By keyboard: Space picks a star, the arrow keys move between them.
  const three = rating.getByRole('radio', { name: '3 stars' });
  await three.focus();
  await three.press('Space');
  await expect(three).toBeChecked();
  await three.press('ArrowRight');
  await expect(rating.getByRole('radio', { name: '4 stars' })).toBeChecked();
  await rating.getByRole('textbox', { name: 'Comment (optional)' }).fill('Clear and quick');
  await rating.getByRole('button', { name: 'Send rating' }).click();
  await expect(chat.getByText('Thank you for your rating!')).toBeVisible();
  await expect(rating).toBeHidden();

  // Once: a second rating is refused, and the workspace's figure counts the one.
  const again = await page.request.post('/api/widget/rating', {
    headers: { authorization: `Bearer ${token}` },
    data: { rating: 1 },
  });
  expect(again.status()).toBe(400);
  const statistics = await page.request.get(`/api/user/statistics?workspaceId=${workspaceId}`, {
    headers: asAgent,
  });
  expect(((await statistics.json()) as { ratings: unknown }).ratings).toEqual({
    count: 1,
    sum: 4,
    average: 4,
  });
  expect(errors).toEqual([]);
});
