import { expect, test } from '@playwright/test';
import { hydrated } from './hydration';

test('the colour mode choice persists across a reload', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  // The page is prerendered: its switch answers once the app has hydrated it.
  await page.goto('/pricing');
  const html = page.locator('html');
  await expect(html).toHaveAttribute('data-color-mode', 'light');

  const dark = page.getByText('Dark', { exact: true }).first();
  await hydrated(dark);
  await dark.click();
  await expect(html).toHaveAttribute('data-color-mode', 'dark');
  const darkBackground = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);

  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(html).toHaveAttribute('data-color-mode', 'dark');
  expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(
    darkBackground,
  );

  // "System" follows the operating system's choice.
  const system = page.getByText('System', { exact: true }).first();
  await hydrated(system);
  await system.click();
  await expect(html).toHaveAttribute('data-color-mode', 'light');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(html).toHaveAttribute('data-color-mode', 'dark');
});
