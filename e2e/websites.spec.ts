import { expect, test, type Page } from '@playwright/test';
import {
  framedPage,
  startTrainingSite,
  type TrainingSite,
} from '../api/test/fixtures/training-site';
import { expectAccessibleInBothModes } from './accessibility';
import { signInAs, signUpByApi, workspacesOf } from './accounts';
import { trainingSitePort } from './playwright.config';
import { serveWidgetHost } from './widget-host';

const shopUrl = serveWidgetHost();
let site: TrainingSite;

// The one port the server's OUTBOUND_ALLOW_HOSTS names; each page answers after 150 ms, so the
// search takes a few seconds and its progress can be watched.
test.beforeAll(async () => {
  site = await startTrainingSite({ port: trainingSitePort, pages: 12, latencyMs: 150 });
});
test.afterAll(async () => {
  await site.close();
});

/** The values the progress bar shows until the search ends, sampled as it runs. */
async function watchBar(page: Page): Promise<number[]> {
  const bar = page.getByRole('progressbar', { name: 'Addresses read' });
  const seen: number[] = [];
  await expect
    .poll(
      async () => {
        // A native <progress>: its value is a property, not an attribute.
        const value = await bar.evaluate((node: HTMLProgressElement) => node.value).catch(() => 0);
        seen.push(value);
        return page
          .getByRole('status')
          .filter({ hasText: /^Done: found/ })
          .count();
      },
      { intervals: [100], timeout: 30_000 },
    )
    .toBe(1);
  return seen;
}

