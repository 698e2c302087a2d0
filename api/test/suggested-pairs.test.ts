import type { AuthResponse } from 'shared-sdk';
import { suggestedPairsSchema, widgetConversationSchema } from 'shared-sdk/schemas';
import type { WidgetSession } from 'shared-sdk/schemas';
import { agentAnswerOf } from '../src/services/suggested-pairs';
import { sendCustomerMessage, startConversation } from './fixtures/conversation';
import { visitorBearer } from './fixtures/customer';
import { seedTeams } from './fixtures/teams';
import { bearer } from './fixtures/user';
import { appStartTimeoutMs, buildTestApp } from './support/build-test-app';
import type { TestApp } from './support/build-test-app';

// AI training's suggested pairs: what agents answered in the conversations they resolved,
// grouped by meaning, accepted as pairs the bot answers with, or dismissed for good.
jest.setTimeout(60_000);

const pairs = [
  ['Which payment methods do you accept?', 'We accept Visa, Mastercard, PayPal and gift cards.'],
  ['When is the store open?', 'Our store in Boulder is open Monday to Saturday, 9 am to 6 pm.'],
] as const;

describe('suggested pairs', () => {
  let app: TestApp;
  let admin: AuthResponse;
  let agent: AuthResponse;
  let workspaceId: string;
  let otherWorkspaceId: string;
  let otherAdmin: AuthResponse;

  beforeAll(async () => {
    app = await buildTestApp();
    const teams = await seedTeams(app);
    ({ workspaceId } = teams.team);
    admin = teams.team.admin.auth;
    agent = teams.team.agent.auth;
    otherAdmin = teams.otherTeam.admin.auth;
    otherWorkspaceId = teams.otherTeam.workspaceId;
    for (const [question, answer] of pairs) {
      const created = await app.inject({
        method: 'POST',
        url: '/api/user/ai-training-qnas',
        headers: bearer(admin),
        payload: { workspaceId, question, answer, topicIds: ['Shop'] },
      });
      expect(created.statusCode).toBe(201);
    }
  }, appStartTimeoutMs);
  afterAll(() => app?.close());

  const post = (auth: AuthResponse, url: string, payload: object) =>
    app.inject({ method: 'POST', url, headers: bearer(auth), payload });

  /** A customer asks, an agent answers (taking it over) and resolves the conversation. */
  async function answered(question: string, ...answers: string[]) {
    const { conversationId, session } = await startConversation(app, workspaceId, question);
    for (const content of answers) {
      const sent = await post(admin, '/api/user/messages', {
        workspaceId,
        conversationId,
        content,
        role: 'agent',
      });
      expect(sent.statusCode).toBe(201);
    }
    const resolved = await post(admin, '/api/user/resolve-conversation', {
      workspaceId,
      conversationId,
    });
    expect(resolved.statusCode).toBe(200);
    return { conversationId, session };
  }

  const list = async (auth = admin, inWorkspace = workspaceId) => {
    const response = await app.inject({
      method: 'GET',
      url: `/api/user/suggested-pairs?workspaceId=${inWorkspace}`,
      headers: bearer(auth),
    });
    expect(response.statusCode).toBe(200);
    return suggestedPairsSchema.parse(response.json()).suggestions;
  };
  const suggestionAbout = async (text: RegExp) =>
    (await list()).find(
      (each) => text.test(each.question) || each.examples.some((example) => text.test(example)),
    );

  it("takes the question an agent first answered, and the agent's replies to it", () => {
    expect(
      agentAnswerOf([
        { role: 'user', content: 'hello' },
        { role: 'bot', content: 'Hello! How can I help?' },
        { role: 'user', content: 'Do you rent out kayaks?' },
        { role: 'bot', content: "I'm not sure about that one…" },
        { role: 'user', content: 'Can I talk to a person?' },
        { role: 'agent', content: 'Yes, we rent kayaks.' },
        { role: 'agent', content: 'It is 30 dollars a day.' },
        { role: 'user', content: 'Thanks!' },
        { role: 'agent', content: 'You are welcome.' },
      ]),
    ).toEqual({
      question: 'Do you rent out kayaks?',
      answer: 'Yes, we rent kayaks.\n\nIt is 30 dollars a day.',
    });
    expect(agentAnswerOf([{ role: 'user', content: 'Do you rent out kayaks?' }])).toBeUndefined();
  });

  it('groups two paraphrases answered by agents into one suggestion', async () => {
    await answered('Do you rent out kayaks?', 'Yes: kayaks are 30 dollars a day at the shop.');
    await answered(
      'Can I hire a kayak for the weekend?',
      'Yes, kayak rental is 30 dollars a day; a weekend is 50 dollars.',
    );
    await answered('Is there parking near the store?', 'Yes, the garage on Pearl Street is free.');
    const kayaks = (await list()).filter((each) =>
      [each.question, ...each.examples].some((text) => /kayak/i.test(text)),
    );
    expect(kayaks).toHaveLength(1);
    expect(kayaks[0]).toMatchObject({
      question: 'Can I hire a kayak for the weekend?',
      answer: 'Yes, kayak rental is 30 dollars a day; a weekend is 50 dollars.',
      count: 2,
      examples: ['Do you rent out kayaks?'],
    });
    expect(kayaks[0]!.sourceIds).toHaveLength(2);
    expect(await suggestionAbout(/parking/)).toMatchObject({ count: 1 });
    // Another workspace sees none of it; agents may not read it.
    expect(await list(otherAdmin, otherWorkspaceId)).toEqual([]);
    const refused = await app.inject({
      method: 'GET',
      url: `/api/user/suggested-pairs?workspaceId=${workspaceId}`,
      headers: bearer(agent),
    });
    expect(refused.statusCode).toBe(403);
  });

  it('accepted (edited), it is a pair at once and the widget answers with it', async () => {
    await answered('Do you repair bikes?', 'yes we fix bikes');
    const suggestion = await suggestionAbout(/repair bikes/);
    expect(suggestion).toBeDefined();
    const edited = 'Yes: our workshop repairs every kind of bike, usually within two days.';
    const accepted = await post(admin, '/api/user/suggested-pairs-accept', {
      workspaceId,
      sourceIds: suggestion!.sourceIds,
      question: 'Do you repair bikes?',
      answer: edited,
      topicIds: ['Workshop'],
    });
    expect(accepted.statusCode).toBe(201);
    expect(accepted.json()).toMatchObject({ question: 'Do you repair bikes?', answer: edited });
    expect(await suggestionAbout(/repair bikes/)).toBeUndefined();
    // Accepted once only.
    const again = await post(admin, '/api/user/suggested-pairs-accept', {
      workspaceId,
      sourceIds: suggestion!.sourceIds,
      question: 'Do you repair bikes?',
      answer: edited,
    });
    expect(again.statusCode).toBe(404);

    const { session } = await startConversation(app, workspaceId, 'Do you repair bikes?');
    const messages = await app.inject({
      method: 'GET',
      url: '/api/widget/messages',
      headers: visitorBearer(session as WidgetSession),
    });
    const reply = widgetConversationSchema.parse(messages.json()).messages.at(-1)!;
    expect(reply).toMatchObject({ role: 'bot', content: edited });
  });

  it('dismissed, it is gone for good, in other words too', async () => {
    await answered('Do you offer student discounts?', 'Students get 10% off with a valid card.');
    const suggestion = await suggestionAbout(/student/);
    expect(suggestion).toBeDefined();
    // Another workspace's admin dismisses nothing of it.
    const theirs = await post(otherAdmin, '/api/user/suggested-pairs-dismiss', {
      workspaceId: otherWorkspaceId,
      sourceIds: suggestion!.sourceIds,
    });
    expect(theirs.json()).toEqual({ dismissed: 0 });
    expect(await suggestionAbout(/student/)).toBeDefined();

    const dismissed = await post(admin, '/api/user/suggested-pairs-dismiss', {
      workspaceId,
      sourceIds: suggestion!.sourceIds,
    });
    expect(dismissed.json()).toEqual({ dismissed: 1 });
    expect(await suggestionAbout(/student/)).toBeUndefined();
    // Asked again in other words and answered again: it does not come back.
    await answered('Is there a discount for students?', 'Yes, 10% off with a student card.');
    expect(await suggestionAbout(/student/)).toBeUndefined();
  });

  it('keeps nothing of a conversation no agent answered', async () => {
    const { conversationId, session } = await startConversation(
      app,
      workspaceId,
      'Do you deliver to Mars?',
    );
    await sendCustomerMessage(app, session as WidgetSession, 'hello?');
    const resolved = await post(admin, '/api/user/resolve-conversation', {
      workspaceId,
      conversationId,
    });
    expect(resolved.statusCode).toBe(200);
    expect(await suggestionAbout(/Mars/)).toBeUndefined();
  });
});
