import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { AuthResponse } from 'shared-sdk';
import { conversationSchema } from 'shared-sdk/schemas';
import { sweepIdleConversations } from '../src/plugins/app/idle-conversations';
import { findConversation } from '../src/repositories/conversations';
import { findStatistics } from '../src/repositories/statistics';
import { checkStatistics } from '../src/services/statistics-check';
import { sendCustomerMessage, startConversation } from './fixtures/conversation';
import { bearer, signUp } from './fixtures/user';
import { createWorkspace } from './fixtures/workspace';
import {
  appStartTimeoutMs,
  buildTestApp,
  testConfig,
  TestClock,
  testPgliteDatabase,
} from './support/build-test-app';
import type { TestApp } from './support/build-test-app';
import { listenForLive, LiveTestClient } from './support/live-client';

jest.setTimeout(60_000);

/** The chatbot's timeout (the default of a new workspace's chatbot, 30 minutes) in ms. */
const minutes = (n: number) => n * 60_000;

describe('idle conversations', () => {
  let app: TestApp;
  let admin: AuthResponse;
  let workspaceId: string;
  const clock = new TestClock();

  beforeAll(async () => {
    app = await buildTestApp({}, { now: clock.now });
    admin = (await signUp(app)).auth;
    ({ workspaceId } = await createWorkspace(app, admin));
  }, appStartTimeoutMs);
  afterAll(() => app?.close());

  const conversation = async (id: string) => (await findConversation(app.db, workspaceId, id))!;
  const chatbotTimeout = async (idleTimeoutInMinutes: number) =>
    app.db
      .updateTable('chatbots')
      .set({ idleTimeoutInMinutes })
      .where('workspaceId', '=', workspaceId)
      .execute();

  it('resolves conversations with no customer message for the chatbot’s idle timeout, once', async () => {
    await chatbotTimeout(30);
    const start = clock.now().getTime();
    const quiet = await startConversation(app, workspaceId, 'Hello?');
    const talking = await startConversation(app, workspaceId, 'Hello?');
    const before = (await findStatistics(app.db, workspaceId))!.conversations;

    // Before the timeout: nothing.
    expect(await sweepIdleConversations(app.db, new Date(start + minutes(29)))).toBe(0);

    // Ten minutes later the other customer writes again: their timeout starts over.
    clock.advance(10 * 60);
    await sendCustomerMessage(app, talking.session, 'Still there?');
    const at = new Date(start + minutes(31));
    // Two instances sweeping at once resolve it once.
    const [a, b] = await Promise.all([
      sweepIdleConversations(app.db, at),
      sweepIdleConversations(app.db, at),
    ]);
    expect(a + b).toBe(1);

    const resolved = await conversation(quiet.conversationId);
    expect(resolved.status).toBe('resolved');
    expect(resolved.statusHistory.at(-1)).toEqual({
      status: 'resolved',
      changedAt: at.toISOString(),
      changedBy: null,
      reason: 'idle',
    });
    expect((await conversation(talking.conversationId)).status).not.toBe('resolved');
    expect((await findStatistics(app.db, workspaceId))!.conversations).toEqual({
      all: before.all,
      resolved: before.resolved + 1,
      pending: before.pending - 1,
      botAnswered: before.botAnswered,
    });
    expect((await checkStatistics(app.db)).differences).toEqual([]);

    // Taken over by an agent or waiting for one: idle all the same.
    await app.inject({
      method: 'POST',
      url: '/api/user/take-over-conversation',
      headers: bearer(admin),
      payload: { workspaceId, conversationId: talking.conversationId },
    });
    expect(await sweepIdleConversations(app.db, new Date(start + minutes(41)))).toBe(1);
    expect((await checkStatistics(app.db)).differences).toEqual([]);
  });

  it('never resolves when the chatbot’s timeout is 0', async () => {
    await chatbotTimeout(0);
    const { conversationId } = await startConversation(app, workspaceId, 'Hello?');
    expect(
      await sweepIdleConversations(app.db, new Date(clock.now().getTime() + minutes(60 * 24))),
    ).toBe(0);
    expect((await conversation(conversationId)).status).not.toBe('resolved');
    await chatbotTimeout(30);
  });
});

describe('idle conversations scheduler', () => {
  it('runs on its own, from the database: a conversation left before a restart is resolved after it', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'parley-idle-'));
    const database = { ...testPgliteDatabase(), dataDir: path.join(dataDir, 'pglite') };
    const clock = new TestClock();
    let conversationId: string;
    let workspaceId: string;
    let admin: AuthResponse;

    const first = await buildTestApp({ database, dataDir }, { now: clock.now });
    try {
      admin = (await signUp(first)).auth;
      ({ workspaceId } = await createWorkspace(first, admin));
      ({ conversationId } = await startConversation(first, workspaceId, 'Hello?'));
    } finally {
      await first.close();
    }

    // Restarted 31 minutes later (the default timeout is 30), sweeping every second.
    clock.advance(31 * 60);
    const second = await buildTestApp(
      { database, dataDir, widget: { ...testConfig().widget, idleSweepIntervalSeconds: 1 } },
      { now: clock.now },
    );
    try {
      await listenForLive(second);
      const client = await LiveTestClient.signedIn(second, admin.idToken);
      const [doc] = await client.subscribe('c', {
        collection: 'conversations',
        workspaceId,
        where: [{ field: 'id', op: '==', value: conversationId }],
      });
      if (doc?.status !== 'resolved') {
        const { changes } = await client.nextChanges('c', 10_000);
        expect(conversationSchema.parse(changes[0]!.doc)).toMatchObject({
          id: conversationId,
          status: 'resolved',
        });
      }
      expect((await checkStatistics(second.db)).differences).toEqual([]);
      await client.close();
    } finally {
      await second.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
