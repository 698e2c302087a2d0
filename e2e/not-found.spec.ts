import { expect, test } from '@playwright/test';

test('an unknown path shows the 404 page', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText("We can't find that page");
  await expect(page.getByText('Page Not Found: /no-such-page')).toBeVisible();
  await page.getByRole('link', { name: 'Back to the home page' }).click();
  await expect(page).toHaveURL('/');
});

test('an unknown news slug shows the 404 page', async ({ page }) => {
  await page.goto('/news/no-such-article');
  await expect(page.getByText('Page Not Found: /news/no-such-article')).toBeVisible();
});
