import { expect, test } from '@playwright/test';
import { collectConsoleErrors } from './console-errors';
import { hydrated } from './hydration';

// Issue 17: the public pages come as HTML rendered at build time, and the shell hydrates it.

test('a public page has its content, title and styles before any script runs', async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const response = await page.goto('/pricing');
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle('Pricing · Parley');
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  await expect(page.getByRole('heading', { level: 1 })).not.toBeEmpty();
  await expect(page.getByRole('main')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Parley home' })).toBeVisible();
  await context.close();
});

test('a news article is prerendered with its text; an unknown slug is left to the 404 page', async ({
  browser,
  request,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/news/introducing-parley');
  await expect(page.getByRole('heading', { level: 1, name: 'Introducing Parley' })).toBeVisible();
  await context.close();

  const unknown = await request.get('/news/no-such-article', { headers: { accept: 'text/html' } });
  expect(await unknown.text()).not.toContain('data-prerendered');
});

test('a stored dark mode applies before the JavaScript has loaded', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.addInitScript(() => window.localStorage.setItem('parley.colorMode', 'dark'));
  // The app's scripts never arrive: what shows is the HTML and its head script alone.
  await page.route('**/main.js', (route) => route.abort());
  await page.goto('/pricing');
  await expect(page.locator('html')).toHaveAttribute('data-color-mode', 'dark');
  expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(
    'rgb(11, 26, 51)',
  );
});

test('the page hydrates without errors and keeps the class names it was rendered with', async ({
  page,
  request,
}) => {
  const errors = collectConsoleErrors(page);
  const html = await (await request.get('/', { headers: { accept: 'text/html' } })).text();
  const renderedClass = /<h1 class="([^"]+)"/.exec(html)?.[1];
  expect(renderedClass).toBeTruthy();

  await page.emulateMedia({ colorScheme: 'light' });
  // Hold the app back until the prerendered heading is marked: hydration keeps that element,
  // where rendering afresh would replace it.
  let releaseApp = () => {};
  const appHeld = new Promise<void>((resolve) => (releaseApp = resolve));
  await page.route('**/main.js', async (route) => {
    await appHeld;
    await route.continue();
  });
  // A deferred script holds DOMContentLoaded back too: wait for the parsed heading itself.
  await page.goto('/', { waitUntil: 'commit' });
  await page.locator('h1').evaluate((h1) => h1.setAttribute('data-from-html', ''));
  releaseApp();
  await page.waitForLoadState('networkidle');
  await expect(page.locator('h1[data-from-html]')).toHaveCount(1);
  // The colour mode switch re-renders every styled component: after it, the classes are the
  // browser's own, which must be the ones the page was prerendered with.
  const dark = page.getByText('Dark', { exact: true }).first();
  await hydrated(dark);
  await dark.click();
  await expect(page.locator('html')).toHaveAttribute('data-color-mode', 'dark');
  await expect(page.getByRole('heading', { level: 1 })).toHaveAttribute('class', renderedClass!);
  // The hydrated page is live: the menu button of the header works.
  await page.setViewportSize({ width: 400, height: 800 });
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.locator('h1[data-from-html]')).toHaveCount(1);
  await expect(page.getByRole('button', { name: /Close menu/ })).toBeVisible();
  expect(errors).toEqual([]);
});

test('after hydrating, the colour mode switch shows the stored choice', async ({ page }) => {
  const errors = collectConsoleErrors(page);
  await page.addInitScript(() => window.localStorage.setItem('parley.colorMode', 'dark'));
  await page.goto('/pricing');
  await expect(page.getByRole('radio', { name: 'Dark' }).first()).toBeChecked();
  await expect(page.locator('html')).toHaveAttribute('data-color-mode', 'dark');
  expect(errors).toEqual([]);
});
