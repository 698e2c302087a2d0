import type { AuthResponse } from 'shared-sdk';
import {
  cannedResponseSchema,
  conversationNoteSchema,
  conversationSchema,
  maxCannedResponsesPerWorkspace,
  statisticsSchema,
  widgetConversationSchema,
} from 'shared-sdk/schemas';
import type { WidgetSession } from 'shared-sdk/schemas';
import { findStatistics } from '../src/repositories/statistics';
import { checkStatistics } from '../src/services/statistics-check';
import { startConversation } from './fixtures/conversation';
import { startVisitorSession, visitorBearer } from './fixtures/customer';
import { seedTeams } from './fixtures/teams';
import { bearer, signUp } from './fixtures/user';
import { createWorkspace } from './fixtures/workspace';
import { addMember } from './fixtures/workspace-user';
import { appStartTimeoutMs, buildTestApp } from './support/build-test-app';
import type { TestApp } from './support/build-test-app';

jest.setTimeout(30_000);

// The agents' inbox calls (issue 18): assignment, private notes, canned responses, and the
// customer's rating. Their live side (notes never on the visitor's socket, typing, presence):
// live-signals.test.ts.

describe('inbox calls', () => {
  let app: TestApp;
  let admin: AuthResponse;
  let agent: AuthResponse;
  let stranger: AuthResponse;
  let otherAdmin: AuthResponse;
  let workspaceId: string;
  let otherWorkspaceId: string;

  beforeAll(async () => {
    app = await buildTestApp();
    const teams = await seedTeams(app);
    ({ workspaceId } = teams.team);
    admin = teams.team.admin.auth;
    agent = teams.team.agent.auth;
    stranger = teams.stranger.auth;
    otherAdmin = teams.otherTeam.admin.auth;
    otherWorkspaceId = teams.otherTeam.workspaceId;
  }, appStartTimeoutMs);
  afterAll(() => app?.close());

  const send = (
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    auth: AuthResponse | null,
    payload?: Record<string, unknown>,
  ) =>
    app.inject({
      method,
      url:
        method === 'GET' && payload
          ? `${url}?${new URLSearchParams(payload as Record<string, string>)}`
          : url,
      headers: auth ? bearer(auth) : {},
      ...(method !== 'GET' && payload ? { payload } : {}),
    });
  const post = (url: string, auth: AuthResponse | null, payload: Record<string, unknown>) =>
    send('POST', url, auth, payload);
  const resolve = async (conversationId: string) => {
    const response = await post('/api/user/resolve-conversation', admin, {
      workspaceId,
      conversationId,
    });
    expect(response.statusCode).toBe(200);
  };
  const rate = (session: Pick<WidgetSession, 'visitorToken'> | null, payload: object) =>
    app.inject({
      method: 'POST',
      url: '/api/widget/rating',
      headers: session ? visitorBearer(session) : {},
      payload,
    });
  const assigneeOf = async (conversationId: string) =>
    (
      await app.db
        .selectFrom('conversations')
        .select('assigneeId')
        .where('id', '=', conversationId)
        .executeTakeFirstOrThrow()
    ).assigneeId;
  const expectStatisticsExact = async () =>
    expect((await checkStatistics(app.db)).differences).toEqual([]);
  const expectRefused = (
    response: { statusCode: number; json: () => { error: { code: string; message: string } } },
    status: number,
    message?: RegExp,
  ) => {
    expect({ status: response.statusCode, code: response.json().error.code }).toEqual({
      status,
      code: {
        400: 'invalid-argument',
        401: 'unauthenticated',
        403: 'permission-denied',
        404: 'not-found',
      }[status],
    });
    if (message) expect(response.json().error.message).toMatch(message);
  };

  describe('POST /api/user/assign-conversation', () => {
    it('assigns to an active member (the agent role too), reassigns and unassigns', async () => {
      const { conversationId } = await startConversation(app, workspaceId);
      const toAgent = await post('/api/user/assign-conversation', admin, {
        workspaceId,
        conversationId,
        assigneeId: agent.user.id,
      });
      expect(toAgent.statusCode).toBe(200);
      const assigned = conversationSchema.parse(toAgent.json());
      expect(assigned.assigneeId).toBe(agent.user.id);

      const toSelf = await post('/api/user/assign-conversation', admin, {
        workspaceId,
        conversationId,
        assigneeId: admin.user.id,
      });
      expect(toSelf.json().assigneeId).toBe(admin.user.id);
      // Assignment leaves the conversation's place in the list (updatedAt) as it was.
      expect(toSelf.json().updatedAt).toBe(assigned.updatedAt);

      const unassigned = await post('/api/user/assign-conversation', admin, {
        workspaceId,
        conversationId,
        assigneeId: null,
      });
      expect(unassigned.json().assigneeId).toBeNull();
      expect(await assigneeOf(conversationId)).toBeNull();
    });

    it('refuses an assignee who is not an active member of the workspace', async () => {
      const { conversationId } = await startConversation(app, workspaceId);
      const disabled = await signUp(app);
      const link = await addMember(app, admin, workspaceId, disabled.request.email);
      const disabling = await send('PATCH', '/api/user/users', admin, {
        workspaceUserId: link.id,
        status: 'disabled',
      });
      expect(disabling.statusCode).toBe(200);
      for (const assigneeId of [
        stranger.user.id,
        // An admin of another workspace is no member of this one.
        otherAdmin.user.id,
        disabled.auth.user.id,
        'no-such-user',
      ]) {
        const response = await post('/api/user/assign-conversation', admin, {
          workspaceId,
          conversationId,
          assigneeId,
        });
        expectRefused(response, 400, /^assigneeId: .* is not an active member of this workspace$/);
      }
      expect(await assigneeOf(conversationId)).toBeNull();
    });

    it('unassigns the conversations of a member who is disabled or removed', async () => {
      const leaving = await signUp(app);
      const link = await addMember(app, admin, workspaceId, leaving.request.email);
      const disabled = await startConversation(app, workspaceId);
      const removed = await startConversation(app, workspaceId);
      for (const { conversationId } of [disabled, removed]) {
        const assigned = await post('/api/user/assign-conversation', admin, {
          workspaceId,
          conversationId,
          assigneeId: leaving.auth.user.id,
        });
        expect(assigned.json().assigneeId).toBe(leaving.auth.user.id);
      }
      const disabling = await send('PATCH', '/api/user/users', admin, {
        workspaceUserId: link.id,
        status: 'disabled',
      });
      expect(disabling.statusCode).toBe(200);
      expect(await assigneeOf(disabled.conversationId)).toBeNull();

      // Enabled again, assigned again, then removed.
      await send('PATCH', '/api/user/users', admin, { workspaceUserId: link.id, status: 'active' });
      await post('/api/user/assign-conversation', admin, {
        workspaceId,
        conversationId: removed.conversationId,
        assigneeId: leaving.auth.user.id,
      });
      const removing = await send('DELETE', '/api/user/users', admin, { workspaceUserId: link.id });
      expect(removing.statusCode).toBe(204);
      expect(await assigneeOf(removed.conversationId)).toBeNull();
    });

    it('refuses bad input, other workspaces’ ids, non-members and agents', async () => {
      const { conversationId } = await startConversation(app, workspaceId);
      const other = await startConversation(app, otherWorkspaceId);
      const valid = { workspaceId, conversationId, assigneeId: agent.user.id };
      for (const payload of [
        { workspaceId, conversationId },
        { ...valid, assigneeId: '' },
        { ...valid, assigneeId: 42 },
        { ...valid, conversationId: 'x'.repeat(65) },
      ]) {
        expectRefused(await post('/api/user/assign-conversation', admin, payload), 400, /^body/);
      }
      expectRefused(await post('/api/user/assign-conversation', null, valid), 401);
      expectRefused(await post('/api/user/assign-conversation', stranger, valid), 404);
      expectRefused(await post('/api/user/assign-conversation', agent, valid), 403);
      // Another workspace's conversation under this workspace's id, and the other way round.
      expectRefused(
        await post('/api/user/assign-conversation', admin, {
          ...valid,
          conversationId: other.conversationId,
        }),
        404,
      );
      expectRefused(
        await post('/api/user/assign-conversation', otherAdmin, {
          workspaceId: otherWorkspaceId,
          conversationId,
          assigneeId: otherAdmin.user.id,
        }),
        404,
      );
      const rows = await app.db
        .selectFrom('conversations')
        .select('assigneeId')
        .where('id', 'in', [conversationId, other.conversationId])
        .execute();
      expect(rows.every((row) => row.assigneeId === null)).toBe(true);
    });
  });

  describe('POST /api/user/notes', () => {
    it('stores a private note beside the messages, never among what the customer reads', async () => {
      const { session, conversationId } = await startConversation(app, workspaceId);
      const before = await app.inject({
        method: 'GET',
        url: '/api/widget/messages',
        headers: visitorBearer(session),
      });
      const response = await post('/api/user/notes', admin, {
        workspaceId,
        conversationId,
        content: '  VIP customer: refund without asking for the receipt  ',
      });
      expect(response.statusCode).toBe(201);
      const note = conversationNoteSchema.parse(response.json());
      expect(note).toMatchObject({
        kind: 'note',
        conversationId,
        workspaceId,
        authorId: admin.user.id,
        content: 'VIP customer: refund without asking for the receipt',
      });

      const after = await app.inject({
        method: 'GET',
        url: '/api/widget/messages',
        headers: visitorBearer(session),
      });
      const read = widgetConversationSchema.parse(after.json());
      expect(after.body).not.toContain('VIP customer');
      // The customer's view is unchanged: no message, count or last message from the note.
      expect(read).toEqual(widgetConversationSchema.parse(before.json()));
    });

    it('refuses empty or long notes, other workspaces’ ids, non-members and agents', async () => {
      const { conversationId } = await startConversation(app, workspaceId);
      const other = await startConversation(app, otherWorkspaceId);
      const valid = { workspaceId, conversationId, content: 'Call back tomorrow' };
      for (const payload of [
        { ...valid, content: '   ' },
        { ...valid, content: 'x'.repeat(5001) },
        { workspaceId, content: 'No conversation' },
      ]) {
        expectRefused(await post('/api/user/notes', admin, payload), 400, /^body/);
      }
      expectRefused(await post('/api/user/notes', null, valid), 401);
      expectRefused(await post('/api/user/notes', stranger, valid), 404);
      expectRefused(await post('/api/user/notes', agent, valid), 403);
      expectRefused(
        await post('/api/user/notes', admin, { ...valid, conversationId: other.conversationId }),
        404,
      );
      expectRefused(
        await post('/api/user/notes', otherAdmin, { ...valid, workspaceId: otherWorkspaceId }),
        404,
      );
      const notes = await app.db
        .selectFrom('conversationNotes')
        .select('id')
        .where('conversationId', 'in', [conversationId, other.conversationId])
        .execute();
      expect(notes).toEqual([]);
    });
  });

  describe('/api/user/canned-responses', () => {
    const url = '/api/user/canned-responses';

    it('lets admins create, change and delete; every member reads them by shortcut', async () => {
      const created = await post(url, admin, {
        workspaceId,
        shortcut: '  Shipping ',
        content: 'Orders ship within two working days.',
      });
      expect(created.statusCode).toBe(201);
      const shipping = cannedResponseSchema.parse(created.json());
      // Stored lower-cased: `/shipping` finds it however it was typed.
      expect(shipping.shortcut).toBe('shipping');
      const refund = cannedResponseSchema.parse(
        (
          await post(url, admin, {
            workspaceId,
            shortcut: 'refund',
            content: 'Refunds reach your card within five days.',
          })
        ).json(),
      );

      const listed = await send('GET', url, agent, { workspaceId });
      expect(listed.statusCode).toBe(200);
      expect(listed.json().map((item: { shortcut: string }) => item.shortcut)).toEqual([
        'refund',
        'shipping',
      ]);

      const changed = await send('PATCH', url, admin, {
        workspaceId,
        cannedResponseId: shipping.id,
        content: 'Orders ship the same day.',
      });
      expect(changed.statusCode).toBe(200);
      expect(changed.json()).toMatchObject({
        shortcut: 'shipping',
        content: 'Orders ship the same day.',
      });

      const deleted = await send('DELETE', url, admin, {
        workspaceId,
        cannedResponseId: refund.id,
      });
      expect(deleted.statusCode).toBe(204);
      const after = await send('GET', url, admin, { workspaceId });
      expect(after.json().map((item: { id: string }) => item.id)).toEqual([shipping.id]);
    });

    it('refuses a shortcut taken in the workspace, bad shortcuts and empty replies', async () => {
      const taken = cannedResponseSchema.parse(
        (await post(url, admin, { workspaceId, shortcut: 'hello', content: 'Hello!' })).json(),
      );
      const other = cannedResponseSchema.parse(
        (await post(url, admin, { workspaceId, shortcut: 'bye', content: 'Bye!' })).json(),
      );
      expectRefused(
        await post(url, admin, { workspaceId, shortcut: 'HELLO', content: 'Hi again' }),
        400,
        /^shortcut: \/hello is already used/,
      );
      expectRefused(
        await send('PATCH', url, admin, {
          workspaceId,
          cannedResponseId: other.id,
          shortcut: 'hello',
        }),
        400,
        /^shortcut: \/hello is already used/,
      );
      // The same shortcut in another workspace is that workspace's own.
      const elsewhere = await post(url, otherAdmin, {
        workspaceId: otherWorkspaceId,
        shortcut: 'hello',
        content: 'Hello from the book shop',
      });
      expect(elsewhere.statusCode).toBe(201);
      // Keeping its own shortcut is no conflict.
      const same = await send('PATCH', url, admin, {
        workspaceId,
        cannedResponseId: taken.id,
        shortcut: 'hello',
        content: 'Hello there!',
      });
      expect(same.statusCode).toBe(200);

      for (const payload of [
        { workspaceId, shortcut: '', content: 'Empty shortcut' },
        { workspaceId, shortcut: 'two words', content: 'A space' },
        { workspaceId, shortcut: '/slash', content: 'A slash' },
        { workspaceId, shortcut: 'x'.repeat(33), content: 'Too long' },
        { workspaceId, shortcut: 'empty', content: '  ' },
        { workspaceId, shortcut: 'long', content: 'x'.repeat(5001) },
      ]) {
        const response = await post(url, admin, payload);
        expectRefused(response, 400, /^body\.(shortcut|content)/);
      }
    });

    it('answers admins only for writes, members only for reads, and hides other workspaces', async () => {
      const mine = cannedResponseSchema.parse(
        (await post(url, admin, { workspaceId, shortcut: 'mine', content: 'Ours' })).json(),
      );
      const create = { workspaceId, shortcut: 'agents', content: 'Not theirs to add' };
      expectRefused(await post(url, agent, create), 403);
      expectRefused(
        await send('PATCH', url, agent, { workspaceId, cannedResponseId: mine.id, content: 'x' }),
        403,
      );
      expectRefused(
        await send('DELETE', url, agent, { workspaceId, cannedResponseId: mine.id }),
        403,
      );
      expectRefused(await send('GET', url, stranger, { workspaceId }), 404);
      expectRefused(await send('GET', url, null, { workspaceId }), 401);
      // An admin of another workspace, with their own workspace's id and this one's response.
      expectRefused(
        await send('PATCH', url, otherAdmin, {
          workspaceId: otherWorkspaceId,
          cannedResponseId: mine.id,
          content: 'Taken over',
        }),
        404,
      );
      expectRefused(
        await send('DELETE', url, otherAdmin, {
          workspaceId: otherWorkspaceId,
          cannedResponseId: mine.id,
        }),
        404,
      );
      const theirs = await send('GET', url, otherAdmin, { workspaceId: otherWorkspaceId });
      expect(theirs.json().map((item: { id: string }) => item.id)).not.toContain(mine.id);
      const row = await app.db
        .selectFrom('cannedResponses')
        .select('content')
        .where('id', '=', mine.id)
        .executeTakeFirstOrThrow();
      expect(row.content).toBe('Ours');
    });

    it(`keeps at most ${maxCannedResponsesPerWorkspace} per workspace`, async () => {
      const owner = await signUp(app);
      const { workspaceId: fullId } = await createWorkspace(app, owner.auth, {
        workspaceName: 'Full shop',
      });
      await app.db
        .insertInto('cannedResponses')
        .values(
          Array.from({ length: maxCannedResponsesPerWorkspace }, (_, i) => ({
            id: `full-${i}`,
            workspaceId: fullId,
            shortcut: `reply-${i}`,
            content: `Reply ${i}`,
          })),
        )
        .execute();
      const refused = await post(url, owner.auth, {
        workspaceId: fullId,
        shortcut: 'one-more',
        content: 'Over the limit',
      });
      expectRefused(refused, 400, /at most 500 canned responses/);
    });
  });

  describe('POST /api/widget/rating', () => {
    it('rates the latest resolved conversation once, and the workspace figures follow', async () => {
      const before = statisticsSchema.parse(await findStatistics(app.db, workspaceId));
      const first = await startConversation(app, workspaceId);
      const second = await startConversation(app, workspaceId);
      await resolve(first.conversationId);
      await resolve(second.conversationId);

      const rated = await rate(first.session, { rating: 4, comment: '  Quick and kind  ' });
      expect(rated.statusCode).toBe(200);
      expect(conversationSchema.parse(rated.json()).rating).toMatchObject({
        value: 4,
        comment: 'Quick and kind',
      });
      expect((await rate(second.session, { rating: 1 })).json().rating).toMatchObject({
        value: 1,
        comment: null,
      });

      const after = statisticsSchema.parse(await findStatistics(app.db, workspaceId));
      expect(after.ratings).toEqual({
        count: before.ratings.count + 2,
        sum: before.ratings.sum + 5,
        average: (before.ratings.sum + 5) / (before.ratings.count + 2),
      });
      // Members see the rating on the conversation.
      const seen = await post('/api/user/seen-message', admin, {
        workspaceId,
        conversationId: first.conversationId,
        messagesSeenCount: 0,
      });
      expect(seen.json().rating).toMatchObject({ value: 4, comment: 'Quick and kind' });
      await expectStatisticsExact();
    });

    it('refuses a second rating, and a rating before the conversation is resolved', async () => {
      const { session, conversationId } = await startConversation(app, workspaceId);
      expectRefused(
        await rate(session, { rating: 5 }),
        400,
        /^There is no resolved conversation to rate yet$/,
      );
      const fresh = await startVisitorSession(app, workspaceId);
      expectRefused(await rate(fresh, { rating: 5 }), 400, /no resolved conversation/);

      await resolve(conversationId);
      expect((await rate(session, { rating: 5 })).statusCode).toBe(200);
      expectRefused(
        await rate(session, { rating: 2, comment: 'Changed my mind' }),
        400,
        /^This conversation has already been rated$/,
      );
      const row = await app.db
        .selectFrom('conversations')
        .select(['rating', 'ratingComment'])
        .where('id', '=', conversationId)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ rating: 5, ratingComment: null });
      await expectStatisticsExact();
    });

    it('refuses bad ratings and callers without a visitor token', async () => {
      const { session, conversationId } = await startConversation(app, workspaceId);
      await resolve(conversationId);
      for (const payload of [
        {},
        { rating: 0 },
        { rating: 6 },
        { rating: 3.5 },
        { rating: '5' },
        { rating: 5, comment: 'x'.repeat(1001) },
      ]) {
        expectRefused(await rate(session, payload), 400, /^body/);
      }
      expectRefused(await rate(null, { rating: 5 }), 401);
      // A member's access token is no visitor token.
      const asMember = await app.inject({
        method: 'POST',
        url: '/api/widget/rating',
        headers: bearer(admin),
        payload: { rating: 5 },
      });
      expectRefused(asMember, 401);
      const row = await app.db
        .selectFrom('conversations')
        .select('rating')
        .where('id', '=', conversationId)
        .executeTakeFirstOrThrow();
      expect(row.rating).toBeNull();
    });
  });
});
