import { expect, test, type Browser } from '@playwright/test';
import { expectAccessible } from './accessibility';
import { signUpByApi, uniqueEmail } from './accounts';
import { hydrated } from './hydration';
import { baseURL } from './playwright.config';

// Issue 46: the public pages are usable before (and without) their JavaScript: links, the
// contact form posting to the server, and the route guard's redirect of a signed-in visitor.

async function withoutJavaScript(browser: Browser) {
  const context = await browser.newContext({ javaScriptEnabled: false });
  return { context, page: await context.newPage() };
}

test('/ and /pricing work as HTML: content, and links that lead to the next page', async ({
  browser,
}) => {
  const { context, page } = await withoutJavaScript(browser);
  for (const url of ['/', '/pricing']) {
    const response = await page.goto(url);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).not.toBeEmpty();
    await expect(page.getByText('Parley needs JavaScript')).toHaveCount(0);
  }
  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Contact' }).first().click();
  await expect(page).toHaveURL('/contact-us');
  await expect(page.getByRole('heading', { name: 'Send us a message' })).toBeVisible();
  await context.close();
});

test('the contact form posts to the server and answers with a page, errors then success', async ({
  browser,
}) => {
  const { context, page } = await withoutJavaScript(browser);
  await page.goto('/contact-us');
  await page.getByLabel('Your name').fill('Casey Buyer');
  await page.getByLabel('E-mail address').fill('not-an-address');
  await page.getByRole('textbox', { name: 'Message' }).fill('Short');
  await page.getByRole('button', { name: 'Send message' }).click();

  await expect(page).toHaveURL('/contact-us');
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('Please fix the highlighted fields.');
  await expect(alert.getByRole('link', { name: 'Please choose a topic' })).toBeVisible();
  await expect(
    alert.getByRole('link', { name: 'Please enter a valid e-mail address' }),
  ).toBeVisible();
  await expect(
    alert.getByRole('link', { name: 'Please write at least 10 characters' }),
  ).toBeVisible();
  // What was typed is still there to correct.
  await expect(page.getByLabel('Your name')).toHaveValue('Casey Buyer');
  await expect(page.getByLabel('E-mail address')).toHaveAttribute('aria-invalid', 'true');

  const email = uniqueEmail('no-js-contact');
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('What is it about?').selectOption('sales');
  await page.getByRole('textbox', { name: 'Message' }).fill('Which plan fits a shop of ten?');
  await page.getByRole('button', { name: 'Send message' }).click();

  // The answer's panel (the layout has a status region of its own, empty).
  const status = page.getByRole('status').filter({ has: page.getByRole('heading') });
  await expect(
    status.getByRole('heading', { name: 'Thanks, your message is on its way' }),
  ).toBeVisible();
  await expect(status).toContainText(`our plans and pricing team. Expect a reply at ${email}`);
  await expect(status).toContainText(/Your reference: [0-9a-f-]{36}/);
  await context.close();
});

test('the answer pages pass axe', async ({ page }) => {
  // Posted the way a browser without JavaScript posts it; the answer page is plain HTML.
  for (const fields of [
    { name: '', email: 'x', topic: '', message: '' },
    {
      name: 'Robin Reader',
      email: uniqueEmail('no-js-axe'),
      topic: 'support',
      message: 'A question about the widget.',
    },
  ]) {
    await page.goto('/pricing');
    await Promise.all([
      page.waitForURL('/contact-us'),
      page.evaluate((values) => {
        const form = document.createElement('form');
        form.method = 'post';
        form.action = '/contact-us';
        for (const [name, value] of Object.entries(values)) {
          const input = document.createElement('input');
          input.type = 'hidden';
          input.name = name;
          input.value = value;
          form.append(input);
        }
        document.body.append(form);
        form.submit();
      }, fields),
    ]);
    const answer = fields.name
      ? page.getByRole('status').filter({ has: page.getByRole('heading') })
      : page.getByRole('alert');
    await expect(answer).toBeVisible();
    await expectAccessible(page);
  }
});

test('with JavaScript, the shell loads after the first paint and takes over navigation', async ({
  page,
}) => {
  const shellRequested: number[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/main.js') shellRequested.push(Date.now());
  });
  await page.goto('/pricing', { waitUntil: 'commit' });
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const paintedBeforeShell = await page.evaluate(
    () => performance.getEntriesByName('first-contentful-paint').length > 0,
  );
  expect(paintedBeforeShell || shellRequested.length === 0).toBe(true);
  const link = page.getByRole('contentinfo').getByRole('link', { name: 'Contact' }).first();
  await hydrated(link);
  expect(shellRequested).toHaveLength(1);
  // The shell's router navigates: the page is not loaded again.
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
  await link.click();
  await expect(page).toHaveURL('/contact-us');
  await expect(page.getByRole('heading', { name: 'Send us a message' })).toBeVisible();
  expect(
    await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument),
  ).toBe(true);
});

test('the server sends a signed-in visitor on before any HTML or script', async ({
  browser,
  request,
}) => {
  const account = await signUpByApi(request, { label: 'no-js-guard' });
  const { context, page } = await withoutJavaScript(browser);
  await context.addCookies([{ name: 'parley_session', value: account.idToken, url: baseURL }]);
  for (const [from, to] of [
    ['/pricing', '/dashboard'],
    ['/', '/dashboard'],
    ['/login?redirect=%2Fdashboard%2Fmy-account', '/dashboard/my-account'],
  ] as const) {
    const response = await page.goto(from);
    expect(new URL(response!.url()).pathname + new URL(response!.url()).search).toBe(to);
    const redirect = response!.request().redirectedFrom();
    expect(redirect?.url()).toBe(`${baseURL}${from}`);
    expect((await redirect!.response())?.status()).toBe(302);
  }
  await context.close();
});
