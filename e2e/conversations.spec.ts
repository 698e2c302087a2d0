import { expect, test } from '@playwright/test';
import { logIn, signUpByApi, workspacesOf } from './accounts';
import { collectConsoleErrors } from './console-errors';
import { openShopChat, serveWidgetHost } from './widget-host';

const shopUrl = serveWidgetHost();

const answer = 'Yes: we ship to Portugal, and parcels to Lisbon arrive in 3 to 5 working days.';

test('a customer asks the bot, is handed to an agent who takes over, replies and resolves', async ({
  browser,
  request,
}) => {
  // Two browsers (the agent's dashboard and the customer's shop page with the widget) driven in
  // turn: about 10 s alone, three times that beside another worker on two cores.
  test.setTimeout(60_000);
  const account = await signUpByApi(request, {
    label: 'takeover',
    website: 'https://shop.example',
  });
  const { workspaceId } = (await workspacesOf(request, account))[0]!;
  const trained = await request.post('/api/user/ai-training-qnas', {
    headers: { authorization: `Bearer ${account.idToken}` },
    data: { workspaceId, topicIds: ['shipping'], question: 'Do you ship to Lisbon?', answer },
  });
  expect(trained.status(), await trained.text()).toBeLessThan(300);

  // The agent, in their own browser, on the takeover list.
  const agentContext = await browser.newContext();
  const agent = await agentContext.newPage();
  const agentErrors = collectConsoleErrors(agent);
  await agent.goto(`/dashboard/${workspaceId}/chat-takeover`);
  await logIn(agent, account.email, account.password);
  await expect(agent.getByText(/No conversations yet/)).toBeVisible();

  // The customer, in another browser, on the business's own site.
  const customerContext = await browser.newContext();
  const customer = await customerContext.newPage();
  const customerErrors = collectConsoleErrors(customer);
  const { chat, log, text } = await openShopChat(customer, shopUrl(workspaceId));
  const messages = log.getByRole('listitem');

  // A question the training covers: the bot answers with the Q&A pair's answer.
  await text.fill('Do you ship to Lisbon?');
  await text.press('Enter');
  await expect(messages.filter({ hasText: '(bot)' }).last()).toContainText(answer);

  // One it does not cover: the bot says so and asks for a person; the conversation is pending.
  await text.fill('Can I pay for my order with a cheque from my grandmother?');
  await text.press('Enter');
  await expect(messages.filter({ hasText: '(bot)' }).last()).toContainText(
    'asked a member of our team to join',
  );

  // The agent sees it first in the list within a second, without reloading.
  const first = agent.getByRole('list', { name: 'Conversations' }).getByRole('link').first();
  await expect(first).toContainText('Pending', { timeout: 1_000 });
  await first.click();
  const thread = agent.getByRole('region', { name: /^Messages with / });
  await expect(thread).toContainText('Can I pay for my order with a cheque');

  await agent.getByRole('button', { name: 'Take over' }).click();
  await expect(agent.getByText('You are answering this conversation.')).toBeVisible();
  const reply = 'Yes, we take cheques: send it with your order number on the back.';
  await agent.getByLabel('Your reply').fill(reply);
  await agent.getByLabel('Your reply').press('Enter');
  await expect(thread.getByRole('listitem').last()).toContainText(reply);

  // The customer sees the agent's reply live.
  await expect(messages.filter({ hasText: 'Support agent' }).last()).toContainText(reply);

  await agent.getByRole('button', { name: 'Resolve' }).click();
  await agent.getByRole('button', { name: 'Resolve conversation' }).click();
  await expect(chat.getByText('This conversation has been resolved')).toBeVisible();
  await expect(chat.getByRole('button', { name: 'Start a new conversation' })).toBeVisible();

  expect(agentErrors).toEqual([]);
  expect(customerErrors).toEqual([]);
  await agentContext.close();
  await customerContext.close();
});
