import { expect, test } from '@playwright/test';

test('a remote that is down shows the fallback, the shell keeps working, and it recovers', async ({
  page,
}) => {
  let remoteDown = true;
  await page.route('**/remotes/mfe-marketing/**', (route) =>
    remoteDown ? route.abort('connectionrefused') : route.continue(),
  );

  await page.goto('/pricing');
  const fallback = page.getByTestId('remote-unavailable');
  // A prerendered page tries its remote once before hydrating (three tries a second apart, then
  // the manifest read afresh and three more: about 5 s) and shows the fallback as soon as that
  // gives up.
  await expect(fallback).toBeVisible({ timeout: 8_000 });
  await expect(fallback.getByRole('heading', { name: 'This area is unavailable' })).toBeVisible();

  // The shell still works around it: navigation, the colour mode and its own pages.
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await page.getByText('Dark', { exact: true }).first().click();
  await expect(page.locator('html')).toHaveAttribute('data-color-mode', 'dark');
  await page.goto('/no-such-page');
  await expect(page.getByText('Page Not Found: /no-such-page')).toBeVisible();

  await page.goto('/pricing');
  await expect(fallback).toBeVisible({ timeout: 8_000 });
  remoteDown = false;
  await fallback.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('This area is unavailable');
  await expect(fallback).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('a remote whose page module throws shows the fallback inside the layout', async ({ page }) => {
  await page.route('**/remotes/mfe-marketing/__federation_expose_pricing*.js', (route) =>
    route.fulfill({
      contentType: 'application/javascript',
      body: 'throw new Error("broken deploy");',
    }),
  );
  await page.goto('/pricing');
  await expect(page.getByTestId('remote-unavailable')).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeVisible();
});
