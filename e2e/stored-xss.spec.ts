import { expect, test, type Page } from '@playwright/test';
import { signInAs, signUpByApi, workspacesOf } from './accounts';
import { serveWidgetHost } from './widget-host';

// Markup typed into every field a page or the widget shows, stored through the API, then
// rendered in Chromium: it must show as text and never run.
const payloads = [
  '<img src=x onerror="window.__xss=(window.__xss||0)+1">',
  '<script>window.__xss=(window.__xss||0)+1</script>',
  '<svg onload="window.__xss=(window.__xss||0)+1"></svg>',
  '"><iframe srcdoc="<script>parent.__xss=1</script>"></iframe>',
];
const payload = payloads.join(' ');

async function expectNothingRan(page: Page) {
  expect(await page.evaluate(() => (window as { __xss?: number }).__xss ?? 0)).toBe(0);
  await expect(page.locator('iframe[srcdoc], img[src="x"], svg[onload]')).toHaveCount(0);
}

test('markup stored in tickets, Q&A pairs, customers and messages is shown as text, never run', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const account = await signUpByApi(request, { label: 'xss', website: 'https://xss.example' });
  const { workspaceId } = (await workspacesOf(request, account))[0]!;
  const auth = { authorization: `Bearer ${account.idToken}` };

  // A customer with markup in their name writes markup from the widget.
  const session = await request.post('/api/widget/sessions', {
    data: { workspaceId, customer: { firstName: payload.slice(0, 80), lastName: payloads[1] } },
  });
  expect(session.status(), await session.text()).toBe(201);
  const { visitorToken } = (await session.json()) as { visitorToken: string };
  const message = await request.post('/api/widget/messages', {
    headers: { authorization: `Bearer ${visitorToken}` },
    data: { content: payload },
  });
  expect(message.status()).toBe(201);
  const { conversationId } = (await message.json()) as { conversationId: string };

  for (const [url, data] of [
    [
      '/api/user/tickets',
      {
        type: 'internal',
        workspaceId,
        subject: payload.slice(0, 200),
        recipientInfo: { firstName: payloads[0], lastName: payloads[2], email: '' },
        assigneeId: null,
      },
    ],
    [
      '/api/user/ai-training-qnas',
      { workspaceId, question: payload, answer: payload, topicIds: [payloads[0]!.slice(0, 60)] },
    ],
    [
      '/api/user/messages',
      {
        workspaceId,
        conversationId,
        role: 'agent',
        content: payload,
        form: { [payloads[2]!]: payloads[0] },
      },
    ],
  ] as const) {
    const response = await request.post(url, { headers: auth, data });
    expect(response.status(), `${url}: ${await response.text()}`).toBe(201);
  }

  await signInAs(page, account);
  for (const path of [
    `/dashboard/${workspaceId}/tickets`,
    `/dashboard/${workspaceId}/ai-training`,
    `/dashboard/${workspaceId}/chat-takeover`,
    `/dashboard/${workspaceId}/chat-takeover/${conversationId}`,
  ]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    await expect(page.getByText(payloads[1]!, { exact: false }).first()).toBeVisible();
    await expectNothingRan(page);
  }
  // The ticket's own page.
  await page.goto(`/dashboard/${workspaceId}/tickets`);
  await page.getByRole('table').getByRole('link').first().click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('<img');
  await expectNothingRan(page);
});

const shopUrl = serveWidgetHost();

test('markup in messages is shown as text in the widget window, never run', async ({ page }) => {
  const account = await signUpByApi(page.request, {
    label: 'xss-widget',
    website: 'https://x.example',
  });
  const { workspaceId } = (await workspacesOf(page.request, account))[0]!;
  await page.goto(shopUrl(workspaceId));
  await page.getByRole('button', { name: 'Open chat' }).click();
  const chat = page.frameLocator('iframe[title="Chat"]');
  const text = chat.getByRole('textbox', { name: 'Message' });
  await text.fill(payload);
  await text.press('Enter');
  const conversation = chat.getByRole('log', { name: 'Conversation' });
  await expect(conversation).toContainText(payloads[1]!);

  const frame = page.frames().find((candidate) => candidate.url().includes('/widget/'));
  expect(frame, 'the chat window frame').toBeDefined();
  expect(await frame!.evaluate(() => (window as { __xss?: number }).__xss ?? 0)).toBe(0);
  expect(await page.evaluate(() => (window as { __xss?: number }).__xss ?? 0)).toBe(0);
  await expect(chat.locator('iframe[srcdoc], img[src="x"], svg[onload]')).toHaveCount(0);
});
