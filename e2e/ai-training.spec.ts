import { expect, test } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { expectAccessibleInBothModes } from './accessibility';
import { signInAs, signUpByApi, workspacesOf } from './accounts';

test('AI training: add, edit, find and delete Q&A pairs with topics; live in a second window', async ({
  browser,
  request,
}) => {
  // Two windows signing in and loading the area at once: about 25 s alone on two cores, more
  // while the other worker's tests load them too.
  test.setTimeout(60_000);
  const account = await signUpByApi(request, {
    label: 'training',
    website: 'https://bike-shop.example',
  });
  const { workspaceId } = (await workspacesOf(request, account))[0]!;
  const first = await browser.newContext();
  const second = await browser.newContext();
  const [pageA, pageB] = [await first.newPage(), await second.newPage()];
  for (const page of [pageA, pageB]) {
    await signInAs(page, account);
    await page.goto(`/dashboard/${workspaceId}/ai-training`);
    await expect(page.getByRole('heading', { name: 'No pairs yet' })).toBeVisible();
  }

  // Window A adds a pair with two topics; window B sees it without reloading.
  await pageA.getByRole('button', { name: 'Add a pair' }).first().click();
  const form = pageA.getByRole('form', { name: 'New pair' });
  await form.getByLabel('Question').fill('Do you repair e-bikes?');
  await form.getByLabel('Answer').fill('Yes, every brand, usually within two days.');
  await form.getByLabel('Topics').fill('Repairs, Workshop');
  await form.getByRole('button', { name: 'Save pair' }).click();
  await expect(pageA.getByText('Pair added: Do you repair e-bikes?')).toBeVisible();
  const card = pageB.getByRole('article', { name: 'Do you repair e-bikes?' });
  await expect(card.getByRole('list', { name: 'Topics' })).toHaveText(/Repairs\s*Workshop/);
  await expect(pageB.getByText('1 pair')).toBeVisible();

  // A second pair reuses a topic from the suggestions.
  await form.getByLabel('Question').fill('When is the workshop open?');
  await form.getByLabel('Answer').fill('Tuesday to Saturday, 9 am to 5 pm.');
  await form.getByRole('button', { name: 'Add topic Workshop' }).click();
  await form.getByRole('button', { name: 'Save pair' }).click();
  await expect(pageA.getByText('Pair added: When is the workshop open?')).toBeVisible();
  await expect(pageB.getByText('2 pairs')).toBeVisible();

  // Edit the first pair's answer.
  await pageA.getByRole('button', { name: 'Edit “Do you repair e-bikes?”' }).click();
  const edit = pageA.getByRole('form', { name: 'Edit pair' });
  await edit.getByLabel('Answer').fill('Yes, every brand, within a week.');
  await edit.getByRole('button', { name: 'Save pair' }).click();
  await expect(card.getByText('Yes, every brand, within a week.')).toBeVisible();

  // Filter by topic and search.
  await pageA.getByLabel('Topic', { exact: true }).selectOption('Repairs');
  await expect(pageA.getByRole('article')).toHaveCount(1);
  await pageA.getByLabel('Topic', { exact: true }).selectOption('');
  await pageA.getByRole('searchbox', { name: 'Search questions and answers' }).fill('saturday');
  await expect(pageA.getByRole('article')).toHaveCount(1);
  await expect(pageA).toHaveURL(/\?q=saturday$/);
  await pageA.getByRole('searchbox', { name: 'Search questions and answers' }).fill('');

  // Delete, confirmed; both windows lose it.
  await pageA.getByRole('button', { name: 'Delete “Do you repair e-bikes?”' }).click();
  await pageA.getByRole('button', { name: 'Delete pair' }).click();
  await expect(pageA.getByText('Pair deleted: Do you repair e-bikes?')).toBeVisible();
  await expect(card).toHaveCount(0);
  await expect(pageB.getByText('1 pair')).toBeVisible();
});

test('an AI training page number below 1 is the 404 page', async ({ page, request }) => {
  const account = await signUpByApi(request, {
    label: 'training-404',
    website: 'https://x.example',
  });
  const { workspaceId } = (await workspacesOf(request, account))[0]!;
  await signInAs(page, account);
  await page.goto(`/dashboard/${workspaceId}/ai-training?page=0`);
  await expect(
    page.getByText(`Page Not Found: /dashboard/${workspaceId}/ai-training?page=0`),
  ).toBeVisible();
});

test('AI training: a CSV with a bad row shows its error and imports nothing; a good one imports, and exports back', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const account = await signUpByApi(request, {
    label: 'training-csv',
    website: 'https://bike-shop.example',
  });
  const { workspaceId } = (await workspacesOf(request, account))[0]!;
  await signInAs(page, account);
  await page.goto(`/dashboard/${workspaceId}/ai-training`);
  await expect(page.getByRole('heading', { name: 'No pairs yet' })).toBeVisible();
  const csv = (text: string) => ({
    name: 'pairs.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(text),
  });

  await page
    .getByLabel('Import CSV')
    .setInputFiles(
      csv(
        'question,answer,topics\nDo you rent bikes?,By the day.,Rental\nOpen on Sundays?,,Shop\n',
      ),
    );
  const preview = page.getByRole('region', { name: 'Import from pairs.csv' });
  await expect(preview.getByRole('alert')).toContainText('1 of 2 rows has a problem');
  await expect(preview.getByRole('row', { name: /^3 Open on Sundays\?/ })).toContainText(
    'answer: Please enter the answer',
  );
  await expect(preview.getByRole('button', { name: 'Import 2 pairs' })).toBeDisabled();
  await expectAccessibleInBothModes(page);

  await page
    .getByLabel('Import CSV')
    .setInputFiles(
      csv(
        'question,answer,topics\nDo you rent bikes?,By the day.,Rental\nOpen on Sundays?,"Yes, 10 to 4.",Shop\n',
      ),
    );
  await preview.getByRole('button', { name: 'Import 2 pairs' }).click();
  await expect(page.getByText('2 pairs imported.')).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(2);
  await expect(page.getByText('2 pairs', { exact: true })).toBeVisible();

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const exported = await readFile((await (await download).path())!, 'utf8');
  expect(exported.split('\r\n')).toEqual([
    'question,answer,topics',
    'Do you rent bikes?,By the day.,Rental',
    'Open on Sundays?,"Yes, 10 to 4.",Shop',
  ]);
});
