import type { AuthResponse, LiveServerMessage } from 'shared-sdk';
import { conversationAssigneeWhere, typingMinGapMs } from 'shared-sdk';
import { startConversation } from './fixtures/conversation';
import { bearer } from './fixtures/user';
import { seedTeams } from './fixtures/teams';
import { appStartTimeoutMs, buildTestApp, TestClock } from './support/build-test-app';
import type { TestApp } from './support/build-test-app';
import { listenForLive, LiveTestClient } from './support/live-client';

jest.setTimeout(30_000);

// Typing, presence and private notes on /api/live (issue 18): each side hears the other, and a
// visitor never hears anything of another conversation nor any note.

type Typing = Extract<LiveServerMessage, { type: 'typing' }>;
const isTyping =
  (conversationId: string, from?: Typing['from']) =>
  (message: LiveServerMessage): boolean =>
    message.type === 'typing' &&
    message.conversationId === conversationId &&
    (from === undefined || message.from === from);
const signalsIn = (client: LiveTestClient) =>
  client.untaken().filter((message) => message.type === 'typing' || message.type === 'presence');

describe('live typing, presence and notes', () => {
  let app: TestApp;
  let admin: AuthResponse;
  let agent: AuthResponse;
  let otherAdmin: AuthResponse;
  let workspaceId: string;
  let otherWorkspaceId: string;
  const clock = new TestClock();
  const clients: LiveTestClient[] = [];

  beforeAll(async () => {
    app = await buildTestApp({}, { now: clock.now });
    await listenForLive(app);
    const teams = await seedTeams(app);
    ({ workspaceId } = teams.team);
    admin = teams.team.admin.auth;
    agent = teams.team.agent.auth;
    otherAdmin = teams.otherTeam.admin.auth;
    otherWorkspaceId = teams.otherTeam.workspaceId;
  }, appStartTimeoutMs);
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((client) => client.close()));
  });
  afterAll(() => app?.close());

  async function connect(token: string) {
    const client = await LiveTestClient.signedIn(app, token);
    clients.push(client);
    return client;
  }
  /** A member watching the workspace's takeover list. */
  async function watchingList(auth: AuthResponse, workspace = workspaceId) {
    const client = await connect(auth.idToken);
    await client.subscribe('list', { collection: 'conversations', workspaceId: workspace });
    return client;
  }
  /** The widget of a new conversation, reading it as the window does. */
  async function widget(workspace = workspaceId) {
    const started = await startConversation(app, workspace);
    const client = await connect(started.session.visitorToken);
    await client.subscribe('messages', {
      collection: 'messages',
      workspaceId: workspace,
      conversationId: started.conversationId,
    });
    return { ...started, client };
  }
  /** Ends once every message sent before has been handled (messages are handled in order). */
  async function handled(client: LiveTestClient, id: string) {
    await client.subscribeRefused(id, { collection: 'users', workspaceId });
  }

  it("carries the customer's typing to the members watching, never to other visitors", async () => {
    const maya = await widget();
    const other = await widget();
    const listWatcher = await watchingList(admin);
    const conversationWatcher = await connect(agent.idToken);
    await conversationWatcher.subscribe('messages', {
      collection: 'messages',
      workspaceId,
      conversationId: maya.conversationId,
    });
    const outsider = await watchingList(otherAdmin, otherWorkspaceId);

    maya.client.send({ type: 'typing', conversationId: maya.conversationId });
    const heard = await listWatcher.next(isTyping(maya.conversationId));
    expect(heard).toEqual({
      type: 'typing',
      conversationId: maya.conversationId,
      from: 'customer',
      senderId: maya.session.customerId,
    });
    await conversationWatcher.next(isTyping(maya.conversationId, 'customer'));

    // The other visitor hears the agent typing in their own conversation, and nothing before.
    listWatcher.send({ type: 'typing', conversationId: other.conversationId });
    await other.client.next(isTyping(other.conversationId, 'agent'));
    expect(signalsIn(other.client)).toEqual([]);
    expect(signalsIn(maya.client)).toEqual([]);
    expect(signalsIn(outsider)).toEqual([]);
  });

  it("carries an agent's typing to that conversation's visitor only", async () => {
    const maya = await widget();
    const other = await widget();
    const list = await watchingList(admin);
    const colleague = await watchingList(agent);

    list.send({ type: 'typing', conversationId: maya.conversationId });
    expect(await maya.client.next(isTyping(maya.conversationId))).toEqual({
      type: 'typing',
      conversationId: maya.conversationId,
      from: 'agent',
      senderId: admin.user.id,
    });
    // The other side only: the colleague and the other visitor hear nothing of it.
    maya.client.send({ type: 'typing', conversationId: maya.conversationId });
    await colleague.next(isTyping(maya.conversationId, 'customer'));
    other.client.send({ type: 'typing', conversationId: other.conversationId });
    await colleague.next(isTyping(other.conversationId, 'customer'));
    expect(signalsIn(colleague)).toEqual([]);
    expect(signalsIn(other.client)).toEqual([]);
    // The sender heard the customers, never its own typing.
    expect(signalsIn(list)).toEqual([
      expect.objectContaining({ conversationId: maya.conversationId, from: 'customer' }),
      expect.objectContaining({ conversationId: other.conversationId, from: 'customer' }),
    ]);
  });

  it('refuses typing in a conversation the sender may not read', async () => {
    const maya = await widget();
    const other = await widget();
    const elsewhere = await widget(otherWorkspaceId);
    const list = await watchingList(admin);

    // A visitor in someone else's conversation, and in another workspace's.
    for (const conversationId of [other.conversationId, elsewhere.conversationId, 'nope']) {
      maya.client.send({ type: 'typing', conversationId });
      const error = await maya.client.next((m) => m.type === 'error');
      expect(error).toMatchObject({ code: 'permission-denied' });
    }
    // A member without a subscription to the conversation, and one of another workspace.
    const idle = await connect(agent.idToken);
    idle.send({ type: 'typing', conversationId: maya.conversationId });
    expect(await idle.next((m) => m.type === 'error')).toMatchObject({
      code: 'permission-denied',
    });
    const outsider = await watchingList(otherAdmin, otherWorkspaceId);
    outsider.send({ type: 'typing', conversationId: maya.conversationId });
    outsider.send({ type: 'viewing', conversationId: maya.conversationId });
    expect(await outsider.next((m) => m.type === 'error')).toMatchObject({
      code: 'permission-denied',
    });
    expect(await outsider.next((m) => m.type === 'error')).toMatchObject({
      code: 'permission-denied',
    });
    // Before signing in, nothing is taken.
    const anonymous = await LiveTestClient.connect(app);
    clients.push(anonymous);
    anonymous.send({ type: 'typing', conversationId: maya.conversationId });
    expect(await anonymous.next()).toMatchObject({ type: 'error', code: 'unauthenticated' });
    // Malformed.
    maya.client.send(JSON.stringify({ type: 'typing', conversationId: '' }));
    expect(await maya.client.next((m) => m.type === 'error')).toMatchObject({
      code: 'invalid-argument',
    });

    await handled(maya.client, 'sync');
    await handled(outsider, 'sync');
    maya.client.send({ type: 'typing', conversationId: maya.conversationId });
    await list.next(isTyping(maya.conversationId));
    expect(signalsIn(list)).toEqual([]);
    expect(signalsIn(other.client)).toEqual([]);
    expect(signalsIn(maya.client)).toEqual([]);
  });

  it(`throttles a sender's typing to one per ${typingMinGapMs} ms per conversation`, async () => {
    const maya = await widget();
    const list = await watchingList(admin);
    for (let i = 0; i < 10; i += 1) {
      maya.client.send({ type: 'typing', conversationId: maya.conversationId });
      list.send({ type: 'typing', conversationId: maya.conversationId });
    }
    await handled(maya.client, 'burst');
    await handled(list, 'burst');
    clock.advance(typingMinGapMs / 1000);
    maya.client.send({ type: 'typing', conversationId: maya.conversationId });
    list.send({ type: 'typing', conversationId: maya.conversationId });
    await handled(maya.client, 'after');
    await handled(list, 'after');
    // The second one after the gap is heard: everything sent before it has been delivered.
    await list.next(isTyping(maya.conversationId));
    await list.next(isTyping(maya.conversationId));
    await maya.client.next(isTyping(maya.conversationId));
    await maya.client.next(isTyping(maya.conversationId));
    expect(signalsIn(list)).toEqual([]);
    expect(signalsIn(maya.client)).toEqual([]);
    clock.reset();
  });

  it('tells colleagues who has a conversation open, and when they leave; never the visitor', async () => {
    const maya = await widget();
    const viewer = await watchingList(admin);
    const colleague = await watchingList(agent);

    viewer.send({ type: 'viewing', conversationId: maya.conversationId });
    expect(await colleague.next((m) => m.type === 'presence')).toEqual({
      type: 'presence',
      conversationId: maya.conversationId,
      userId: admin.user.id,
      viewing: true,
    });
    viewer.send({ type: 'viewing', conversationId: null });
    expect(await colleague.next((m) => m.type === 'presence')).toMatchObject({
      userId: admin.user.id,
      viewing: false,
    });
    viewer.send({ type: 'viewing', conversationId: maya.conversationId });
    await colleague.next((m) => m.type === 'presence' && m.viewing);
    await viewer.close();
    expect(await colleague.next((m) => m.type === 'presence')).toMatchObject({
      userId: admin.user.id,
      viewing: false,
    });

    maya.client.send({ type: 'viewing', conversationId: maya.conversationId });
    expect(await maya.client.next((m) => m.type === 'error')).toMatchObject({
      code: 'permission-denied',
    });
    expect(signalsIn(maya.client)).toEqual([]);
    // The viewer hears nothing of their own presence.
    expect(signalsIn(colleague)).toEqual([]);
  });

  it('shows notes live to members and never to the visitor', async () => {
    const maya = await widget();
    await maya.client.subscribe('conversation', {
      collection: 'conversations',
      workspaceId,
      where: [{ field: 'id', op: '==', value: maya.conversationId }],
    });
    const refused = await maya.client.subscribeRefused('notes', {
      collection: 'conversation_notes',
      workspaceId,
      conversationId: maya.conversationId,
    });
    expect(refused.code).toBe('permission-denied');
    const member = await connect(admin.idToken);
    expect(
      await member.subscribe('notes', {
        collection: 'conversation_notes',
        workspaceId,
        conversationId: maya.conversationId,
      }),
    ).toEqual([]);

    const response = await app.inject({
      method: 'POST',
      url: '/api/user/notes',
      headers: bearer(admin),
      payload: { workspaceId, conversationId: maya.conversationId, content: 'Secret: VIP' },
    });
    expect(response.statusCode).toBe(201);
    const changes = await member.nextChanges('notes');
    expect(changes.changes).toMatchObject([
      { type: 'added', doc: { kind: 'note', content: 'Secret: VIP', authorId: admin.user.id } },
    ]);

    // A message after the note reaches the visitor: anything the note caused would be before.
    const sent = await app.inject({
      method: 'POST',
      url: '/api/user/messages',
      headers: bearer(admin),
      payload: { workspaceId, conversationId: maya.conversationId, content: 'Hi', role: 'agent' },
    });
    expect(sent.statusCode).toBe(201);
    await maya.client.next(
      (m) =>
        m.type === 'changes' &&
        m.id === 'messages' &&
        m.changes.some((change) => change.doc.content === 'Hi'),
    );
    expect(JSON.stringify(maya.client.untaken())).not.toContain('Secret');
  });

  it('filters the live list by assignee: mine and unassigned', async () => {
    const maya = await widget();
    const client = await connect(agent.idToken);
    const mine = await client.subscribe('mine', {
      collection: 'conversations',
      workspaceId,
      where: conversationAssigneeWhere('mine', agent.user.id),
    });
    expect(mine).toEqual([]);
    const unassigned = await client.subscribe('unassigned', {
      collection: 'conversations',
      workspaceId,
      where: conversationAssigneeWhere('unassigned', agent.user.id),
    });
    expect(unassigned.map((doc) => doc.id)).toContain(maya.conversationId);

    const response = await app.inject({
      method: 'POST',
      url: '/api/user/assign-conversation',
      headers: bearer(admin),
      payload: { workspaceId, conversationId: maya.conversationId, assigneeId: agent.user.id },
    });
    expect(response.statusCode).toBe(200);
    const added = await client.nextChanges('mine');
    expect(added.changes).toMatchObject([
      { type: 'added', doc: { id: maya.conversationId, assigneeId: agent.user.id } },
    ]);
    const removed = await client.nextChanges('unassigned');
    expect(removed.changes).toMatchObject([{ type: 'removed', doc: { id: maya.conversationId } }]);
  });
});
