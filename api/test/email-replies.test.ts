import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { AuthResponse } from 'shared-sdk';
import type { MessageEmail } from 'shared-sdk/schemas';
import { buildAgentMessage } from './fixtures/message';
import { seedTeams } from './fixtures/teams';
import { bearer } from './fixtures/user';
import { appStartTimeoutMs, buildTestApp, testConfig } from './support/build-test-app';
import type { TestApp } from './support/build-test-app';
import { eventually } from './support/eventually';
import { inboxAddressOf, mailSender } from './support/mail-sender';
import { readOutbox } from './support/outbox';

jest.setTimeout(120_000);

describe('agents answer e-mail conversations by e-mail', () => {
  let app: TestApp;
  let workspaceId: string;
  let admin: AuthResponse;
  let address: string;
  let sender: ReturnType<typeof mailSender>;

  beforeAll(async () => {
    const base = testConfig();
    app = await buildTestApp({
      inboundMail: { ...base.inboundMail, smtpPort: 0, sendRetryBaseMs: 20 },
    });
    const teams = await seedTeams(app);
    workspaceId = teams.team.workspaceId;
    admin = teams.team.admin.auth;
    ({ inboxAddress: address } = await inboxAddressOf(app, admin, workspaceId));
    await app.inject({
      method: 'PATCH',
      url: '/api/user/email-settings',
      headers: bearer(admin),
      payload: { workspaceId, senderName: 'Bike shop support', signature: 'The bike shop team' },
    });
    sender = mailSender(app);
  }, appStartTimeoutMs);
  afterAll(async () => {
    sender?.close();
    await app?.close();
  });

  const conversationOfMail = async (messageId: string) =>
    (
      await app.db
        .selectFrom('emailMessageIds')
        .select('conversationId')
        .where('rfcMessageId', '=', messageId)
        .executeTakeFirstOrThrow()
    ).conversationId;
  const deliveryOf = async (messageId: string) => {
    const row = await app.db
      .selectFrom('messages')
      .select('email')
      .where('id', '=', messageId)
      .executeTakeFirstOrThrow();
    return (row.email as MessageEmail).delivery;
  };
  const reply = async (conversationId: string, content: string) => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/user/messages',
      headers: bearer(admin),
      payload: buildAgentMessage(workspaceId, conversationId, { content }),
    });
    expect(response.statusCode).toBe(201);
    return response.json<{ id: string; email?: MessageEmail }>();
  };

  it('sends the reply with In-Reply-To, References, the quoted history and both parts', async () => {
    await sender.send({
      from: 'Ada Lovelace <ada@example.org>',
      to: address,
      subject: 'Broken bell',
      text: 'The bell does not ring.',
      messageId: '<bell-1@example.org>',
    });
    await sender.send({
      from: 'ada@example.org',
      to: address,
      subject: 'Re: Broken bell',
      text: 'It is the brass one.',
      messageId: '<bell-2@example.org>',
      inReplyTo: '<bell-1@example.org>',
      references: ['<bell-1@example.org>'],
    });
    const conversationId = await conversationOfMail('bell-1@example.org');
    const sent = await reply(conversationId, 'We are sending a new bell today.');
    expect(sent.email).toMatchObject({
      to: 'ada@example.org',
      subject: 'Re: Broken bell',
      delivery: { status: 'sending' },
    });
    await eventually(
      () => deliveryOf(sent.id),
      (delivery) => delivery?.status === 'sent',
      'the reply being sent',
    );
    const [mail] = (await readOutbox(app)).filter((message) =>
      message.content.includes('new bell today'),
    );
    expect(mail).toBeDefined();
    const content = mail!.content;
    expect(content).toMatch(/^To: ada@example\.org$/m);
    expect(content).toMatch(/^From: "?Bike shop support"? <[a-z0-9]+@localhost>$/m);
    expect(content).toMatch(/^Subject: Re: Broken bell$/m);
    expect(content).toMatch(/^In-Reply-To: <bell-2@example\.org>$/m);
    expect(content).toMatch(/^References: <bell-1@example\.org> <bell-2@example\.org>$/m);
    expect(content).toMatch(new RegExp(`^Message-ID: <${sent.email!.messageId}>$`, 'm'));
    expect(content).toContain('text/plain');
    expect(content).toContain('text/html');
    expect(content).toContain('The bike shop team');
    expect(content).toMatch(
      /wrote:\n> It is the brass one\.\n\nOn .*wrote:\n> The bell does not ring\./,
    );
    expect(content).toContain('<blockquote');

    // The customer's answer to the reply joins the thread by its headers.
    await sender.send({
      from: 'ada@example.org',
      to: address,
      subject: 'Re: Re: Broken bell',
      text: 'Thank you!',
      messageId: '<bell-3@example.org>',
      inReplyTo: `<${sent.email!.messageId}>`,
    });
    expect(await conversationOfMail('bell-3@example.org')).toBe(conversationId);
  });

  it('shows a failed send with its reason, and the jobs retry it until it is sent', async () => {
    await sender.send({
      from: 'grace@example.org',
      to: address,
      subject: 'Pedals',
      text: 'Do you sell pedals?',
      messageId: '<pedals-1@example.org>',
    });
    const conversationId = await conversationOfMail('pedals-1@example.org');
    // The outbox cannot be made: a file stands where its folder goes.
    const outbox = app.mailer.outboxDir!;
    await rm(outbox, { recursive: true, force: true });
    await writeFile(outbox, 'not a folder');
    const sent = await reply(conversationId, 'Yes, in three sizes.');
    const failed = await eventually(
      () => deliveryOf(sent.id),
      (delivery) => delivery?.status === 'failed',
      'the first try failing',
    );
    // Retries come 20 ms apart here: by the time it is read, more than one may have failed.
    expect(failed!.attempts).toBeGreaterThanOrEqual(1);
    expect(failed!.error).toMatch(/EEXIST|ENOTDIR|exists|not a directory/i);

    await rm(outbox);
    const delivered = await eventually(
      () => deliveryOf(sent.id),
      (delivery) => delivery?.status === 'sent',
      'a retry sending it',
    );
    expect(delivered!.attempts).toBeGreaterThan(1);
    expect(delivered!.error).toBeNull();
    const mails = (await readOutbox(app)).filter((message) =>
      message.content.includes('in three sizes'),
    );
    expect(mails).toHaveLength(1);
    expect(path.dirname(mails[0]!.file)).toBe(outbox);
  });

  it('lets an agent send a failed reply again by hand once the retries are spent', async () => {
    await sender.send({
      from: 'linus@example.org',
      to: address,
      subject: 'Chain',
      text: 'My chain squeaks.',
      messageId: '<chain-1@example.org>',
    });
    const conversationId = await conversationOfMail('chain-1@example.org');
    const outbox = app.mailer.outboxDir!;
    await rm(outbox, { recursive: true, force: true });
    await writeFile(outbox, 'not a folder');
    const sent = await reply(conversationId, 'Oil it twice a year.');
    await eventually(
      () => deliveryOf(sent.id),
      (delivery) => delivery?.status === 'failed' && delivery.attempts === 5,
      'every automatic try failing',
    );
    const retry = (messageId: string) =>
      app.inject({
        method: 'POST',
        url: '/api/user/email-retry',
        headers: bearer(admin),
        payload: { workspaceId, messageId },
      });
    await rm(outbox);
    const retried = await retry(sent.id);
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toMatchObject({ email: { delivery: { status: 'sending' } } });
    expect(
      await eventually(
        () => deliveryOf(sent.id),
        (delivery) => delivery?.status === 'sent',
        'the retry by hand',
      ),
    ).toMatchObject({ attempts: 6, error: null });
    // Sent already: nothing to retry.
    expect((await retry(sent.id)).statusCode).toBe(400);
  });

  it('marks the reply a bounce returns as failed', async () => {
    await sender.send({
      from: 'nobody-anymore@example.org',
      to: address,
      subject: 'Spokes',
      text: 'How many spokes?',
      messageId: '<spokes-1@example.org>',
    });
    const conversationId = await conversationOfMail('spokes-1@example.org');
    const sent = await reply(conversationId, 'Thirty-two.');
    await eventually(
      () => deliveryOf(sent.id),
      (delivery) => delivery?.status === 'sent',
      'the reply being sent',
    );
    const raw = [
      'From: Mail Delivery System <MAILER-DAEMON@example.org>',
      `To: ${address}`,
      'Subject: Undelivered Mail Returned to Sender',
      'Message-ID: <bounce-1@example.org>',
      'Auto-Submitted: auto-replied',
      'MIME-Version: 1.0',
      'Content-Type: multipart/report; report-type=delivery-status; boundary="b"',
      '',
      '--b',
      'Content-Type: text/plain',
      '',
      'The mailbox does not exist.',
      '--b',
      'Content-Type: message/delivery-status',
      '',
      'Reporting-MTA: dns; example.org',
      '',
      'Final-Recipient: rfc822; nobody-anymore@example.org',
      'Action: failed',
      'Status: 5.1.1',
      '--b',
      'Content-Type: text/rfc822-headers',
      '',
      `Message-ID: <${sent.email!.messageId}>`,
      'Subject: Re: Spokes',
      '--b--',
      '',
    ].join('\r\n');
    await sender.send({
      envelope: { from: '', to: [address] },
      raw,
    });
    expect(await deliveryOf(sent.id)).toMatchObject({
      status: 'failed',
      error: expect.stringMatching(/came back/),
    });
  });

  it('forwards the conversation to an address with a note', async () => {
    const conversationId = await conversationOfMail('bell-1@example.org');
    const response = await app.inject({
      method: 'POST',
      url: '/api/user/email-forward',
      headers: bearer(admin),
      payload: {
        workspaceId,
        conversationId,
        to: 'workshop@example.org',
        note: 'Can you check the bell stock?',
      },
    });
    expect(response.statusCode).toBe(204);
    const [mail] = (await readOutbox(app)).filter((message) =>
      /^To: workshop@example\.org$/m.test(message.content),
    );
    expect(mail!.content).toMatch(/^Subject: Fwd: Broken bell$/m);
    expect(mail!.content).toContain('Can you check the bell stock?');
    expect(mail!.content).toContain('> The bell does not ring.');
  });

  it('sends a test mail through the receiver and shows it arrived', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/user/email-test',
      headers: bearer(admin),
      payload: { workspaceId },
    });
    expect(response.statusCode).toBe(200);
    const { arrived, conversationId } = response.json<{
      arrived: boolean;
      conversationId: string;
    }>();
    expect(arrived).toBe(true);
    const conversation = await app.db
      .selectFrom('conversations')
      .select(['channel', 'subject'])
      .where('id', '=', conversationId)
      .executeTakeFirstOrThrow();
    expect(conversation).toEqual({
      channel: 'email',
      subject: 'Test mail from Settings › E-mail',
    });
  });

  it('lets the bot answer new mail first when turned on, never an auto-reply', async () => {
    await app.inject({
      method: 'PATCH',
      url: '/api/user/email-settings',
      headers: bearer(admin),
      payload: { workspaceId, botAnswersFirst: true },
    });
    await sender.send({
      from: 'robot@example.org',
      to: address,
      subject: 'Automatic reply: Your order',
      text: 'I am out of the office.',
      messageId: '<robot-1@example.org>',
      headers: { 'Auto-Submitted': 'auto-replied' },
    });
    await sender.send({
      from: 'human@example.org',
      to: address,
      subject: 'Opening hours',
      text: 'When are you open on Saturday?',
      messageId: '<human-1@example.org>',
    });
    await app.inboundMail.emailBot.idle();
    const rolesOf = async (id: string) =>
      (
        await app.db
          .selectFrom('messages')
          .select(['role', 'email'])
          .where('conversationId', '=', await conversationOfMail(id))
          .orderBy('timestamp')
          .execute()
      ).map((row) => row.role);
    expect(await rolesOf('robot-1@example.org')).toEqual(['user']);
    expect(await rolesOf('human-1@example.org')).toEqual(['user', 'bot']);
    const [, botMessage] = await app.db
      .selectFrom('messages')
      .select(['id'])
      .where('conversationId', '=', await conversationOfMail('human-1@example.org'))
      .orderBy('timestamp')
      .execute();
    await eventually(
      () => deliveryOf(botMessage!.id),
      (delivery) => delivery?.status === 'sent',
      "the bot's answer being sent",
    );
  });
});
