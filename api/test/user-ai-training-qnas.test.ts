import type { AuthResponse } from 'shared-sdk';
import {
  aiTrainingQnaSchema,
  aiTrainingQnasSchema,
  aiTrainingQnaTopicSchema,
  maxQnaImportPairs,
} from 'shared-sdk/schemas';
import { findStatistics } from '../src/repositories/statistics';
import { checkStatistics } from '../src/services/statistics-check';
import { buildAiTrainingQnaRequest, createAiTrainingQna } from './fixtures/ai-training-qna';
import { startConversation } from './fixtures/conversation';
import { bearer } from './fixtures/user';
import { seedTeams } from './fixtures/teams';
import { appStartTimeoutMs, buildTestApp, TestClock } from './support/build-test-app';
import type { TestApp } from './support/build-test-app';
import { listenForLive, LiveTestClient } from './support/live-client';

jest.setTimeout(30_000);

describe('AI training Q&A calls (/api/user/ai-training-qnas)', () => {
  let app: TestApp;
  let admin: AuthResponse;
  let agent: AuthResponse;
  let stranger: AuthResponse;
  /** An admin of the other workspace. */
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
    stranger = teams.stranger.auth;
    otherWorkspaceId = teams.otherTeam.workspaceId;
    otherAdmin = teams.otherTeam.admin.auth;
  }, appStartTimeoutMs);
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((client) => client.close()));
  });
  afterAll(() => app?.close());

  const send = (method: 'POST' | 'PATCH' | 'DELETE', auth: AuthResponse | null, payload: object) =>
    app.inject({
      method,
      url: '/api/user/ai-training-qnas',
      headers: auth ? bearer(auth) : {},
      payload,
    });
  const topicsOf = async (id: string) =>
    (
      await app.db
        .selectFrom('aiTrainingQnaTopics')
        .selectAll()
        .where('workspaceId', '=', id)
        .orderBy('name')
        .execute()
    ).map((row) => ({ name: row.name, createdAt: row.createdAt, lastUsedAt: row.lastUsedAt }));
  const count = async () => (await findStatistics(app.db, workspaceId))!.aiTrainingQnas.count;
  const expectStatisticsExact = async () =>
    expect((await checkStatistics(app.db)).differences).toEqual([]);

  it('adds a pair, creating its topics on first use, counted in the statistics', async () => {
    const before = await count();
    const response = await send(
      'POST',
      admin,
      buildAiTrainingQnaRequest(workspaceId, {
        topicIds: [' Returns ', 'Shipping', 'Returns'],
        question: '  Can I return a bike?  ',
        answer: 'Yes, within 30 days.',
      }),
    );
    expect(response.statusCode).toBe(201);
    const qna = aiTrainingQnaSchema.parse(response.json());
    expect(qna).toMatchObject({
      workspaceId,
      topicIds: ['Returns', 'Shipping'],
      question: 'Can I return a bike?',
      answer: 'Yes, within 30 days.',
    });
    expect(await count()).toBe(before + 1);
    const topics = await topicsOf(workspaceId);
    expect(topics.map((topic) => topic.name)).toEqual(
      expect.arrayContaining(['Returns', 'Shipping']),
    );
    await expectStatisticsExact();
  });

  it('moves a topic’s lastUsedAt when used again, and creates new ones on update', async () => {
    const qna = await createAiTrainingQna(
      app,
      admin,
      buildAiTrainingQnaRequest(workspaceId, { topicIds: ['Warranty', 'Repairs'] }),
    );
    const warrantyBefore = (await topicsOf(workspaceId)).find((t) => t.name === 'Warranty');
    clock.advance(60);
    const response = await send('PATCH', admin, {
      workspaceId,
      qnaId: qna.id,
      topicIds: ['Warranty', 'Spare parts'],
      question: 'How long is the warranty?',
      answer: 'Two years on every frame.',
    });
    expect(response.statusCode).toBe(200);
    const updated = aiTrainingQnaSchema.parse(response.json());
    expect(updated).toMatchObject({
      id: qna.id,
      topicIds: ['Warranty', 'Spare parts'],
      question: 'How long is the warranty?',
      createdAt: qna.createdAt,
    });
    expect(Date.parse(updated.updatedAt)).toBeGreaterThan(Date.parse(qna.updatedAt));
    const topics = await topicsOf(workspaceId);
    const byName = (name: string) => topics.find((topic) => topic.name === name)!;
    expect(byName('Warranty').createdAt).toEqual(warrantyBefore!.createdAt);
    expect(byName('Warranty').lastUsedAt.getTime()).toBe(Date.parse(updated.updatedAt));
    // Created on first use.
    expect(byName('Spare parts').lastUsedAt.getTime()).toBe(Date.parse(updated.updatedAt));
    // Not used by this change: left as it was.
    expect(byName('Repairs').lastUsedAt.getTime()).toBe(Date.parse(qna.updatedAt));
  });

  it('deletes a pair and uncounts it; a second delete is 404', async () => {
    const qna = await createAiTrainingQna(app, admin, buildAiTrainingQnaRequest(workspaceId));
    const before = await count();
    const response = await send('DELETE', admin, { workspaceId, qnaId: qna.id });
    expect(response.statusCode).toBe(204);
    expect(await count()).toBe(before - 1);
    const again = await send('DELETE', admin, { workspaceId, qnaId: qna.id });
    expect(again.statusCode).toBe(404);
    expect(again.json().error).toEqual({
      code: 'not-found',
      message: `Q&A pair ${qna.id} not found`,
    });
    await expectStatisticsExact();
  });

  it('answers 400 with the field for bad input', async () => {
    const qna = await createAiTrainingQna(app, admin, buildAiTrainingQnaRequest(workspaceId));
    const cases: ['POST' | 'PATCH' | 'DELETE', object, RegExp][] = [
      [
        'POST',
        { ...buildAiTrainingQnaRequest(workspaceId), question: '  ' },
        /question: Please enter the question/,
      ],
      [
        'POST',
        { ...buildAiTrainingQnaRequest(workspaceId), answer: '' },
        /answer: Please enter the answer/,
      ],
      ['POST', { ...buildAiTrainingQnaRequest(workspaceId), topicIds: [''] }, /Topics need a name/],
      [
        'POST',
        {
          ...buildAiTrainingQnaRequest(workspaceId),
          topicIds: Array.from({ length: 11 }, (_, i) => `t${i}`),
        },
        /At most 10 topics/,
      ],
      [
        'POST',
        { ...buildAiTrainingQnaRequest(workspaceId), question: 'x'.repeat(501) },
        /question/,
      ],
      ['PATCH', buildAiTrainingQnaRequest(workspaceId), /qnaId/],
      ['DELETE', { workspaceId }, /qnaId/],
      ['DELETE', { qnaId: qna.id }, /workspaceId/],
    ];
    const before = await count();
    for (const [method, payload, message] of cases) {
      const response = await send(method, admin, payload);
      expect({
        method,
        payload,
        status: response.statusCode,
        code: response.json().error.code,
      }).toEqual({
        method,
        payload,
        status: 400,
        code: 'invalid-argument',
      });
      expect(response.json().error.message).toMatch(message);
    }
    expect(await count()).toBe(before);
  });

  it('answers 401 signed out, 404 to non-members and for another workspace’s pair, 403 to agents', async () => {
    const qna = await createAiTrainingQna(app, admin, buildAiTrainingQnaRequest(workspaceId));
    const theirs = await createAiTrainingQna(
      app,
      otherAdmin,
      buildAiTrainingQnaRequest(otherWorkspaceId),
    );
    const before = await count();
    const update = { ...buildAiTrainingQnaRequest(workspaceId), qnaId: qna.id };
    const calls: ['POST' | 'PATCH' | 'DELETE', object][] = [
      ['POST', buildAiTrainingQnaRequest(workspaceId)],
      ['PATCH', update],
      ['DELETE', { workspaceId, qnaId: qna.id }],
    ];
    for (const [method, payload] of calls) {
      expect({
        method,
        signedOut: (await send(method, null, payload)).statusCode,
        stranger: (await send(method, stranger, payload)).statusCode,
        agent: (await send(method, agent, payload)).statusCode,
      }).toEqual({ method, signedOut: 401, stranger: 404, agent: 403 });
    }
    // The admin's own workspace id with another workspace's pair: not found, and untouched.
    expect((await send('PATCH', admin, { ...update, qnaId: theirs.id })).statusCode).toBe(404);
    expect((await send('DELETE', admin, { workspaceId, qnaId: theirs.id })).statusCode).toBe(404);
    const still = await app.db
      .selectFrom('aiTrainingQnas')
      .selectAll()
      .where('id', '=', theirs.id)
      .executeTakeFirstOrThrow();
    expect(still.question).toBe(theirs.question);
    expect(await count()).toBe(before);
  });

  it('shows pairs and topics live, and the bot answers from a new pair at once', async () => {
    const client = await LiveTestClient.signedIn(app, admin.idToken);
    clients.push(client);
    await client.subscribe('qnas', { collection: 'ai_training_qnas', workspaceId });
    await client.subscribe('topics', { collection: 'ai_training_qna_topics', workspaceId });
    const qna = await createAiTrainingQna(
      app,
      admin,
      buildAiTrainingQnaRequest(workspaceId, {
        topicIds: ['Opening hours'],
        question: 'When is the shop open on Sundays?',
        answer: 'On Sundays we open from 10:00 to 16:00.',
      }),
    );
    const qnaChanges = await client.nextChanges('qnas');
    expect(qnaChanges.changes).toEqual([{ type: 'added', doc: qna }]);
    const topicChanges = await client.nextChanges('topics');
    expect(topicChanges.changes).toEqual([
      {
        type: 'added',
        doc: aiTrainingQnaTopicSchema.parse({
          id: 'Opening hours',
          workspaceId,
          createdAt: qna.createdAt,
          lastUsedAt: qna.updatedAt,
        }),
      },
    ]);

    const { session } = await startConversation(
      app,
      workspaceId,
      'When is the shop open on Sundays?',
    );
    const messages = await app.inject({
      method: 'GET',
      url: '/api/widget/messages',
      headers: { authorization: `Bearer ${session.visitorToken}` },
    });
    expect(messages.json().messages.at(-1)).toMatchObject({
      role: 'bot',
      content: 'On Sundays we open from 10:00 to 16:00.',
    });
  });
});

