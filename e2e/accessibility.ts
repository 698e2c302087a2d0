import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

/** The rules of product-spec.md §9's accessibility target: WCAG 2.1 A and AA. */
const wcag21aa = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** Whether a frame of the page comes from another origin (the widget's window on a shop page). */
function hasCrossOriginFrame(page: Page): boolean {
  const { origin } = new URL(page.url());
  return page.frames().some((frame) => {
    const url = frame.url();
    // about:blank and srcdoc frames take the page's origin.
    return /^https?:/.test(url) && new URL(url).origin !== origin;
  });
}

/** What one check may add to its test's time: about a second alone, more beside another worker. */
const checkAllowanceMs = 4_000;

/** The page passes axe-core's WCAG 2.1 AA rules in the colour mode it is in now. */
export async function expectAccessible(page: Page) {
  // A test that checks every state in both modes spends most of its time here: each check brings
  // its own time, so such tests need no timeout of their own.
  test.info().setTimeout(test.info().timeout + checkAllowanceMs);
  // Colours read halfway through a fade fail contrast that the settled page passes: a loaded
  // machine checked one mid-transition. Endless animations (spinners) are not waited for.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  // axe reaches a frame of another origin only by merging each frame's results in a blank page
  // it opens for every check (1-2 s a check in Chromium). Frames of the page's own origin are
  // all checked in one pass without it ("legacy mode"), which is all a dashboard page needs.
  const { violations } = await new AxeBuilder({ page })
    .withTags(wcag21aa)
    .setLegacyMode(!hasCrossOriginFrame(page))
    .analyze();
  const found = violations.map(({ id, help, nodes }) => ({
    id,
    help,
    targets: nodes.slice(0, 5).map((node) => node.target.join(' ')),
  }));
  expect(found, `axe on ${page.url()}`).toEqual([]);
}

/**
 * The page passes in light and in dark mode: the colour mode follows the system's (the stored
 * default), so the check emulates each.
 */
export async function expectAccessibleInBothModes(page: Page) {
  const html = page.locator('html');
  for (const mode of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: mode });
    await expect(html).toHaveAttribute('data-color-mode', mode);
    await expectAccessible(page);
  }
}
