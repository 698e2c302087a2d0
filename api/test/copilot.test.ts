import type { AuthResponse } from 'shared-sdk';
import { botPreviewSchema, copilotSuggestionsSchema } from 'shared-sdk/schemas';
import type { WidgetSession } from 'shared-sdk/schemas';
import { sendCustomerMessage, startConversation } from './fixtures/conversation';
import { seedTeams } from './fixtures/teams';
import { bearer } from './fixtures/user';
import { appStartTimeoutMs, buildTestApp } from './support/build-test-app';
import type { TestApp } from './support/build-test-app';

// The agent's copilot: the training that answers the customer's latest question, beside the
// reply box, from the bot's own retrieval.
jest.setTimeout(60_000);

const pairs = [
  ['How long does standard shipping take?', 'Standard shipping takes 3 to 5 working days.'],
  ['Do you ship to Canada?', 'Yes, we ship to Canada; delivery takes 7 to 10 working days.'],
  ['Which payment methods do you accept?', 'We accept Visa, Mastercard, PayPal and gift cards.'],
  ['Do you sell gift cards?', 'Yes, gift cards from 20 to 200 dollars, sent by email.'],
  ['When is the store open?', 'Our store in Boulder is open Monday to Saturday, 9 am to 6 pm.'],
] as const;
/** Only the other workspace is taught this. */
const otherPair = [
  'Can I bring my dog to the store?',
  'Dogs on a leash are welcome in our store.',
] as const;

describe('copilot suggestions', () => {
  let app: TestApp;
  let admin: AuthResponse;
  let agent: AuthResponse;
  let otherAdmin: AuthResponse;
  let workspaceId: string;
  let otherWorkspaceId: string;
  const pairIds = new Map<string, string>();

  async function teach(auth: AuthResponse, inWorkspace: string, question: string, answer: string) {
    const created = await app.inject({
      method: 'POST',
      url: '/api/user/ai-training-qnas',
      headers: bearer(auth),
      payload: { workspaceId: inWorkspace, question, answer, topicIds: ['Shop'] },
    });
    expect(created.statusCode).toBe(201);
    return created.json().id as string;
  }

  beforeAll(async () => {
    app = await buildTestApp();
    const teams = await seedTeams(app);
    ({ workspaceId } = teams.team);
    admin = teams.team.admin.auth;
    agent = teams.team.agent.auth;
    otherAdmin = teams.otherTeam.admin.auth;
    otherWorkspaceId = teams.otherTeam.workspaceId;
    for (const [question, answer] of pairs) {
      pairIds.set(question, await teach(admin, workspaceId, question, answer));
    }
    pairIds.set(otherPair[0], await teach(otherAdmin, otherWorkspaceId, ...otherPair));
  }, appStartTimeoutMs);
  afterAll(() => app?.close());

  const suggestionsFor = (auth: AuthResponse, query: Record<string, string>) =>
    app.inject({
      method: 'GET',
      url: `/api/user/copilot-suggestions?${new URLSearchParams(query)}`,
      headers: bearer(auth),
    });
  const suggestionsOf = async (conversationId: string) => {
    const response = await suggestionsFor(admin, { workspaceId, conversationId });
    expect(response.statusCode).toBe(200);
    return copilotSuggestionsSchema.parse(response.json());
  };
  const preview = async (question: string) => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/user/bot-preview',
      headers: bearer(admin),
      payload: { workspaceId, question },
    });
    return botPreviewSchema.parse(response.json());
  };

  it('suggests what the bot would answer first, with its source, text and confidence', async () => {
    const question = 'how many days does standard shipping take';
    const { conversationId, message } = await startConversation(app, workspaceId, question);
    const found = await suggestionsOf(conversationId);
    expect(found.question).toBe(question);
    expect(found.messageId).toBe(message.id);
    const [first] = found.suggestions;
    expect(first).toMatchObject({
      kind: 'qna',
      id: pairIds.get('How long does standard shipping take?'),
      label: 'How long does standard shipping take?',
      text: 'Standard shipping takes 3 to 5 working days.',
      url: null,
    });
    // Ranked as the bot ranks: its own answer's source comes first.
    expect((await preview(question)).source?.id).toBe(first!.id);
    expect(first!.confidence).toBeGreaterThan(0);
    expect(first!.confidence).toBeLessThanOrEqual(1);
    expect(['high', 'medium', 'low']).toContain(first!.level);
    expect(found.suggestions.length).toBeLessThanOrEqual(3);
  });

  it('offers the pairs in the order the bot suggests them when it is not sure', async () => {
    const question = 'when does my package arrive';
    const bot = await preview(question);
    expect(bot.kind).toBe('suggestions');
    const { conversationId } = await startConversation(app, workspaceId, question);
    const found = await suggestionsOf(conversationId);
    const offered = found.suggestions
      .filter((each) => each.kind === 'qna')
      .map((each) => each.label);
    expect(offered.slice(0, bot.suggestions!.length)).toEqual(bot.suggestions);
    // Confidence never rises down the list of pairs.
    const confidences = found.suggestions.map((each) => each.confidence);
    expect([...confidences].sort((a, b) => b - a)).toEqual(confidences);
  });

  it('suggests nothing for a question the training does not answer', async () => {
    const { conversationId } = await startConversation(
      app,
      workspaceId,
      'Is the parking garage next door free on Sundays?',
    );
    const found = await suggestionsOf(conversationId);
    expect(found.question).toBe('Is the parking garage next door free on Sundays?');
    expect(found.suggestions).toEqual([]);
  });

  it("follows the customer's latest question, past a request for a person", async () => {
    const { session, conversationId } = await startConversation(
      app,
      workspaceId,
      'Which payment methods do you accept?',
    );
    expect((await suggestionsOf(conversationId)).suggestions[0]?.id).toBe(
      pairIds.get('Which payment methods do you accept?'),
    );
    await sendCustomerMessage(app, session as WidgetSession, 'Do you ship to Canada?');
    await sendCustomerMessage(app, session as WidgetSession, 'Can I talk to a person please?');
    const found = await suggestionsOf(conversationId);
    expect(found.question).toBe('Do you ship to Canada?');
    expect(found.suggestions[0]?.id).toBe(pairIds.get('Do you ship to Canada?'));
  });

  it("never suggests another workspace's knowledge", async () => {
    const { conversationId } = await startConversation(app, workspaceId, otherPair[0]);
    const found = await suggestionsOf(conversationId);
    expect(found.suggestions.map((each) => each.id)).not.toContain(pairIds.get(otherPair[0]));
    expect(found.suggestions.map((each) => each.text)).not.toContain(otherPair[1]);
  });

  it('is refused to agents, to other workspaces and for their conversations', async () => {
    const { conversationId } = await startConversation(app, workspaceId, 'Do you sell gift cards?');
    expect((await suggestionsFor(agent, { workspaceId, conversationId })).statusCode).toBe(403);
    expect((await suggestionsFor(otherAdmin, { workspaceId, conversationId })).statusCode).toBe(
      404,
    );
    const theirs = await suggestionsFor(otherAdmin, {
      workspaceId: otherWorkspaceId,
      conversationId,
    });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().error.message).toBe(`Conversation ${conversationId} not found`);
    const missing = await suggestionsFor(admin, { workspaceId });
    expect(missing.statusCode).toBe(400);
  });
});
