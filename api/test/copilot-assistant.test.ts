import type { AuthResponse } from 'shared-sdk';
import {
  conversationNoteSchema,
  copilotDraftSchema,
  copilotSuggestionsSchema,
} from 'shared-sdk/schemas';
import { startConversation } from './fixtures/conversation';
import { seedTeams } from './fixtures/teams';
import { bearer } from './fixtures/user';
import { appStartTimeoutMs, buildTestApp } from './support/build-test-app';
import type { TestApp } from './support/build-test-app';
import { startFakeModel, type FakeModel } from './support/fake-language-model';

// The copilot's language-model actions, against a local OpenAI-compatible server: a draft from
// this conversation and its retrieved training only, a summary kept as a private note, rewrites
// of the agent's text; a timeout and a failure each a clear error; absent without a model.
jest.setTimeout(60_000);

const timeoutMs = 1500;

describe('copilot with a language model', () => {
  let app: TestApp;
  let withoutModel: TestApp;
  let model: FakeModel;
  let admin: AuthResponse;
  let workspaceId: string;
  let gearId: string;

  beforeAll(async () => {
    model = await startFakeModel();
    app = await buildTestApp({
      bot: { languageModel: { url: model.url, model: 'fake-1', apiKey: 'k', timeoutMs } },
    });
    const teams = await seedTeams(app);
    ({ workspaceId } = teams.team);
    admin = teams.team.admin.auth;
    const created = await app.inject({
      method: 'POST',
      url: '/api/user/ai-training-qnas',
      headers: bearer(admin),
      payload: {
        workspaceId,
        question: 'Do you rent out kayaks?',
        answer: 'Yes, kayaks are 30 dollars a day, paddles and vests included.',
        topicIds: ['Rental'],
      },
    });
    gearId = created.json().id;
    withoutModel = await buildTestApp();
  }, appStartTimeoutMs);
  afterAll(async () => {
    await Promise.all([app?.close(), withoutModel?.close()]);
    await model?.close();
  });

  const post = (url: string, payload: object, on = app) =>
    on.inject({ method: 'POST', url, headers: bearer(admin), payload });

  it('drafts from this conversation and its retrieved training only, naming the sources', async () => {
    // Another conversation of the workspace must not reach the model.
    await startConversation(app, workspaceId, 'My order 7731 never arrived, secret code QX9');
    const { conversationId } = await startConversation(app, workspaceId, 'can I rent a kayak?');
    model.behaviour = 'phrase';
    model.answer = 'Yes! Kayaks are 30 dollars a day, paddles and vests included [1].';
    model.requests.length = 0;
    const response = await post('/api/user/copilot-draft', { workspaceId, conversationId });
    expect(response.statusCode).toBe(200);
    const draft = copilotDraftSchema.parse(response.json());
    expect(draft.text).toBe(model.answer);
    expect(draft.sources[0]).toMatchObject({ kind: 'qna', id: gearId });
    // No message was sent.
    expect(model.requests).toHaveLength(1);
    const sent = JSON.stringify(model.requests[0]!.body.messages);
    expect(sent).toContain('can I rent a kayak?');
    expect(sent).toContain('Yes, kayaks are 30 dollars a day, paddles and vests included.');
    expect(sent).not.toContain('QX9');
    expect(model.requests[0]!.body.model).toBe('fake-1');
  });

  it('summarizes the conversation into a private note', async () => {
    const { conversationId } = await startConversation(app, workspaceId, 'can I rent a kayak?');
    model.behaviour = 'phrase';
    model.answer = 'Customer asks about kayak rental; answered by the bot.';
    model.requests.length = 0;
    const response = await post('/api/user/copilot-summary', { workspaceId, conversationId });
    expect(response.statusCode).toBe(201);
    const note = conversationNoteSchema.parse(response.json());
    expect(note).toMatchObject({ conversationId, content: model.answer });
    const stored = await app.db
      .selectFrom('conversationNotes')
      .select('content')
      .where('id', '=', note.id)
      .executeTakeFirstOrThrow();
    expect(stored.content).toBe(model.answer);
    expect(JSON.stringify(model.requests[0]!.body.messages)).toContain('can I rent a kayak?');
  });

  it("rewrites the agent's text shorter or friendlier", async () => {
    const { conversationId } = await startConversation(app, workspaceId, 'can I rent a kayak?');
    model.behaviour = 'phrase';
    for (const style of ['shorter', 'friendlier'] as const) {
      model.answer = `${style}: Kayaks: 30 dollars a day.`;
      model.requests.length = 0;
      const response = await post('/api/user/copilot-rewrite', {
        workspaceId,
        conversationId,
        text: 'Well, so, kayaks cost 30 dollars for one whole day.',
        style,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ text: model.answer });
      const [system, user] = model.requests[0]!.body.messages;
      expect(system!.content).toMatch(style === 'shorter' ? /shorter/ : /friendlier/);
      expect(user!.content).toBe('Well, so, kayaks cost 30 dollars for one whole day.');
    }
  });

  it('says clearly when the model times out or fails, and stores nothing', async () => {
    const { conversationId } = await startConversation(app, workspaceId, 'can I rent a kayak?');
    model.behaviour = 'hang';
    const started = Date.now();
    const late = await post('/api/user/copilot-draft', { workspaceId, conversationId });
    expect(Date.now() - started).toBeLessThan(timeoutMs + 3000);
    expect(late.statusCode).toBe(503);
    expect(late.json().error.message).toBe(
      'The language model did not answer within 1.5 seconds. Please try again.',
    );
    model.behaviour = 'fail';
    const failed = await post('/api/user/copilot-summary', { workspaceId, conversationId });
    expect(failed.statusCode).toBe(503);
    expect(failed.json().error.message).toBe(
      'The language model failed to answer. Please try again.',
    );
    const notes = await app.db
      .selectFrom('conversationNotes')
      .select('id')
      .where('conversationId', '=', conversationId)
      .execute();
    expect(notes).toEqual([]);
  });

  it('offers nothing of it without a model', async () => {
    const teams = await seedTeams(withoutModel);
    const { conversationId } = await startConversation(
      withoutModel,
      teams.team.workspaceId,
      'can I rent a kayak?',
    );
    const owner = teams.team.admin.auth;
    const suggestions = await withoutModel.inject({
      method: 'GET',
      url: `/api/user/copilot-suggestions?workspaceId=${teams.team.workspaceId}&conversationId=${conversationId}`,
      headers: bearer(owner),
    });
    expect(copilotSuggestionsSchema.parse(suggestions.json()).languageModel).toBe(false);
    const draft = await withoutModel.inject({
      method: 'POST',
      url: '/api/user/copilot-draft',
      headers: bearer(owner),
      payload: { workspaceId: teams.team.workspaceId, conversationId },
    });
    expect(draft.statusCode).toBe(400);
    expect(draft.json().error).toEqual({
      code: 'failed-precondition',
      message: 'No language model is set up for drafts, summaries and rewrites',
    });
  });
});
