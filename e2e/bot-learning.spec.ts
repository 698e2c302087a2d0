import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectAccessible, expectAccessibleInBothModes } from './accessibility';
import { signInAs, signUpByApi, workspacesOf } from './accounts';
import { openShopChat, serveWidgetHost } from './widget-host';

// Issue 15 parts 3 and 4: the bot asks "Did you mean…" instead of guessing, an agent's reply
// becomes a Q&A pair, and AI training lists the questions the bot handed over, grouped.

const shopUrl = serveWidgetHost();

const pairs = [
  ['How long does standard shipping take?', 'Standard shipping takes 3 to 5 working days.'],
  ['Do you ship to Canada?', 'Yes, we ship to Canada; delivery takes 7 to 10 working days.'],
  ['Which payment methods do you accept?', 'We accept Visa, Mastercard, PayPal and gift cards.'],
  ['Do you sell gift cards?', 'Yes, gift cards from 20 to 200 dollars, sent by email.'],
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

test('a mid-confidence question shows suggestions in the widget, and a click answers', async ({
  page,
  request,
}) => {
  const { workspaceId } = await trainedWorkspace(request, 'suggestions');
  const { chat, log, text } = await openShopChat(page, shopUrl(workspaceId));
  await text.fill('when does my package arrive');
  await text.press('Enter');

  const suggestions = chat.getByRole('group', { name: 'Did you mean…' });
  await expect(suggestions).toBeVisible();
  await expect(suggestions.getByRole('button', { name: 'None of these' })).toBeVisible();
  for (const mode of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: mode });
    await expectAccessible(page);
  }

  // By keyboard: focus the suggestion, Enter chooses it.
  const shipping = suggestions.getByRole('button', {
    name: 'How long does standard shipping take?',
  });
  await shipping.focus();
  await shipping.press('Enter');
  const messages = log.getByRole('listitem');
  await expect(messages.filter({ hasText: '(bot)' }).last()).toContainText(
    'Standard shipping takes 3 to 5 working days.',
  );
  await expect(suggestions).toBeHidden();
  // The chosen question stands in the conversation as the customer's.
  await expect(log.locator('li.message.user').last()).toContainText(
    'How long does standard shipping take?',
  );
});

test("a paraphrase in the widget gets the pair's answer, and Try the bot shows it and its source", async ({
  page,
  request,
}) => {
  const { account, workspaceId } = await trainedWorkspace(request, 'paraphrase');
  // No word of it is in the pair's question: the sentence encoder finds it by meaning.
  const paraphrase = 'how long until it comes';
  const { log, text } = await openShopChat(page, shopUrl(workspaceId));
  await text.fill(paraphrase);
  await text.press('Enter');
  await expect(log.getByRole('listitem').filter({ hasText: '(bot)' }).last()).toContainText(
    'Standard shipping takes 3 to 5 working days.',
  );

  await signInAs(page, account);
  await page.goto(`/dashboard/${workspaceId}/ai-training?tab=try`);
  const question = page.getByLabel('Question', { exact: true });
  await question.fill(paraphrase);
  await question.press('Enter');
  const answer = page.getByRole('article').first();
  await expect(answer).toContainText('Standard shipping takes 3 to 5 working days.');
  await expect(answer).toContainText('From Q&A pair: How long does standard shipping take?');
});

async function askInWidget(page: Page, workspaceId: string, question: string) {
  const { log, text } = await openShopChat(page, shopUrl(workspaceId));
  await text.fill(question);
  await text.press('Enter');
  return log.getByRole('listitem');
}

test("an agent's reply saved as a Q&A pair answers the same question next time", async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const { account, workspaceId } = await trainedWorkspace(request, 'save-as-qna');
  const question = 'Do you rent out kayaks?';
  const reply = 'Yes, kayaks are 40 dollars a day, paddles and vests included.';

  const customer = await (await browser.newContext()).newPage();
  const messages = await askInWidget(customer, workspaceId, question);
  await expect(messages.filter({ hasText: '(bot)' }).last()).toContainText(
    'asked a member of our team to join',
  );

  const agent = await (await browser.newContext()).newPage();
  await signInAs(agent, account);
  await agent.goto(`/dashboard/${workspaceId}/chat-takeover`);
  await agent.getByRole('list', { name: 'Conversations' }).getByRole('link').first().click();
  await agent.getByRole('button', { name: 'Take over' }).click();
  await agent.getByLabel('Your reply').fill(reply);
  await agent.getByLabel('Your reply').press('Enter');
  const thread = agent.getByRole('region', { name: /^Messages with / });
  await expect(thread.getByRole('listitem').filter({ hasText: reply })).toHaveCount(1);

  await agent.getByRole('button', { name: 'Save as Q&A' }).click();
  const dialog = agent.getByRole('alertdialog', { name: 'Save this reply as a Q&A pair' });
  await expect(dialog.getByLabel('Question')).toHaveValue(question);
  await expect(dialog.getByLabel('Answer')).toHaveValue(reply);
  await dialog.getByLabel('Topics').fill('Rentals');
  await expectAccessibleInBothModes(agent);
  await dialog.getByRole('button', { name: 'Save pair' }).click();
  await expect(agent.getByText('Q&A pair saved: the bot answers this question now.')).toBeVisible();

  // Another customer asks the same: the bot answers with the saved reply.
  const next = await (await browser.newContext()).newPage();
  const nextMessages = await askInWidget(next, workspaceId, question);
  await expect(nextMessages.filter({ hasText: '(bot)' }).last()).toContainText(reply);
});

test('the unanswered questions list groups two paraphrases together, one click from a pair', async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const { account, workspaceId } = await trainedWorkspace(request, 'unanswered');
  for (const question of ['Can I hire a kayak for the weekend?', 'Do you rent out kayaks?']) {
    const customer = await (await browser.newContext()).newPage();
    const messages = await askInWidget(customer, workspaceId, question);
    await expect(messages.filter({ hasText: '(bot)' }).last()).toContainText(
      'asked a member of our team to join',
    );
  }

  await signInAs(page, account);
  await page.goto(`/dashboard/${workspaceId}/ai-training?tab=unanswered`);
  const group = page.getByRole('article', { name: 'Do you rent out kayaks?' });
  await expect(group).toBeVisible();
  await expect(group.getByText('Asked 2 times')).toBeVisible();
  await expect(group.getByText('Can I hire a kayak for the weekend?')).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(1);
  await expectAccessibleInBothModes(page);

  await group.getByRole('button', { name: 'Answer “Do you rent out kayaks?” with a pair' }).click();
  const form = group.getByRole('form', { name: 'New pair' });
  await expect(form.getByLabel('Question')).toHaveValue('Do you rent out kayaks?');
  await form.getByLabel('Answer').fill('Yes, kayaks are 40 dollars a day.');
  await form.getByRole('button', { name: 'Save pair' }).click();
  await expect(page.getByText('Pair added: Do you rent out kayaks?')).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'No unanswered questions' })).toBeVisible();
});
