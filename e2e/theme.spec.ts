import { expect, test } from '@playwright/test';

test('the colour mode choice persists across a reload', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  // The page is prerendered: its switch answers once the app has loaded and hydrated it.
  await page.goto('/pricing', { waitUntil: 'networkidle' });
  const html = page.locator('html');
  await expect(html).toHaveAttribute('data-color-mode', 'light');

  await page.getByText('Dark', { exact: true }).first().click();
  await expect(html).toHaveAttribute('data-color-mode', 'dark');
  const darkBackground = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);

  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(html).toHaveAttribute('data-color-mode', 'dark');
  expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(
    darkBackground,
  );

  // "System" follows the operating system's choice.
  await page.getByText('System', { exact: true }).first().click();
  await expect(html).toHaveAttribute('data-color-mode', 'light');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(html).toHaveAttribute('data-color-mode', 'dark');
});
