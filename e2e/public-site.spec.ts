import { expect, test } from '@playwright/test';
import { collectConsoleErrors } from './console-errors';

const publicPaths = [
  '/',
  '/about-us',
  '/benefits',
  '/compare',
  '/contact-us',
  '/customer-service',
  '/customer-support',
  '/customers',
  '/get-a-demo',
  '/help-center',
  '/integrations',
  '/marketing',
  '/pricing',
  '/product',
  '/resources',
  '/sales',
  '/solutions',
];

for (const path of publicPaths) {
  test(`${path} renders its heading with no console error`, async ({ page }) => {
    const errors = collectConsoleErrors(page);
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    await expect(page.getByRole('heading', { level: 1 })).not.toBeEmpty();
    await expect(page.getByRole('main')).toBeVisible();
    expect(errors).toEqual([]);
  });
}

test('a news article renders from its content file', async ({ page, request }) => {
  const { articles } = (await (await request.get('/api/news')).json()) as {
    articles: { slug: string; title: string }[];
  };
  expect(articles.length).toBeGreaterThan(0);
  const errors = collectConsoleErrors(page);
  await page.goto(`/news/${articles[0]!.slug}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(articles[0]!.title);
  expect(errors).toEqual([]);
});

test('the help center uses the minimal layout', async ({ page }) => {
  await page.goto('/help-center');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to parley.chat' })).toBeVisible();
  await expect(page.getByRole('contentinfo')).toHaveCount(0);
});
