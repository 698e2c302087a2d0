import { expect, type Locator } from '@playwright/test';

/**
 * Waits until the app has taken over a prerendered element. Until React hydrates it, the element
 * is the build's HTML with no handlers, and a click on it is lost; "the network is idle" does not
 * say hydration has happened on a slow machine. React keeps a hydrated element's props on it,
 * under a key that starts with `__reactProps$`.
 */
export async function hydrated(element: Locator): Promise<void> {
  await expect
    .poll(() =>
      element.evaluate((node) => Object.keys(node).some((key) => key.startsWith('__reactProps$'))),
    )
    .toBe(true);
}
