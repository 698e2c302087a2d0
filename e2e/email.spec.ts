import { expect, test } from '@playwright/test';
import nodemailer from 'nodemailer';
import { expectAccessibleInBothModes } from './accessibility';
import { logIn, readLatestEmail, signUpByApi, workspacesOf } from './accounts';
import { collectConsoleErrors } from './console-errors';
import { dataDir, inboundSmtpPort } from './playwright.config';

test('a mail to the workspace appears live in the inbox, and the reply goes out by e-mail with its threading headers', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const errors = collectConsoleErrors(page);
  const owner = await signUpByApi(request, { label: 'email', website: 'https://bikes.example' });
  const { workspaceId } = (await workspacesOf(request, owner))[0]!;

  // Settings › E-mail: the address the business forwards its mailbox to.
  await page.goto(`/dashboard/${workspaceId}/settings/email`);
  await logIn(page, owner.email, owner.password);
  await expect(page.getByRole('heading', { level: 1, name: 'E-mail' })).toBeVisible();
  const addressField = page.getByLabel('Inbox address to forward to');
  await expect(addressField).toHaveValue(/^[a-z0-9]{16}@localhost$/);
  const address = await addressField.inputValue();
  await page.getByLabel(/^Sender name/).fill('Bike shop support');
  await page.getByRole('button', { name: 'Save e-mail settings' }).click();
  await expect(page.getByText('E-mail settings saved')).toBeVisible();
  await expectAccessibleInBothModes(page);

  // The agent waits on the inbox; a customer's mail server delivers a mail over SMTP.
  const base = `/dashboard/${workspaceId}/chat-takeover`;
  await page.goto(base);
  await expect(page.getByText(/No conversations yet/)).toBeVisible();
  const transport = nodemailer.createTransport({
    host: '127.0.0.1',
    port: inboundSmtpPort,
    secure: false,
    ignoreTLS: true,
  });
  const sent = await transport.sendMail({
    from: 'Ada Lovelace <ada@example.org>',
    to: address,
    subject: 'Broken bell',
    text: 'The bell of my new bike does not ring.',
    html:
      '<p>The bell of my <b>new bike</b> does not ring.</p>' +
      '<img src="https://images.example/bell.png" alt="The silent bell">' +
      '<script>document.title = "owned"</script>',
    messageId: '<e2e-bell-1@example.org>',
  });
  transport.close();
  expect(sent.response).toMatch(/^250 /);

  const list = page.getByRole('list', { name: 'Conversations' });
  await expect(list.getByRole('link')).toHaveCount(1);
  await expect(list).toContainText('Ada Lovelace');
  await list.getByRole('link').first().click();
  const thread = page.getByRole('region', { name: 'Messages with Ada Lovelace' });
  await expect(thread.getByText('new bike')).toBeVisible();
  await expect(thread.getByText('Broken bell')).toBeVisible();
  // Remote images wait for the agent; scripts never ran. The image host answers here.
  let imageRequests = 0;
  await page.route('https://images.example/bell.png', (route) => {
    imageRequests += 1;
    return route.fulfill({
      contentType: 'image/png',
      body: Buffer.from(
        'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
        'base64',
      ),
    });
  });
  await expect(thread.getByAltText('The silent bell')).not.toHaveAttribute('src', /.+/);
  expect(imageRequests).toBe(0);
  await thread.getByRole('button', { name: 'Show images' }).click();
  await expect(thread.getByAltText('The silent bell')).toHaveAttribute(
    'src',
    'https://images.example/bell.png',
  );
  await expect
    .poll(() =>
      thread
        .getByAltText('The silent bell')
        .evaluate((image: HTMLImageElement) => image.naturalWidth),
    )
    .toBe(1);
  expect(imageRequests).toBe(1);
  await expect(page).not.toHaveTitle('owned');
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expectAccessibleInBothModes(page);

  // The agent replies from the inbox: it is sent by e-mail.
  const reply = page.getByLabel('Your reply');
  await reply.fill('We are sending you a new bell today.');
  await reply.press('Enter');
  await expect(thread.getByText('Sent by e-mail')).toBeVisible({ timeout: 30_000 });
  const mail = readLatestEmail(dataDir!, 'ada@example.org');
  expect(mail).toContain('We are sending you a new bell today.');
  expect(mail).toMatch(/^Subject: Re: Broken bell$/m);
  expect(mail).toMatch(/^In-Reply-To: <e2e-bell-1@example\.org>$/m);
  expect(mail).toMatch(/^References: <e2e-bell-1@example\.org>$/m);
  expect(mail).toMatch(/^From: "?Bike shop support"? <[a-z0-9]{16}@localhost>$/m);
  expect(mail).toContain('> The bell of my new bike does not ring.');

  // Forward the conversation to a supplier, with a note, by keyboard.
  await page.getByRole('button', { name: 'Forward' }).click();
  const forward = page.getByRole('alertdialog', { name: 'Forward this conversation by e-mail' });
  await expect(forward.getByLabel('Forward to')).toBeFocused();
  await page.keyboard.type('parts@supplier.example');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Please send a new bell to Ada.');
  await expectAccessibleInBothModes(page);
  await forward.getByRole('button', { name: 'Forward' }).click();
  await expect(page.getByText('Forwarded to parts@supplier.example.')).toBeVisible();
  const forwarded = readLatestEmail(dataDir!, 'parts@supplier.example');
  expect(forwarded).toMatch(/^Subject: Fwd: Broken bell$/m);
  expect(forwarded).toContain('Please send a new bell to Ada.');
  expect(forwarded).toContain('The bell of my new bike does not ring.');

  // "Send a test mail" goes through the receiver and says it arrived.
  await page.goto(`/dashboard/${workspaceId}/settings/email`);
  await expect(
    page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'E-mail' }),
  ).toHaveAttribute('aria-current', 'page');
  await page.getByRole('button', { name: 'Send a test mail' }).click();
  await expect(page.getByText('The test mail arrived: it is in the inbox.')).toBeVisible({
    timeout: 30_000,
  });
  await page.getByRole('link', { name: 'Open it' }).click();
  await expect(page.getByRole('list', { name: 'Conversations' }).getByRole('link')).toHaveCount(2);
  expect(errors).toEqual([]);
});
