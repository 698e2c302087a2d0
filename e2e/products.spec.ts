import { createServer } from 'node:http';
import { expect, test } from '@playwright/test';
import { expectAccessible, expectAccessibleInBothModes } from './accessibility';
import { addProduct, choosePlanByApi, signInAs, signUpByApi, workspacesOf } from './accounts';
import { shopImagesPort } from './playwright.config';
import { serveWidgetHost } from './widget-host';

const shopUrl = serveWidgetHost();

// A 1×1 PNG.
const photo = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

test('products: created with a photo in one window, live in another; disable, delete every disabled product', async ({
  browser,
  request,
}) => {
  // Two windows signing in and loading the area at once.
  test.setTimeout(60_000);
  const account = await signUpByApi(request, {
    label: 'products',
    website: 'https://gear.example',
  });
  const { workspaceId } = (await workspacesOf(request, account))[0]!;
  await addProduct(request, account, workspaceId, {
    sku: 'KETTLE-1',
    name: 'Copper kettle',
    price: 45,
    stock: 4,
    status: 'disabled',
  });
  const [pageA, pageB] = await Promise.all(
    [browser.newContext(), browser.newContext()].map(async (context) => (await context).newPage()),
  );
  for (const page of [pageA!, pageB!]) {
    await signInAs(page, account);
    await page.goto(`/dashboard/${workspaceId}/products`);
    await expect(page.getByRole('radio', { name: 'All (1)' })).toBeVisible();
  }

  // Window A adds a product with a photo; window B sees it without reloading.
  await pageA!.getByRole('button', { name: 'Add a product' }).click();
  const form = pageA!.getByRole('form', { name: 'New product' });
  await form.getByLabel('Name').fill('Ember camp stove');
  await form.getByLabel('SKU', { exact: true }).fill('STOVE-2');
  await form.getByLabel('Price (USD)').fill('89.50');
  await form.getByLabel('Stock').fill('3');
  await form.getByLabel('Sales pitch').fill('Boils a litre in three minutes.');
  await form.locator('input[type="file"]').setInputFiles({
    name: 'stove.png',
    mimeType: 'image/png',
    buffer: photo,
  });
  await expect(form.getByRole('button', { name: 'Change the photo' })).toBeVisible();
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(pageA!.getByText('Ember camp stove added')).toBeVisible();

  const row = pageB!.getByRole('row', { name: /Ember camp stove/ });
  await expect(row).toContainText('$89.50');
  await expect(row).toContainText('Only 3 left');
  await expect(pageB!.getByRole('radio', { name: 'Active (1)' })).toBeVisible();
  // The photo is served as webp at the row's size, and really loads.
  const thumbnail = row.locator('img');
  await expect(thumbnail).toHaveAttribute('srcset', /\?w=40&dpr=1 1x, .*\?w=40&dpr=2 2x/);
  await expect
    .poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);

  // Window B disables it; window A sees the totals move.
  await row.getByRole('button', { name: 'Disable' }).click();
  await expect(pageA!.getByRole('radio', { name: 'Disabled (2)' })).toBeVisible();

  // Every disabled product goes in one call, after a confirmation that says how many.
  // The tab's radio button is hidden behind its label.
  await pageA!.locator('label', { hasText: 'Disabled (2)' }).click();
  await pageA!.getByRole('button', { name: 'Delete every disabled product (2)' }).click();
  const dialog = pageA!.getByRole('alertdialog', { name: 'Delete products?' });
  await expect(dialog).toContainText('Delete all 2 disabled products?');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(pageA!.getByText('2 products deleted')).toBeVisible();
  await expect(pageB!.getByRole('radio', { name: 'All (0)' })).toBeVisible();
  await expect(pageA!.getByText('No disabled products.')).toBeVisible();
});

test("a customer asks the widget the price of a product and gets the answer with the product's card", async ({
  page,
  request,
}) => {
  const account = await signUpByApi(request, { label: 'shop', website: 'https://gear.example' });
  const { workspaceId } = (await workspacesOf(request, account))[0]!;
  await addProduct(request, account, workspaceId, {
    sku: 'LANTERN-1',
    name: 'Trail lantern',
    price: 129.99,
    stock: 12,
  });

  await page.goto(shopUrl(workspaceId));
  await page.getByRole('button', { name: 'Open chat' }).click();
  const chat = page.frameLocator('iframe[title="Chat"]');
  const text = chat.getByRole('textbox', { name: 'Message' });
  await text.fill('How much is the trail lantern?');
  await text.press('Enter');
  const answer = chat.getByRole('listitem').filter({ hasText: '(bot)' });
  await expect(answer).toContainText('Trail lantern costs $129.99.');
  await expect(answer.getByRole('group', { name: 'Trail lantern' })).toHaveText(
    /Trail lantern\s*\$129\.99\s*In stock/,
  );
  // The shop page with the chat window open, the card in it.
  await expectAccessible(page);
});