test('Websites: find a site’s pages with live progress, choose some, and the bot answers from them with a link', async ({
  page,
  browser,
}) => {
  // A search of a slow site, its pages read, and two chats: about 25 s on two cores.
  test.setTimeout(90_000);
  const account = await signUpByApi(page.request, {
    label: 'websites',
    website: 'https://kettles.example',
  });
  const { workspaceId } = (await workspacesOf(page.request, account))[0]!;
  await signInAs(page, account);
  await page.goto(`/dashboard/${workspaceId}/ai-training`);
  await expect(page.getByRole('tab', { name: 'Q&A' })).toHaveAttribute('aria-selected', 'true');

  // Tabs by keyboard: the arrow moves to Unanswered questions, Suggested pairs, then Websites;
  // the tab's address is in the URL.
  await page.getByRole('tab', { name: 'Q&A' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page).toHaveURL(/\?tab=unanswered$/);
  await expect(page.getByRole('tab', { name: /Unanswered/ })).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(page).toHaveURL(/\?tab=suggested$/);
  // Focus follows the address a moment later: an arrow pressed before it would move from the
  // tab before, to this one again.
  await expect(page.getByRole('tab', { name: /Suggested pairs/ })).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(page).toHaveURL(/\?tab=websites$/);
  await expect(page.getByRole('heading', { name: 'Add a website' })).toBeVisible();
  await expect(page.getByText('No websites yet')).toBeVisible();
  await expectAccessibleInBothModes(page);

  // A bad address is refused beside the field.
  const address = page.getByLabel('Website address');
  await address.fill('ftp://kettles.example');
  await address.press('Enter');
  await expect(
    page.getByText('Enter a web address starting with http:// or https://'),
  ).toBeVisible();

  // The search runs: the bar moves while pages are read, then the links are offered.
  await address.fill(`${site.url}/`);
  await address.press('Enter');
  await expect(page.getByRole('button', { name: 'Cancel' })).toBeVisible();
  const seen = await watchBar(page);
  expect(seen.some((value) => value > 0)).toBe(true);
  expect(new Set(seen).size).toBeGreaterThan(2);
  await expect(page.getByText(/^Time taken \d/)).toBeVisible();

  // Pages the site's robots.txt forbids, PDFs and broken ones are not offered.
  const picker = page.getByRole('table');
  await expect(picker.getByRole('checkbox', { name: /^Shipping \| Acme Kettles, / })).toBeChecked();
  await expect(picker.getByText('/private/secret')).toHaveCount(0);
  await expect(picker.getByText('guide.pdf')).toHaveCount(0);
  // The home page, shipping, returns, about us, and the twelve kettle models.
  const offered = 16;
  await expect(picker.getByRole('checkbox')).toHaveCount(offered);

  // Leave out the kettle models with the filter, and keep the shop's own pages.
  await page.getByLabel('Filter pages').fill('Kettle model');
  await page.getByRole('button', { name: 'Unselect all 12 matches' }).click();
  await page.getByLabel('Filter pages').fill('');
  await expect(page.getByText(`${offered - 12} of ${offered} pages selected`)).toBeVisible();
  await expectAccessibleInBothModes(page);
  await page.getByRole('button', { name: 'Save website' }).click();
  await expect(page.getByText(/^Website added: 127\.0\.0\.1/)).toBeVisible();

  // Each page is read; the card shows how many and each page's state.
  const card = page.getByRole('article', { name: `${site.url}/` });
  await expect(card.getByText(`${offered - 12} read`)).toBeVisible({ timeout: 20_000 });
  await card.getByRole('button', { name: `Show its ${offered - 12} pages` }).click();
  const pages = card.getByRole('list', { name: /^Pages of / });
  await expect(pages.getByRole('listitem').filter({ hasText: 'Shipping' })).toContainText('Read');
  await expectAccessibleInBothModes(page);

  // A customer asks what only the shipping page says, and gets its text with its link.
  const shop = await browser.newPage();
  await shop.goto(shopUrl(workspaceId));
  await shop.getByRole('button', { name: 'Open chat' }).click();
  const chat = shop.frameLocator('iframe[title="Chat"]');
  const message = chat.getByRole('textbox', { name: 'Message' });
  await message.fill('How many days does standard delivery take?');
  await message.press('Enter');
  const reply = chat.getByRole('listitem').filter({ hasText: '(bot)' });
  await expect(reply).toContainText('Standard delivery takes 3 to 5 working days');
  await expect(reply.getByRole('link', { name: /^Shipping/ })).toHaveAttribute(
    'href',
    `${site.url}/shipping`,
  );
  await shop.close();

  // Try the bot says the same, from which page; once the page is removed it hands over.
  await page.getByRole('tab', { name: 'Try the bot' }).click();
  const question = page.getByLabel('Question', { exact: true });
  await question.fill('How many days does standard delivery take?');
  await question.press('Enter');
  await expect(page.getByText('From page:')).toBeVisible();
  await expect(page.getByRole('link', { name: /^Shipping/ }).first()).toBeVisible();

  await page.getByRole('tab', { name: 'Websites' }).click();
  await card.getByRole('button', { name: /^Show its \d+ pages$/ }).click();
  await card.getByRole('button', { name: 'Remove Shipping | Acme Kettles' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Remove this page?' });
  await confirm.getByRole('button', { name: 'Remove page' }).click();
  await expect(page.getByText('Page removed: Shipping | Acme Kettles')).toBeVisible();

  await page.getByRole('tab', { name: 'Try the bot' }).click();
  await question.fill('How many days does standard delivery take?');
  await question.press('Enter');
  await expect(page.getByText('It would hand over to a person.').first()).toBeVisible();

  // The returns page changes on the site; a re-sync reads it again and the bot follows.
  site.setPage(
    '/returns',
    framedPage(
      'Returns',
      '<article><h1>Returns</h1><p>You can return any kettle within 60 days of delivery for a full refund.</p></article>',
    ),
  );
  await page.getByRole('tab', { name: 'Websites' }).click();
  await card.getByRole('button', { name: /^Re-sync / }).click();
  await expect(page.getByText(/^Reading the \d+ pages of 127\.0\.0\.1 again\./)).toBeVisible();
  await page.getByRole('tab', { name: 'Try the bot' }).click();
  await expect(async () => {
    await question.fill('Within how many days can I return a kettle?');
    await question.press('Enter');
    // The newest try comes first.
    await expect(page.getByRole('article').first()).toContainText('within 60 days', {
      timeout: 1000,
    });
  }).toPass({ timeout: 20_000 });
});