describe('AI training Q&A import and export (CSV)', () => {
  let app: TestApp;
  let admin: AuthResponse;
  let agent: AuthResponse;
  let stranger: AuthResponse;
  let workspaceId: string;
  let otherWorkspaceId: string;

  beforeAll(async () => {
    app = await buildTestApp();
    const teams = await seedTeams(app);
    ({ workspaceId } = teams.team);
    admin = teams.team.admin.auth;
    agent = teams.team.agent.auth;
    stranger = teams.stranger.auth;
    otherWorkspaceId = teams.otherTeam.workspaceId;
  }, appStartTimeoutMs);
  afterAll(() => app?.close());

  const importPairs = (auth: AuthResponse, payload: object) =>
    app.inject({
      method: 'POST',
      url: '/api/user/ai-training-qnas-import',
      headers: bearer(auth),
      payload,
    });
  const list = (auth: AuthResponse, id = workspaceId) =>
    app.inject({
      method: 'GET',
      url: `/api/user/ai-training-qnas?workspaceId=${id}`,
      headers: bearer(auth),
    });
  const stored = async () =>
    (
      await app.db
        .selectFrom('aiTrainingQnas')
        .select('question')
        .where('workspaceId', '=', workspaceId)
        .execute()
    ).length;
  const pair = (index: number, topicIds = ['Delivery']) => ({
    question: `Question ${index}?`,
    answer: `Answer ${index}.`,
    topicIds,
  });

  it('stores every pair in one go, with their topics, counted exactly', async () => {
    const response = await importPairs(admin, {
      workspaceId,
      pairs: [pair(1), pair(2, ['Delivery', 'Returns']), pair(3, [])],
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ imported: 3 });
    expect((await findStatistics(app.db, workspaceId))!.aiTrainingQnas.count).toBe(3);
    const topics = await app.db
      .selectFrom('aiTrainingQnaTopics')
      .select('name')
      .where('workspaceId', '=', workspaceId)
      .orderBy('name')
      .execute();
    expect(topics.map((topic) => topic.name)).toEqual(['Delivery', 'Returns']);
    expect((await checkStatistics(app.db)).differences).toEqual([]);
  });

  it('stores nothing when one pair is bad, and names the pair and field', async () => {
    const before = await stored();
    const response = await importPairs(admin, {
      workspaceId,
      pairs: [pair(4), { question: 'No answer?', answer: '  ', topicIds: [] }, pair(5)],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe('body.pairs.1.answer: Please enter the answer');
    expect(await stored()).toBe(before);
  });

  it('refuses an empty file and one over the limit', async () => {
    const empty = await importPairs(admin, { workspaceId, pairs: [] });
    expect(empty.json().error.message).toBe('body.pairs: The file has no pairs');
    const tooMany = await importPairs(admin, {
      workspaceId,
      pairs: Array.from({ length: maxQnaImportPairs + 1 }, (_, index) => pair(index)),
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error.message).toBe(
      `body.pairs: At most ${maxQnaImportPairs} pairs per import`,
    );
  });

  it('lets only the admins of the workspace import', async () => {
    expect((await importPairs(agent, { workspaceId, pairs: [pair(6)] })).statusCode).toBe(403);
    expect((await importPairs(stranger, { workspaceId, pairs: [pair(6)] })).statusCode).toBe(404);
    expect(
      (await importPairs(admin, { workspaceId: otherWorkspaceId, pairs: [pair(6)] })).statusCode,
    ).toBe(404);
  });

  it('exports every pair oldest first to the members, and nothing to anyone else', async () => {
    const response = await list(agent);
    expect(response.statusCode).toBe(200);
    const pairs = aiTrainingQnasSchema.parse(response.json());
    // In the order they were imported.
    expect(pairs.map((qna) => qna.question)).toEqual(['Question 1?', 'Question 2?', 'Question 3?']);
    expect(pairs.find((qna) => qna.question === 'Question 2?')?.topicIds).toEqual([
      'Delivery',
      'Returns',
    ]);
    expect((await list(stranger)).statusCode).toBe(404);
    expect((await list(admin, otherWorkspaceId)).statusCode).toBe(404);
  });
});
