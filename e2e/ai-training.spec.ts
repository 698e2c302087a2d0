import { expect, test } from '@playwright/test';
import { signInAs, signUpByApi, workspacesOf } from './accounts';

test('AI training: add, edit, find and delete Q&A pairs with topics; live in a second window', async ({
  browser,
  request,
}) => {
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
