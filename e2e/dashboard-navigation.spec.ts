import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectAccessibleInBothModes } from './accessibility';
import { signInAs, signUpByApi, workspacesOf } from './accounts';

/** Each area of the navigation and the heading of the page it opens. */
const areas = [
  { link: 'Chat takeover', heading: 'Chat takeover' },
  { link: 'Tickets', heading: 'Tickets' },
  { link: 'AI training', heading: 'AI training' },
  { link: 'Products', heading: 'Products' },
  { link: 'Settings', heading: 'Manage users' },
  { link: 'Help', heading: /help/i },
  { link: 'Home', heading: 'Your workspace' },
];

type Box = NonNullable<Awaited<ReturnType<Locator['boundingBox']>>>;

const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width - 0.5 &&
  b.x < a.x + a.width - 0.5 &&
  a.y < b.y + b.height - 0.5 &&
  b.y < a.y + a.height - 0.5;

/** Every box lies inside the viewport's width, and no two overlap. */
async function expectLaidOut(page: Page, items: Locator[]) {
  const width = page.viewportSize()!.width;
  const boxes: Box[] = [];
  for (const item of items) {
    const box = await item.boundingBox();
    expect(box, `${await item.textContent()} is laid out`).not.toBeNull();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(width + 0.5);
    // Not clipped: its content fits its box.
    expect(await item.evaluate((element) => element.scrollWidth <= element.clientWidth + 1)).toBe(
      true,
    );
    boxes.push(box!);
  }
  boxes.forEach((box, index) =>
    boxes.slice(index + 1).forEach((other) => expect(overlap(box, other)).toBe(false)),
  );
}

const nav = (page: Page) => page.getByRole('navigation', { name: 'Dashboard' });
const menuButton = (page: Page) => page.getByRole('button', { name: 'Menu' });

for (const width of [320, 768, 1366]) {
  test(`at ${width} px every dashboard area is reachable from the navigation, laid out whole`, async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width, height: 800 });
    const account = await signUpByApi(request, {
      label: `nav-${width}`,
      website: 'https://nav.example',
    });
    const { workspaceId } = (await workspacesOf(request, account))[0]!;
    await signInAs(page, account);
    await page.goto(`/dashboard/${workspaceId}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    const folded = width < 1024;
    for (const { link, heading } of areas) {
      if (folded) {
        await expect(nav(page)).toBeHidden();
        await menuButton(page).click();
        await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute(
          'aria-expanded',
          'true',
        );
      }
      await expect(nav(page)).toBeVisible();
      await expectLaidOut(page, await nav(page).getByRole('link').all());
      // The header's own controls stay apart too.
      await expectLaidOut(page, [
        ...(folded ? [page.getByRole('button', { name: 'Close menu' })] : []),
        page.getByRole('combobox', { name: 'Workspace' }),
        page.getByRole('button', { name: 'Account', exact: true }),
      ]);

      await nav(page).getByRole('link', { name: link, exact: true }).click();
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      if (folded) {
        // Opening a page folds the navigation away.
        await expect(nav(page)).toBeHidden();
        await menuButton(page).click();
      }
      await expect(nav(page).getByRole('link', { name: link, exact: true })).toHaveAttribute(
        'aria-current',
        'page',
      );
      if (folded) await page.keyboard.press('Escape');
    }
  });
}

test('every dashboard screen passes axe in light and dark mode', async ({ page, request }) => {
  test.setTimeout(120_000);
  const account = await signUpByApi(request, { label: 'axe', website: 'https://axe.example' });
  const { workspaceId } = (await workspacesOf(request, account))[0]!;
  await signInAs(page, account);

  const base = `/dashboard/${workspaceId}`;
  for (const path of [
    base,
    `${base}/chat-takeover`,
    `${base}/tickets`,
    `${base}/ai-training`,
    `${base}/products`,
    `${base}/settings`,
    `${base}/settings/manage-users`,
    `${base}/settings/canned-responses`,
    '/dashboard/my-account',
    '/dashboard/my-account/change-password',
    '/dashboard/my-account/language',
    '/dashboard/help',
  ]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    await expectAccessibleInBothModes(page);
  }
});
