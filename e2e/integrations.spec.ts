import { createServer, type IncomingHttpHeaders } from 'node:http';
import { expect, test } from '@playwright/test';
import { verifyWebhook } from 'shared-sdk/webhook-signature';
import { expectAccessibleInBothModes } from './accessibility';
import { signInAs, signUpByApi, workspacesOf } from './accounts';
import { webhookReceiverPort } from './playwright.config';
import { serveWidgetHost } from './widget-host';

const shopUrl = serveWidgetHost();

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

test('integrations: copy the snippet, see where the widget runs, and a widget message reaches a signed webhook, in the log', async ({
  page,
  context,
  request,
}) => {
  const received: Received[] = [];
  const receiver = createServer((incoming, response) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      received.push({ headers: incoming.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(webhookReceiverPort, '127.0.0.1', resolve));
  try {
    const account = await signUpByApi(request, { label: 'hooks', website: 'https://gear.example' });
    const { workspaceId } = (await workspacesOf(request, account))[0]!;
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await signInAs(page, account);
    await page.goto(`/dashboard/${workspaceId}/integrations`);
    await expect(page.getByRole('heading', { name: 'Integrations', level: 1 })).toBeVisible();

    // The snippet names this workspace, and the copy button puts it on the clipboard.
    await expect(page.getByLabel('Widget snippet')).toHaveValue(new RegExp(workspaceId));
    await page
      .getByRole('region', { name: 'Install the chat widget' })
      .getByRole('button', { name: 'Copy' })
      .click();
    await expect(page.getByText('Copied')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toContain(workspaceId);
    await expect(page.getByText('Not seen yet: add the snippet to your site')).toBeVisible();

    // A webhook to the receiver, for messages; its secret is shown once.
    await page.getByRole('button', { name: 'Add a webhook' }).click();
    const form = page.getByRole('form', { name: 'New webhook' });
    await form.getByLabel('Address (URL)').fill(`http://127.0.0.1:${webhookReceiverPort}/hooks`);
    await form.getByRole('checkbox', { name: 'message.created' }).check();
    await form.getByRole('button', { name: 'Add webhook' }).click();
    const secretDialog = page.getByRole('alertdialog', { name: "The webhook's signing secret" });
    const secret = await secretDialog.getByLabel('Signing secret').inputValue();
    expect(secret).toMatch(/^whsec_/);
    await expectAccessibleInBothModes(page);
    await secretDialog.getByRole('button', { name: 'I have saved it' }).click();

    // A customer writes on the shop's page (another origin).
    const shop = await context.newPage();
    await shop.goto(shopUrl(workspaceId));
    await shop.getByRole('button', { name: 'Open chat' }).click();
    const message = shop
      .frameLocator('iframe[title="Chat"]')
      .getByRole('textbox', { name: 'Message' });
    await message.fill('Do you ship to Lisbon?');
    await message.press('Enter');

    await expect.poll(() => received.length, { timeout: 15_000 }).toBeGreaterThan(0);
    const customerMessage = received.find((delivery) =>
      delivery.body.includes('Do you ship to Lisbon?'),
    );
    expect(customerMessage).toBeDefined();
    const verified = verifyWebhook({
      secret,
      headers: customerMessage!.headers,
      body: customerMessage!.body,
    });
    expect(verified).toMatchObject({ ok: true });
    expect(JSON.parse(customerMessage!.body)).toMatchObject({
      event: 'message.created',
      workspaceId,
    });

    // The log on the page shows it delivered, and the widget as seen on the shop's origin.
    await page.getByRole('button', { name: 'Delivery log' }).click();
    await expect(
      page
        .getByRole('table', { name: /Latest deliveries to/ })
        .getByRole('row', { name: /message\.created/ })
        .first(),
    ).toContainText('Delivered');
    await page.getByRole('button', { name: 'Check again' }).click();
    await expect(page.getByText(new URL(shopUrl(workspaceId)).origin)).toBeVisible();
    await expectAccessibleInBothModes(page);
  } finally {
    receiver.close();
  }
});
