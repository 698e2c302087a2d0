import type { MessageEmail, MessageAttachment } from 'shared-sdk/schemas';
import { seedTeams, type Teams } from './fixtures/teams';
import { bearer } from './fixtures/user';
import { appStartTimeoutMs, buildTestApp, testConfig } from './support/build-test-app';
import type { TestApp } from './support/build-test-app';
import { inboxAddressOf, mailSender } from './support/mail-sender';

jest.setTimeout(120_000);

// A 1×1 PNG: the logo a mail shows inline.
const logo = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

describe('inline images of a mail (cid:)', () => {
  let app: TestApp;
  let teams: Teams;

  beforeAll(async () => {
    const base = testConfig();
    app = await buildTestApp({ inboundMail: { ...base.inboundMail, smtpPort: 0 } });
    teams = await seedTeams(app);
  }, appStartTimeoutMs);
  afterAll(async () => {
    await app?.close();
  });

  it('stores each part a cid: image names as an attachment and points the HTML at its URL', async () => {
    const { workspaceId, admin, agent } = teams.team;
    const { inboxAddress } = await inboxAddressOf(app, admin.auth, workspaceId);
    const sender = mailSender(app);
    const sent = await sender.send({
      from: 'Ada Lovelace <ada@example.org>',
      to: inboxAddress,
      subject: 'My bike',
      text: 'Here is my bike.',
      html:
        '<p>Here is my bike:</p><img src="cid:bike-photo@example.org" alt="The bike">' +
        '<img src="cid:missing@example.org" alt="Not in the mail">' +
        '<img src="https://images.example/remote.png" alt="Remote">',
      messageId: '<inline-1@example.org>',
      attachments: [
        { filename: 'bike.png', content: logo, cid: 'bike-photo@example.org' },
        { filename: 'receipt.txt', content: 'Order 1042' },
      ],
    });
    sender.close();
    expect(sent.response).toMatch(/^250 /);

    const message = await app.db
      .selectFrom('messages as m')
      .innerJoin('emailMessageIds as e', 'e.messageId', 'm.id')
      .select(['m.email', 'm.attachments'])
      .where('e.rfcMessageId', '=', 'inline-1@example.org')
      .executeTakeFirstOrThrow();
    const attachments = message.attachments as MessageAttachment[];
    const html = (message.email as MessageEmail).html!;
    const photo = attachments.find((file) => file.originalName === 'bike.png');
    expect(attachments.map((file) => file.originalName).sort()).toEqual([
      'bike.png',
      'receipt.txt',
    ]);
    expect(photo!.url).toMatch(/\/api\/storage\/attachments\/.+/);
    expect(html).toContain(`<img alt="The bike" src="${photo!.url}" />`);
    // A part the mail did not carry shows nothing; a remote image still waits for the agent.
    expect(html).not.toContain('Not in the mail');
    expect(html).not.toContain('cid:');
    expect(html).not.toContain('data-cid');
    expect(html).toContain('data-remote-src="https://images.example/remote.png"');

    // The URL is an attachment's: members of the workspace read it, no one else.
    const url = new URL(photo!.url).pathname;
    const asAgent = await app.inject({ method: 'GET', url, headers: bearer(agent.auth) });
    expect(asAgent.statusCode).toBe(200);
    expect(asAgent.headers['content-type']).toMatch(/^image\//);
    const asOther = await app.inject({
      method: 'GET',
      url,
      headers: bearer(teams.otherTeam.admin.auth),
    });
    expect(asOther.statusCode).toBe(404);
    const signedOut = await app.inject({ method: 'GET', url });
    expect(signedOut.statusCode).toBe(401);
  });

  it("drops a sender's own data-cid and data-remote-src attributes", async () => {
    const { workspaceId, admin } = teams.team;
    const { inboxAddress } = await inboxAddressOf(app, admin.auth, workspaceId);
    const sender = mailSender(app);
    await sender.send({
      from: 'mallory@example.org',
      to: inboxAddress,
      subject: 'Look',
      text: 'Look.',
      html: '<img data-cid="bike-photo@example.org" data-remote-src="https://tracker.example/p.gif" alt="Forged">',
      messageId: '<inline-2@example.org>',
    });
    sender.close();
    const message = await app.db
      .selectFrom('messages as m')
      .innerJoin('emailMessageIds as e', 'e.messageId', 'm.id')
      .select(['m.email'])
      .where('e.rfcMessageId', '=', 'inline-2@example.org')
      .executeTakeFirstOrThrow();
    const html = (message.email as MessageEmail).html!;
    expect(html).not.toContain('Forged');
    expect(html).not.toContain('tracker.example');
  });
});
