import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectAccessibleInBothModes } from './accessibility';
import { signInAs, signUpByApi, workspacesOf } from './accounts';
import { openShopChat, serveWidgetHost } from './widget-host';

// The agents' copilot: suggested answers beside the reply box, inserted and edited before they
// are sent; and new pairs suggested from what agents answered, accepted in AI training.

const shopUrl = serveWidgetHost();

const pairs = [
  ['How long does standard shipping take?', 'Standard shipping takes 3 to 5 working days.'],
  ['Do you ship to Canada?', 'Yes, we ship to Canada; delivery takes 7 to 10 working days.'],
  ['Which payment methods do you accept?', 'We accept Visa, Mastercard, PayPal and gift cards.'],
  ['When is the store open?', 'Our store in Boulder is open Monday to Saturday, 9 am to 6 pm.'],
] as const;

async function trainedWorkspace(request: APIRequestContext, label: string) {
  const account = await signUpByApi(request, { label, website: 'https://outdoor.example' });
  const { workspaceId } = (await workspacesOf(request, account))[0]!;
  for (const [question, answer] of pairs) {
    const created = await request.post('/api/user/ai-training-qnas', {
      headers: { authorization: `Bearer ${account.idToken}` },
      data: { workspaceId, topicIds: ['Shop'], question, answer },
    });
    expect(created.status(), await created.text()).toBe(201);
  }
  return { account, workspaceId };
}

async function ask(page: Page, workspaceId: string, ...questions: string[]) {
  const { log, text } = await openShopChat(page, shopUrl(workspaceId));
  const botReplies = log.getByRole('listitem').filter({ hasText: '(bot)' });
  for (const question of questions) {
    const before = await botReplies.count();
    await text.fill(question);
    await text.press('Enter');
    await expect(log.locator('li.message.user').last()).toContainText(question);
    // The bot answers before the customer writes again.
    await expect(botReplies).toHaveCount(before + 1);
  }
  return log.getByRole('listitem');
}

test('an agent inserts a suggested answer into a handed-over conversation, edits and sends it', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const { account, workspaceId } = await trainedWorkspace(request, 'copilot-insert');
  const customer = await (await browser.newContext()).newPage();
  const messages = await ask(
    customer,
    workspaceId,
    'Do you ship to Canada?',
    'Can I talk to a person please?',
  );
  await expect(messages.filter({ hasText: '(bot)' }).last()).toContainText(
    'asked a member of our team to join',
  );

  const agent = await (await browser.newContext()).newPage();
  await signInAs(agent, account);
  await agent.goto(`/dashboard/${workspaceId}/chat-takeover`);
  await agent.getByRole('list', { name: 'Conversations' }).getByRole('link').first().click();
  const panel = agent.getByRole('region', { name: 'Suggested answers' });
  await expect(panel).toBeVisible();
  await expect(panel).toContainText('From your AI training, for: “Do you ship to Canada?”');
  // The customer's typing news pulses while it shows: checked once it is gone.
  await expect(agent.getByText(/is typing…/)).toHaveCount(0);
  await expectAccessibleInBothModes(agent);

  await agent.getByRole('button', { name: 'Take over' }).click();
  // By keyboard: the shortcut reaches the first suggestion's Insert.
  await agent.locator('body').click({ position: { x: 1, y: 1 } });
  await agent.keyboard.press('a');
  const insert = panel.getByRole('button', {
    name: 'Insert the answer from Do you ship to Canada?',
  });
  await expect(insert).toBeFocused();
  await agent.keyboard.press('Enter');
  const reply = agent.getByLabel('Your reply');
  await expect(reply).toHaveValue('Yes, we ship to Canada; delivery takes 7 to 10 working days.');
  await expect(reply).toBeFocused();
  // Nothing was sent by itself: the thread holds the bot's own answer only.
  const thread = agent.getByRole('region', { name: /^Messages with / });
  await expect(
    thread.getByRole('listitem').filter({ hasText: '7 to 10 working days' }),
  ).toHaveCount(1);
  await reply.press('End');
  await reply.pressSequentially(' Customs fees are paid on delivery.');
  await reply.press('Enter');
  const sent =
    'Yes, we ship to Canada; delivery takes 7 to 10 working days. Customs fees are paid on delivery.';
  await expect(thread.getByRole('listitem').filter({ hasText: sent })).toHaveCount(1);
  await expect(messages.last()).toContainText(sent);
});

test('an admin accepts a suggested pair from an answered conversation, and the widget answers with it', async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const { account, workspaceId } = await trainedWorkspace(request, 'copilot-suggested');
  const question = 'Do you rent out kayaks?';
  const customer = await (await browser.newContext()).newPage();
  const messages = await ask(customer, workspaceId, question);
  await expect(messages.filter({ hasText: '(bot)' }).last()).toContainText(
    'asked a member of our team to join',
  );

  // The agent answers and resolves it.
  await signInAs(page, account);
  await page.goto(`/dashboard/${workspaceId}/chat-takeover`);
  await page.getByRole('list', { name: 'Conversations' }).getByRole('link').first().click();
  await expect(page).toHaveURL(/chat-takeover\/[^/?]+/);
  const conversationId = new URL(page.url()).pathname.split('/').at(-1)!;
  const headers = { authorization: `Bearer ${account.idToken}` };
  const replied = await request.post('/api/user/messages', {
    headers,
    data: { workspaceId, conversationId, role: 'agent', content: 'yes, 40 dollars a day' },
  });
  expect(replied.status(), await replied.text()).toBe(201);
  const resolved = await request.post('/api/user/resolve-conversation', {
    headers,
    data: { workspaceId, conversationId },
  });
  expect(resolved.status(), await resolved.text()).toBe(200);

  await page.goto(`/dashboard/${workspaceId}/ai-training?tab=suggested`);
  const suggestion = page.getByRole('article', { name: question });
  await expect(suggestion).toBeVisible();
  await expect(suggestion.getByText('Answered once')).toBeVisible();
  await expect(suggestion.getByLabel('Answer')).toHaveValue('yes, 40 dollars a day');
  await expectAccessibleInBothModes(page);

  const edited = 'Yes, kayaks are 40 dollars a day, paddles and vests included.';
  await suggestion.getByLabel('Answer').fill(edited);
  await suggestion.getByRole('button', { name: `Accept “${question}” as a pair` }).click();
  await expect(page.getByText(`Added as a pair: ${question}`)).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(0);

  const next = await (await browser.newContext()).newPage();
  const nextMessages = await ask(next, workspaceId, question);
  await expect(nextMessages.filter({ hasText: '(bot)' }).last()).toContainText(edited);
});
