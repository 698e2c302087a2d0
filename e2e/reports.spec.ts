import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { expectAccessibleInBothModes } from './accessibility';
import { logIn, signUpByApi, workspacesOf } from './accounts';
import { collectConsoleErrors } from './console-errors';

/** A customer writes from the widget; answers the conversation's id and the visitor's token. */
async function customerWrites(
  request: APIRequestContext,
  workspaceId: string,
  firstName: string,
  content: string,
) {
  const session = await request.post('/api/widget/sessions', {
    data: { workspaceId, customer: { firstName, lastName: 'Reader' } },
  });
  expect(session.status(), await session.text()).toBe(201);
  const { visitorToken } = (await session.json()) as { visitorToken: string };
  const message = await request.post('/api/widget/messages', {
    headers: { authorization: `Bearer ${visitorToken}` },
    data: { content },
  });
  expect(message.status(), await message.text()).toBe(201);
  const { conversationId } = (await message.json()) as { conversationId: string };
  return { conversationId, visitor: { authorization: `Bearer ${visitorToken}` } };
}

test("an admin reads today's reports, drills down to a conversation and downloads the CSV", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const owner = await signUpByApi(request, {
    label: 'reports',
    website: 'https://shop.example',
    displayName: 'Ada Lead',
  });
  const { workspaceId } = (await workspacesOf(request, owner))[0]!;
  const auth = { authorization: `Bearer ${owner.idToken}` };

  // Today: one customer answered by the admin, resolved and rated; another still waiting.
  const rita = await customerWrites(
    request,
    workspaceId,
    'Rita',
    'Can I pay for my order with a cheque from my grandmother?',
  );
  const conversation = { workspaceId, conversationId: rita.conversationId };
  for (const [url, data] of [
    ['/api/user/take-over-conversation', conversation],
    ['/api/user/assign-conversation', { ...conversation, assigneeId: owner.userId }],
    ['/api/user/messages', { ...conversation, role: 'agent', content: 'Yes, cheques are fine.' }],
    ['/api/user/resolve-conversation', conversation],
  ] as const) {
    const response = await request.post(url, { headers: auth, data });
    expect(response.status(), `${url}: ${await response.text()}`).toBeLessThan(300);
  }
  const rated = await request.post('/api/widget/rating', {
    headers: rita.visitor,
    data: { rating: 5, comment: 'Quick and kind' },
  });
  expect(rated.status(), await rated.text()).toBe(200);
  await customerWrites(request, workspaceId, 'Sam', 'Do you deliver to the islands on Sundays?');

  const errors = collectConsoleErrors(page);
  await page.goto(`/dashboard/${workspaceId}/reports?range=today`);
  await logIn(page, owner.email, owner.password);
  await expect(page).toHaveTitle(/Reports · Parley$/);
  const conversations = page.getByRole('region', { name: 'Conversations', exact: true });
  const newFigure = conversations.locator('dl > div').filter({ hasText: /^New/ });
  await expect(newFigure).toContainText('2');
  await expect(newFigure).toContainText('Previous period: 0');
  await expect(page.getByRole('region', { name: 'Satisfaction', exact: true })).toContainText(
    'Quick and kind',
  );
  await expect(page.getByRole('region', { name: 'Agents', exact: true })).toContainText('Ada Lead');
  await expectAccessibleInBothModes(page);

  // The chart as a table, then the day's conversations, then one of them in chat takeover.
  await conversations.getByRole('button', { name: 'View as table' }).click();
  await expect(conversations.getByRole('button', { name: 'View as table' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  const dayButton = conversations.getByRole('button', { name: /^Show the conversations of / });
  await expect(dayButton).toHaveCount(1);
  await dayButton.click();
  const list = page.getByRole('region', { name: /^Conversations: created on / });
  await expect(list.getByRole('link')).toHaveCount(2);
  await expectAccessibleInBothModes(page);

  // The per-conversation CSV: a row for each conversation of the range.
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'One row per conversation (CSV)' }).click();
  const download = await downloading;
  const csv = readFileSync((await download.path())!, 'utf8')
    .trim()
    .split('\r\n');
  expect(csv[0]).toBe(
    'id,created,channel,customer,assignee,first_response_seconds,resolution_seconds,rating,resolved_by_bot',
  );
  expect(csv).toHaveLength(3);
  expect(csv.find((line) => line.startsWith(rita.conversationId))).toMatch(
    /,Rita Reader,Ada Lead,\d+,\d+,5,false$/,
  );

  await list.getByRole('link', { name: 'Rita Reader' }).click();
  await expect(page).toHaveURL(`/dashboard/${workspaceId}/chat-takeover/${rita.conversationId}`);
  await expect(page.getByText('Yes, cheques are fine.', { exact: true })).toBeVisible();
  expect(errors).toEqual([]);
});