test("importing Shopify's export shows a bad row's problem and imports nothing until it is fixed", async ({
  page,
  request,
}) => {
  const account = await signUpByApi(request, { label: 'import', website: 'https://gear.example' });
  const { workspaceId } = (await workspacesOf(request, account))[0]!;
  await choosePlanByApi(request, account, workspaceId, 'starter');
  await signInAs(page, account);
  await page.goto(`/dashboard/${workspaceId}/products`);
  await expect(page.getByRole('radio', { name: 'All (0)' })).toBeVisible();

  const header =
    'Handle,Title,Body (HTML),Option1 Value,Variant SKU,Variant Price,Variant Inventory Qty,Status';
  const chooseFile = (price: string) =>
    page.getByLabel('Import products from CSV').setInputFiles({
      name: 'products_export.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(
        [
          header,
          'tent,Ridge tent,<p>Sleeps two</p>,Green,TENT-G,249,6,active',
          `tent,,,Orange,TENT-O,${price},2,`,
        ].join('\n'),
      ),
    });

  await chooseFile('free');
  await expect(page.getByRole('alert')).toContainText('1 of 2 rows has a problem');
  await expect(page.getByRole('table', { name: 'Rows with problems' })).toContainText(
    'price: Please enter the price as a number',
  );
  await expect(page.getByRole('button', { name: 'Import 2 products' })).toBeDisabled();
  await expectAccessibleInBothModes(page);

  await chooseFile('239.00');
  await page.getByRole('button', { name: 'Import 2 products' }).click();
  await expect(page.getByText('Import done: 2 added, 0 updated')).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Active (2)' })).toBeVisible();
  await expect(page.getByRole('row', { name: /Ridge tent – Orange/ })).toContainText('$239.00');
});

test("an import's photos are copied in from the shop's image host, followed live", async ({
  page,
  request,
}) => {
  // A 1×1 PNG: the server converts it as it would any upload.
  const photo = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  );
  const host = createServer((incoming, response) => {
    if (incoming.url === '/cdn/stove.png') response.writeHead(200, { 'content-type': 'image/png' });
    else response.writeHead(404);
    response.end(incoming.url === '/cdn/stove.png' ? photo : undefined);
  });
  await new Promise<void>((resolve) => host.listen(shopImagesPort, '127.0.0.1', resolve));
  try {
    const account = await signUpByApi(request, {
      label: 'photos',
      website: 'https://gear.example',
    });
    const { workspaceId } = (await workspacesOf(request, account))[0]!;
    await choosePlanByApi(request, account, workspaceId, 'starter');
    await signInAs(page, account);
    await page.goto(`/dashboard/${workspaceId}/products`);
    await expect(page.getByRole('radio', { name: 'All (0)' })).toBeVisible();

    const images = `http://127.0.0.1:${shopImagesPort}/cdn`;
    await page.getByLabel('Import products from CSV').setInputFiles({
      name: 'products_export.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(
        [
          'Handle,Title,Body (HTML),Variant SKU,Variant Price,Variant Inventory Qty,Image Src,Status',
          `stove,Ember stove,<p>Two burners</p>,STOVE-1,89.50,3,${images}/stove.png,active`,
          `mug,Enamel mug,,MUG-1,12,8,${images}/missing.png,active`,
        ].join('\n'),
      ),
    });
    await page.getByRole('button', { name: 'Import 2 products' }).click();
    await expect(page.getByText('Import done: 2 added, 0 updated')).toBeVisible();

    const panel = page.getByRole('region', { name: 'Photos from the file' });
    await expect(panel.getByRole('status')).toHaveText('1 of 2 photos copied.');
    await expect(panel.getByRole('list', { name: 'Photos not copied' })).toContainText(
      "MUG-1: The photo's address answered 404",
    );
    await expect(page.getByRole('radio', { name: 'Active (2)' })).toBeVisible();
    await expect(page.getByRole('radio', { name: 'Processing (0)' })).toBeVisible();
    // The copied photo is stored in the workspace and shown like an uploaded one.
    const thumbnail = page.getByRole('row', { name: /Ember stove/ }).locator('img');
    await expect(thumbnail).toHaveAttribute(
      'src',
      /\/api\/storage\/images\/products\/.+stove.*\?w=/,
    );
    await expect
      .poll(() => thumbnail.evaluate((image: HTMLImageElement) => image.naturalWidth))
      .toBeGreaterThan(0);
    await expectAccessibleInBothModes(page);
  } finally {
    host.close();
  }
});
