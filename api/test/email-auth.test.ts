import type { MessageEmail } from 'shared-sdk/schemas';
import { seedTeams } from './fixtures/teams';
import { bearer } from './fixtures/user';
import { appStartTimeoutMs, buildTestApp, testConfig } from './support/build-test-app';
import type { TestApp } from './support/build-test-app';
import { inboxAddressOf, mailSender } from './support/mail-sender';

jest.setTimeout(120_000);

/**
 * The DNS the receiver's SPF and DMARC checks read, instead of the internet's: forged.example
 * lets only 192.0.2.1 send for it (the test sends from 127.0.0.1) and asks DMARC to reject;
 * honest.example lets 127.0.0.1 send.
 */
const zone: Record<string, string[][]> = {
  'TXT forged.example': [['v=spf1 ip4:192.0.2.1 -all']],
  'TXT _dmarc.forged.example': [['v=DMARC1; p=reject']],
  'TXT honest.example': [['v=spf1 ip4:127.0.0.1 ip6:::1 -all']],
};
const asked: string[] = [];
async function fakeDns(name: string, rrtype: string): Promise<unknown> {
  const key = `${rrtype} ${name.toLowerCase()}`;
  asked.push(key);
  const answer = zone[key];
  if (answer) return answer;
  throw Object.assign(new Error(`query${rrtype} ENOTFOUND ${name}`), { code: 'ENOTFOUND' });
}

describe('a sender who fails SPF', () => {
  let app: TestApp;
  let workspaceId: string;
  let address: string;
  let sender: ReturnType<typeof mailSender>;

  beforeAll(async () => {
    const base = testConfig();
    app = await buildTestApp(
      { inboundMail: { ...base.inboundMail, smtpPort: 0 } },
      { dnsResolver: fakeDns },
    );
    const { team } = await seedTeams(app);
    workspaceId = team.workspaceId;
    ({ inboxAddress: address } = await inboxAddressOf(app, team.admin.auth, workspaceId));
    const turnedOn = await app.inject({
      method: 'PATCH',
      url: '/api/user/email-settings',
      headers: bearer(team.admin.auth),
      payload: { workspaceId, botAnswersFirst: true },
    });
    expect(turnedOn.statusCode).toBe(200);
    sender = mailSender(app);
  }, appStartTimeoutMs);
  afterAll(async () => {
    sender?.close();
    await app?.close();
  });

  const conversationOf = async (messageId: string) => {
    const { conversationId } = await app.db
      .selectFrom('emailMessageIds')
      .select('conversationId')
      .where('rfcMessageId', '=', messageId)
      .executeTakeFirstOrThrow();
    const conversation = await app.db
      .selectFrom('conversations')
      .select('status')
      .where('id', '=', conversationId)
      .executeTakeFirstOrThrow();
    const messages = await app.db
      .selectFrom('messages')
      .select(['role', 'email'])
      .where('conversationId', '=', conversationId)
      .orderBy('timestamp')
      .execute();
    return {
      status: conversation.status,
      roles: messages.map((message) => message.role),
      authFailure: (messages[0]?.email as MessageEmail | null)?.authFailure,
    };
  };

  it('is marked on the message, and the bot does not answer even when it answers e-mail first', async () => {
    const sent = await sender.send({
      from: 'Mallory <billing@forged.example>',
      envelope: { from: 'billing@forged.example', to: [address] },
      to: address,
      subject: 'Your refund',
      text: 'Please confirm your card number to get your refund.',
      messageId: '<forged-1@forged.example>',
    });
    expect(sent.response).toMatch(/^250 /);
    // The honest sender is the control: same switch, same path, the bot answers.
    await sender.send({
      from: 'Ada <ada@honest.example>',
      envelope: { from: 'ada@honest.example', to: [address] },
      to: address,
      subject: 'Opening hours',
      text: 'When are you open on Saturday?',
      messageId: '<honest-1@honest.example>',
    });
    await app.inboundMail.emailBot.idle();

    // The checks asked the resolver the receiver was given, not the system's.
    expect(asked).toEqual(
      expect.arrayContaining(['TXT forged.example', 'TXT _dmarc.forged.example']),
    );
    expect(await conversationOf('forged-1@forged.example')).toEqual({
      status: 'pending',
      roles: ['user'],
      authFailure: 'SPF fail, DMARC fail',
    });
    expect(await conversationOf('honest-1@honest.example')).toMatchObject({
      roles: ['user', 'bot'],
      authFailure: null,
    });
  });
});
