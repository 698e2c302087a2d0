import { conversationChannelWhere, type LiveQuery } from 'shared-sdk';
import type { Conversation } from 'shared-sdk/schemas';
import { startConversation } from './fixtures/conversation';
import { seedTeams, type Teams } from './fixtures/teams';
import { appStartTimeoutMs, buildTestApp, testConfig } from './support/build-test-app';
import type { TestApp } from './support/build-test-app';
import { listenForLive, LiveTestClient } from './support/live-client';
import { inboxAddressOf, mailSender } from './support/mail-sender';

jest.setTimeout(60_000);

// The takeover list's channel filter (All / Widget / E-mail) is served by the server: the list's
// live query carries `channel` in its where, filtered within the workspace the caller may read.
describe('the conversation list filtered by channel', () => {
  let app: TestApp;
  let teams: Teams;
  const clients: LiveTestClient[] = [];

  beforeAll(async () => {
    const base = testConfig();
    app = await buildTestApp({ inboundMail: { ...base.inboundMail, smtpPort: 0 } });
    await listenForLive(app);
    teams = await seedTeams(app);
  }, appStartTimeoutMs);
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.close()));
    await app?.close();
  });

  async function connect(token: string) {
    const client = await LiveTestClient.signedIn(app, token);
    clients.push(client);
    return client;
  }
  const listQuery = (workspaceId: string, channel: 'all' | 'widget' | 'email'): LiveQuery => ({
    collection: 'conversations',
    workspaceId,
    ...(channel === 'all' ? {} : { where: conversationChannelWhere(channel) }),
    orderBy: [
      { field: 'isPending', direction: 'desc' },
      { field: 'updatedAt', direction: 'desc' },
    ],
    limit: 25,
  });
  const idsOf = (docs: object[]) => (docs as Conversation[]).map((doc) => doc.id).sort();

  it('gives the agent only the e-mail or only the widget conversations, live', async () => {
    const { workspaceId, admin, agent } = teams.team;
    const { inboxAddress } = await inboxAddressOf(app, admin.auth, workspaceId);
    const widget = await startConversation(app, workspaceId);
    const sender = mailSender(app);
    await sender.send({
      from: 'Ada Lovelace <ada@example.org>',
      to: inboxAddress,
      subject: 'Broken bell',
      text: 'The bell does not ring.',
      messageId: '<filter-1@example.org>',
    });

    const client = await connect(agent.auth.idToken);
    const all = await client.subscribe('all', listQuery(workspaceId, 'all'));
    const email = await client.subscribe('email', listQuery(workspaceId, 'email'));
    const widgetOnly = await client.subscribe('widget', listQuery(workspaceId, 'widget'));
    expect(all).toHaveLength(2);
    const mail = (all as Conversation[]).find((doc) => doc.channel === 'email');
    expect(idsOf(email)).toEqual([mail!.id]);
    expect(idsOf(widgetOnly)).toEqual([widget.conversationId]);

    // A new mail joins the e-mail list as it arrives.
    await sender.send({
      from: 'grace@example.org',
      to: inboxAddress,
      subject: 'Helmet size',
      text: 'Which size fits?',
      messageId: '<filter-2@example.org>',
    });
    sender.close();
    const { changes } = await client.nextChanges('email');
    expect(changes).toEqual([
      expect.objectContaining({
        type: 'added',
        doc: expect.objectContaining({ channel: 'email', subject: 'Helmet size' }),
      }),
    ]);
  });

  it('refuses the filtered list of another workspace as it refuses the whole list', async () => {
    const client = await connect(teams.otherTeam.agent.auth.idToken);
    const refused = await client.subscribeRefused(
      'theirs',
      listQuery(teams.team.workspaceId, 'email'),
    );
    expect(refused).toMatchObject({ type: 'error', code: 'permission-denied' });
  });

  it('matches nothing for a channel that does not exist', async () => {
    const client = await connect(teams.team.agent.auth.idToken);
    const docs = await client.subscribe('fax', {
      ...listQuery(teams.team.workspaceId, 'all'),
      where: [{ field: 'channel', op: '==', value: 'fax' }],
    });
    expect(docs).toEqual([]);
  });
});
