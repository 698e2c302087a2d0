import { createHmac } from 'node:crypto';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { messageSchema } from 'shared-sdk/schemas';
import { findConversation } from '../src/repositories/conversations';
import { findStatistics } from '../src/repositories/statistics';
import { toMessage } from '../src/repositories/messages';
import { seedTeams } from './fixtures/teams';
import { appStartTimeoutMs, buildTestApp } from './support/build-test-app';
import type { TestApp } from './support/build-test-app';
import { inboxAddressOf, mailSender } from './support/mail-sender';

jest.setTimeout(120_000);

/** An attachment too large to keep in its row (over 64 KB): written to disk. */
const manual = Buffer.alloc(100 * 1024, 'Page of the manual. ');

describe('e-mail received over SMTP and HTTP', () => {
  let app: TestApp;
  let workspaceId: string;
  let otherWorkspaceId: string;
  let address: string;
  let secret: string;
  let adminToken: string;
  let sender: ReturnType<typeof mailSender>;

  beforeAll(async () => {
    const base = (await import('./support/build-test-app')).testConfig();
    app = await buildTestApp({ inboundMail: { ...base.inboundMail, smtpPort: 0 } });
    const teams = await seedTeams(app);
    workspaceId = teams.team.workspaceId;
    adminToken = teams.team.admin.auth.idToken;
    otherWorkspaceId = teams.otherTeam.workspaceId;
    ({ inboxAddress: address, inboxSecret: secret } = await inboxAddressOf(
      app,
      teams.team.admin.auth,
      workspaceId,
    ));
    await inboxAddressOf(app, teams.otherTeam.admin.auth, otherWorkspaceId);
    sender = mailSender(app);
  }, appStartTimeoutMs);
  afterAll(async () => {
    sender?.close();
    await app?.close();
  });

  const messagesOf = async (conversationId: string) =>
    (
      await app.db
        .selectFrom('messages')
        .selectAll()
        .where('conversationId', '=', conversationId)
        .orderBy('timestamp')
        .execute()
    ).map((row) => messageSchema.parse(toMessage(row)));
  const conversationOfMail = async (messageId: string) => {
    const row = await app.db
      .selectFrom('emailMessageIds')
      .selectAll()
      .where('workspaceId', '=', workspaceId)
      .where('rfcMessageId', '=', messageId)
      .executeTakeFirst();
    return row?.conversationId;
  };

  it('stores a new mail as a pending e-mail conversation, with its sender and attachments', async () => {
    const sent = await sender.send({
      from: 'Ada Lovelace <ada@example.org>',
      to: address,
      subject: 'Broken bell on my bike',
      text: 'The bell of the bike I bought last week does not ring.',
      messageId: '<first-1@example.org>',
      attachments: [
        { filename: 'receipt.txt', content: 'Order 1042, paid' },
        { filename: 'photo.png', content: Buffer.from('89504e470d0a1a0a', 'hex') },
        { filename: 'manual.pdf', content: manual },
      ],
    });
    expect(sent.response).toMatch(/^250 /);

    const conversationId = await conversationOfMail('first-1@example.org');
    expect(conversationId).toBeDefined();
    const conversation = await findConversation(app.db, workspaceId, conversationId!);
    expect(conversation).toMatchObject({
      channel: 'email',
      status: 'pending',
      subject: 'Broken bell on my bike',
      customer: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.org' },
    });
    const [message] = await messagesOf(conversationId!);
    expect(message).toMatchObject({
      role: 'user',
      content: 'The bell of the bike I bought last week does not ring.',
      email: {
        messageId: 'first-1@example.org',
        subject: 'Broken bell on my bike',
        from: 'Ada Lovelace <ada@example.org>',
        automatic: null,
      },
    });
    expect(message!.attachments.map((file) => file.originalName)).toEqual([
      'receipt.txt',
      'photo.png',
      'manual.pdf',
    ]);
    const [receipt, , manualFile] = message!.attachments;
    expect(receipt!.path.startsWith(`attachments/${conversationId}/`)).toBe(true);
    // Each served as it came: the small ones kept in their rows, the large one on disk.
    const download = (storedPath: string) =>
      app.inject({
        method: 'GET',
        url: `/api/storage/${storedPath}`,
        headers: { authorization: `Bearer ${adminToken}` },
      });
    expect((await download(receipt!.path)).body).toBe('Order 1042, paid');
    expect((await download(manualFile!.path)).rawPayload.equals(manual)).toBe(true);
    const onDisk = (storedPath: string) =>
      stat(path.join(app.config.dataDir, 'storage', storedPath)).then(
        () => true,
        () => false,
      );
    expect(await onDisk(receipt!.path)).toBe(false);
    expect(await onDisk(manualFile!.path)).toBe(true);
  });

  it('joins replies to the thread by their headers, and without them by sender and subject', async () => {
    await sender.send({
      from: 'grace@example.org',
      to: address,
      subject: 'Helmet size',
      text: 'Which helmet size fits a 58 cm head?',
      messageId: '<helmet-1@example.org>',
    });
    const conversationId = await conversationOfMail('helmet-1@example.org');

    await sender.send({
      from: 'grace@example.org',
      to: address,
      subject: 'Re: Helmet size',
      text: 'And in blue?',
      messageId: '<helmet-2@example.org>',
      inReplyTo: '<helmet-1@example.org>',
      references: ['<helmet-1@example.org>'],
    });
    // A client that dropped the threading headers, the subject forwarded.
    await sender.send({
      from: 'Grace@Example.org',
      to: address,
      subject: 'Fwd: RE: Helmet size',
      text: 'Never mind, I found it.',
      messageId: '<helmet-3@example.org>',
    });
    expect(await conversationOfMail('helmet-2@example.org')).toBe(conversationId);
    expect(await conversationOfMail('helmet-3@example.org')).toBe(conversationId);
    expect((await messagesOf(conversationId!)).map((message) => message.content)).toEqual([
      'Which helmet size fits a 58 cm head?',
      'And in blue?',
      'Never mind, I found it.',
    ]);

    // Another sender with the same subject starts a thread of their own.
    await sender.send({
      from: 'linus@example.org',
      to: address,
      subject: 'Re: Helmet size',
      text: 'Same question here.',
      messageId: '<helmet-4@example.org>',
    });
    expect(await conversationOfMail('helmet-4@example.org')).not.toBe(conversationId);

    // A colleague copied in answers from another address and subject: the References name the
    // thread's mails, some of them never received here; the latest known one decides.
    await sender.send({
      from: 'ada@example.org',
      to: address,
      subject: 'Sizes in stock',
      text: 'We have 58 cm in blue.',
      messageId: '<helmet-5@example.org>',
      inReplyTo: '<never-received@example.org>',
      references: ['<helmet-1@example.org>', '<helmet-2@example.org>', '<elsewhere@example.org>'],
    });
    expect(await conversationOfMail('helmet-5@example.org')).toBe(conversationId);
    // Written by Ada, a customer of her own, into Grace's thread.
    const [graces, adas] = await Promise.all(
      ['grace@example.org', 'ada@example.org'].map((email) =>
        app.db
          .selectFrom('customers')
          .select('id')
          .where('workspaceId', '=', workspaceId)
          .where('email', '=', email)
          .executeTakeFirstOrThrow(),
      ),
    );
    const thread = await messagesOf(conversationId!);
    expect(thread.map((message) => message.senderId)).toEqual([
      ...thread.slice(0, -1).map(() => graces!.id),
      adas!.id,
    ]);
  });

  it('adds nothing for a mail whose Message-ID is stored already (a retry)', async () => {
    const mail = {
      from: 'retry@example.org',
      to: address,
      subject: 'Twice',
      text: 'Sent twice by a server that missed our answer.',
      messageId: '<twice@example.org>',
    };
    expect((await sender.send(mail)).response).toMatch(/^250 /);
    expect((await sender.send(mail)).response).toMatch(/^250 /);
    const conversationId = await conversationOfMail('twice@example.org');
    expect(await messagesOf(conversationId!)).toHaveLength(1);
    const customers = await app.db
      .selectFrom('customers')
      .select('id')
      .where('email', '=', 'retry@example.org')
      .execute();
    expect(customers).toHaveLength(1);
  });

  it('refuses an address no workspace has at RCPT TO', async () => {
    const domain = address.split('@')[1];
    await expect(
      sender.send({
        from: 'someone@example.org',
        to: `nobody0000000000@${domain}`,
        subject: 'Hello',
        text: 'Anyone?',
      }),
    ).rejects.toMatchObject({ responseCode: 550, command: 'RCPT TO' });
    await expect(
      sender.send({
        from: 'someone@example.org',
        to: address.replace(/@.*/, '@elsewhere.example'),
        subject: 'Hello',
        text: 'Anyone?',
      }),
    ).rejects.toMatchObject({ responseCode: 550, command: 'RCPT TO' });
  });

  it('refuses a mail over 25 MB and one with more than 20 attachments, saying why', async () => {
    await expect(
      sender.send({
        from: 'big@example.org',
        to: address,
        subject: 'Huge',
        text: 'See the file',
        attachments: [{ filename: 'huge.bin', content: Buffer.alloc(20 * 1024 * 1024, 1) }],
      }),
    ).rejects.toMatchObject({ responseCode: 552, response: expect.stringMatching(/25 MB/) });
    await expect(
      sender.send({
        from: 'many@example.org',
        to: address,
        subject: 'Many',
        text: 'Many files',
        attachments: Array.from({ length: 21 }, (_, index) => ({
          filename: `file-${index}.txt`,
          content: `file ${index}`,
        })),
      }),
    ).rejects.toMatchObject({
      responseCode: 552,
      response: expect.stringMatching(/at most 20/),
    });
    const stored = await app.db
      .selectFrom('customers')
      .select('id')
      .where('email', 'in', ['big@example.org', 'many@example.org'])
      .execute();
    expect(stored).toHaveLength(0);
  });

  it('removes scripts and event handlers from the HTML and holds remote images back', async () => {
    await sender.send({
      from: 'html@example.org',
      to: address,
      subject: 'HTML',
      text: 'Hello in text',
      html:
        '<p onclick="steal()">Hello <b>there</b></p><script>alert(1)</script>' +
        '<img src="https://tracker.example/pixel.gif" onerror="x()">' +
        '<a href="https://shop.example/order" onmouseover="y()">order</a>' +
        '<a href="javascript:alert(2)">bad</a><iframe src="https://evil.example"></iframe>',
      messageId: '<html-1@example.org>',
    });
    const [message] = await messagesOf((await conversationOfMail('html-1@example.org'))!);
    const html = message!.email!.html!;
    expect(html).not.toMatch(/script|onclick|onerror|onmouseover|javascript:|iframe|alert/i);
    expect(html).toContain('<b>there</b>');
    expect(html).toContain('data-remote-src="https://tracker.example/pixel.gif"');
    expect(html).not.toMatch(/ src=/);
    expect(html).toContain(
      '<a href="https://shop.example/order" target="_blank" rel="noopener noreferrer">order</a>',
    );
  });

  it('marks auto-replies, bulk mail and bounces as automatic', async () => {
    await sender.send({
      from: 'away@example.org',
      to: address,
      subject: 'Out of office',
      text: 'I am away until Monday.',
      messageId: '<away@example.org>',
      headers: { 'Auto-Submitted': 'auto-replied' },
    });
    await sender.send({
      from: 'news@example.org',
      to: address,
      subject: 'Newsletter',
      text: 'Our news.',
      messageId: '<news@example.org>',
      headers: { Precedence: 'bulk' },
    });
    const automatic = async (id: string) =>
      (await messagesOf((await conversationOfMail(id))!))[0]!.email!.automatic;
    expect(await automatic('away@example.org')).toBe('auto-reply');
    expect(await automatic('news@example.org')).toBe('bulk');
  });

  it('takes a mail posted over HTTP when signed with the inbox secret', async () => {
    const inboxKey = address.split('@')[0]!;
    const raw = Buffer.from(
      [
        'From: Posted <posted@example.org>',
        `To: ${address}`,
        'Subject: Posted by a mail host',
        'Message-ID: <posted-1@example.org>',
        'Content-Type: text/plain; charset=utf-8',
        '',
        'Delivered over HTTP.',
        '',
      ].join('\r\n'),
    );
    const post = (body: Buffer, signWith: string, key = inboxKey) => {
      const timestamp = Math.floor(Date.now() / 1000);
      const signature = `sha256=${createHmac('sha256', signWith)
        .update(`${timestamp}.`)
        .update(body)
        .digest('hex')}`;
      return app.inject({
        method: 'POST',
        url: `/api/inbound-mail/${key}`,
        headers: {
          'content-type': 'message/rfc822',
          'x-parley-timestamp': String(timestamp),
          'x-parley-signature': signature,
        },
        payload: body,
      });
    };
    expect((await post(raw, 'not-the-secret')).statusCode).toBe(401);
    expect((await post(raw, secret, 'unknownkey000000')).statusCode).toBe(404);
    const accepted = await post(raw, secret);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({ stored: true });
    expect((await post(raw, secret)).json()).toMatchObject({ stored: false });
    const conversationId = await conversationOfMail('posted-1@example.org');
    expect((await messagesOf(conversationId!)).map((message) => message.content)).toEqual([
      'Delivered over HTTP.',
    ]);
  });

  it('counts e-mail conversations in the statistics and tells webhooks of them', async () => {
    const before = await findStatistics(app.db, workspaceId);
    const created = await app.inject({
      method: 'POST',
      url: '/api/user/webhooks',
      headers: { authorization: `Bearer ${adminToken}` },
      payload: {
        workspaceId,
        url: 'https://hooks.example/parley',
        events: ['conversation.created', 'message.created'],
      },
    });
    expect(created.statusCode).toBe(201);
    await sender.send({
      from: 'hooked@example.org',
      to: address,
      subject: 'Told',
      text: 'Webhooks hear of this.',
      messageId: '<hooked-1@example.org>',
    });
    const after = await findStatistics(app.db, workspaceId);
    expect(after!.conversations.all).toBe(before!.conversations.all + 1);
    expect(after!.conversations.pending).toBe(before!.conversations.pending + 1);
    const conversationId = await conversationOfMail('hooked-1@example.org');
    const deliveries = await app.db
      .selectFrom('webhookDeliveries')
      .select(['event', 'body'])
      .where('workspaceId', '=', workspaceId)
      .execute();
    expect(
      deliveries
        .filter((delivery) => delivery.body.includes(conversationId!))
        .map((delivery) => delivery.event)
        .sort(),
    ).toEqual(['conversation.created', 'message.created']);
  });

  it("keeps each workspace's mail in its own inbox", async () => {
    const other = await app.db
      .selectFrom('conversations')
      .select('id')
      .where('workspaceId', '=', otherWorkspaceId)
      .execute();
    expect(other).toHaveLength(0);
  });
});
