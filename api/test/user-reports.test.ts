import { reportConversationsSchema, reportSchema, type Report } from 'shared-sdk/schemas';
import {
  firstChatbotId,
  insertReportConversation,
  insertReportTicket,
  setWorkspaceTimeZone,
} from './fixtures/report-data';
import { bearer, signUp, type SignedUp } from './fixtures/user';
import { createWorkspace } from './fixtures/workspace';
import { addMember } from './fixtures/workspace-user';
import {
  appStartTimeoutMs,
  backendDatabase,
  buildTestApp,
  testBackends,
  type TestApp,
} from './support/build-test-app';

// A constructed week in Paris around the change to summer time (Sunday 29 March 2026, 02:00
// becomes 03:00): Saturday 28 runs 23:00Z to 23:00Z, Sunday 29 is 23 hours (to 22:00Z), Monday
// 30 runs 22:00Z to 22:00Z. The clock stands at Monday noon, so "the last 3 days" are 28 to 30
// and the previous period 25 to 27. Every figure below was worked out by hand from these rows.
const now = new Date('2026-03-30T12:00:00Z');

describe.each(testBackends)('reports ($backend)', (backend) => {
  let app: TestApp;
  let dropDatabase = async () => {};
  let admin: SignedUp;
  let agent: SignedUp;
  let outsider: SignedUp;
  let workspaceId: string;
  const ids: Record<string, string> = {};

  const get = (user: SignedUp, url: string) =>
    app.inject({ method: 'GET', url, headers: bearer(user.auth) });

  async function report(query: string): Promise<Report> {
    const response = await get(admin, `/api/user/reports?workspaceId=${workspaceId}&${query}`);
    expect(response.statusCode).toBe(200);
    return reportSchema.parse(response.json());
  }

  beforeAll(async () => {
    const { database, drop } = await backendDatabase(backend, 'parley_reports');
    dropDatabase = drop;
    app = await buildTestApp({ database }, { now: () => now });
    admin = await signUp(app, { displayName: 'Ada Admin' });
    agent = await signUp(app, { displayName: 'Alan Agent' });
    outsider = await signUp(app, { displayName: 'Otto Outsider' });
    ({ workspaceId } = await createWorkspace(app, admin.auth, { workspaceName: 'Bike shop' }));
    await addMember(app, admin.auth, workspaceId, agent.request.email, 'agent');
    await createWorkspace(app, outsider.auth, { workspaceName: 'Book shop' });
    await setWorkspaceTimeZone(app, workspaceId, 'Europe/Paris');
    const chatbotId = await firstChatbotId(app, workspaceId);
    const adminId = admin.auth.user.id;
    const agentId = agent.auth.user.id;
    const add = async (name: string, row: Parameters<typeof insertReportConversation>[3]) => {
      ids[name] = await insertReportConversation(app, workspaceId, chatbotId, row);
    };

    // Sunday 00:30 in Paris (Saturday 23:30Z): counts on the 29th, not on the UTC day.
    await add('c1', {
      createdAt: '2026-03-28T23:30:00Z',
      customerName: 'Carla Quick',
      messages: [
        { role: 'user', at: '2026-03-28T23:30:00Z' },
        { role: 'agent', at: '2026-03-28T23:31:00Z', senderId: adminId },
      ],
      changes: [
        { status: 'open', at: '2026-03-28T23:30:30Z', reason: 'takeover', by: adminId },
        { status: 'resolved', at: '2026-03-29T00:00:00Z', reason: 'resolved', by: adminId },
      ],
      agentIds: [adminId],
      assigneeId: adminId,
      rating: { value: 5, at: '2026-03-29T00:10:00Z', comment: 'Quick and kind' },
    });
    // Monday 00:30 in Paris, summer time (+2): 22:30Z on Sunday.
    await add('c2', {
      createdAt: '2026-03-29T22:30:00Z',
      messages: [{ role: 'user', at: '2026-03-29T22:30:00Z' }],
    });
    // Resolved by the bot alone after a "Did you mean" choice; Saturday 11:00.
    await add('c3', {
      createdAt: '2026-03-28T10:00:00Z',
      messages: [
        { role: 'user', at: '2026-03-28T10:00:00Z' },
        { role: 'bot', at: '2026-03-28T10:00:01Z', suggestionChoice: 'pair-1' },
        { role: 'bot', at: '2026-03-28T10:00:30Z' },
      ],
      changes: [{ status: 'resolved', at: '2026-03-28T10:35:00Z', reason: 'idle' }],
    });
    // Handed over (the bot not sure), answered by the agent in 5 minutes; Saturday 13:00.
    await add('c4', {
      createdAt: '2026-03-28T12:00:00Z',
      messages: [
        { role: 'user', at: '2026-03-28T12:00:00Z' },
        { role: 'agent', at: '2026-03-28T12:05:00Z', senderId: agentId },
      ],
      changes: [
        { status: 'pending', at: '2026-03-28T12:00:01Z', reason: 'not-confident' },
        { status: 'open', at: '2026-03-28T12:04:00Z', reason: 'takeover', by: agentId },
        { status: 'resolved', at: '2026-03-28T13:00:00Z', reason: 'resolved', by: agentId },
      ],
      agentIds: [agentId],
      assigneeId: agentId,
      rating: { value: 3, at: '2026-03-28T13:10:00Z' },
    });
    // The customer asked for a person; Monday 10:00; still open.
    // Came in by e-mail: its own channel.
    await add('c5', {
      createdAt: '2026-03-30T08:00:00Z',
      channel: 'email',
      messages: [
        { role: 'user', at: '2026-03-30T08:00:00Z' },
        { role: 'agent', at: '2026-03-30T08:02:00Z', senderId: adminId },
      ],
      changes: [
        { status: 'pending', at: '2026-03-30T08:00:01Z', reason: 'handoff' },
        { status: 'open', at: '2026-03-30T08:01:00Z', reason: 'takeover', by: adminId },
      ],
      agentIds: [adminId],
      assigneeId: adminId,
    });
    // The previous period: Thursday 26th.
    await add('c6', {
      createdAt: '2026-03-26T09:00:00Z',
      messages: [
        { role: 'user', at: '2026-03-26T09:00:00Z' },
        { role: 'agent', at: '2026-03-26T09:10:00Z', senderId: agentId },
      ],
      changes: [{ status: 'resolved', at: '2026-03-26T11:00:00Z', reason: 'resolved' }],
      agentIds: [agentId],
      assigneeId: agentId,
      rating: { value: 4, at: '2026-03-26T11:05:00Z', comment: 'ok' },
    });
    // Started long before, closed by the idle timeout on Saturday at 10:00 Paris time.
    await add('c8', {
      createdAt: '2026-03-20T09:00:00Z',
      messages: [{ role: 'user', at: '2026-03-20T09:00:00Z' }],
      changes: [{ status: 'resolved', at: '2026-03-28T09:00:00Z', reason: 'idle' }],
    });
    await insertReportTicket(app, workspaceId, {
      createdAt: '2026-03-27T12:00:00Z',
      closedAt: '2026-03-28T23:30:00Z',
    });
    await insertReportTicket(app, workspaceId, { createdAt: '2026-03-29T10:00:00Z' });
    await insertReportTicket(app, workspaceId, {
      createdAt: '2026-03-30T07:00:00Z',
      closedAt: '2026-03-30T08:00:00Z',
    });
  }, appStartTimeoutMs);

  afterAll(async () => {
    await app.close();
    await dropDatabase();
  });

  it('counts the range by local days in the workspace’s zone, beside the previous period', async () => {
    const figures = await report('days=3');
    expect(figures).toMatchObject({
      timeZone: 'Europe/Paris',
      from: '2026-03-28',
      to: '2026-03-30',
      previousFrom: '2026-03-25',
      previousTo: '2026-03-27',
    });
    expect(figures.current).toEqual({
      new: 5,
      resolved: 3 + 1,
      resolvedByBot: 2,
      handedOver: 2,
      didYouMeanAnswered: 1,
      // 60 s, 120 s, 300 s: the 90th percentile lies 80 % of the way from 120 to 300.
      firstResponse: { count: 3, medianSeconds: 120, p90Seconds: 264 },
      // 1,800 s, 2,100 s, 3,600 s and 8 days: 3,600 + 0.7 × (691,200 − 3,600).
      resolution: { count: 4, medianSeconds: 2850, p90Seconds: 484_920 },
      ratingsCount: 2,
      averageRating: 4,
      ratingDistribution: [0, 0, 1, 0, 1],
      ratedShare: 0.5,
      ticketsOpened: 2,
      ticketsClosed: 2,
    });
    expect(figures.previous).toEqual({
      new: 1,
      resolved: 1,
      resolvedByBot: 0,
      handedOver: 0,
      didYouMeanAnswered: 0,
      firstResponse: { count: 1, medianSeconds: 600, p90Seconds: 600 },
      resolution: { count: 1, medianSeconds: 7200, p90Seconds: 7200 },
      ratingsCount: 1,
      averageRating: 4,
      ratingDistribution: [0, 0, 0, 1, 0],
      ratedShare: 1,
      ticketsOpened: 1,
      ticketsClosed: 0,
    });
  });

  it('cuts days at local midnight, the 23-hour day of the clock change included', async () => {
    const { days } = await report('from=2026-03-28&to=2026-03-30');
    expect(days).toEqual([
      {
        day: '2026-03-28',
        new: 2,
        resolved: 3,
        resolvedByBot: 2,
        firstResponseMedianSeconds: 300,
        resolutionMedianSeconds: 3600,
        ticketsOpened: 0,
        ticketsClosed: 0,
        ticketsBacklog: 1,
      },
      {
        day: '2026-03-29',
        new: 1,
        resolved: 1,
        resolvedByBot: 0,
        firstResponseMedianSeconds: 60,
        resolutionMedianSeconds: 1800,
        ticketsOpened: 1,
        ticketsClosed: 1,
        ticketsBacklog: 1,
      },
      {
        day: '2026-03-30',
        new: 2,
        resolved: 0,
        resolvedByBot: 0,
        firstResponseMedianSeconds: 120,
        resolutionMedianSeconds: null,
        ticketsOpened: 1,
        ticketsClosed: 1,
        ticketsBacklog: 1,
      },
    ]);
  });

  it('places new conversations in the heat map by local weekday and hour', async () => {
    const { heatMap } = await report('days=3');
    const cells = heatMap.flatMap((hours, weekday) =>
      hours.flatMap((count, hour) => (count > 0 ? [[weekday + 1, hour, count]] : [])),
    );
    // Monday 00:30 and 10:00, Saturday 11:00 and 13:00, Sunday 00:30.
    expect(cells).toEqual([
      [1, 0, 1],
      [1, 10, 1],
      [6, 11, 1],
      [6, 13, 1],
      [7, 0, 1],
    ]);
  });

  it('reports each agent, the channels and the latest comments', async () => {
    const figures = await report('days=3');
    expect(figures.agents).toEqual([
      {
        userId: admin.auth.user.id,
        name: 'Ada Admin',
        taken: 2,
        replies: 2,
        firstResponseMedianSeconds: 90,
        resolutionMedianSeconds: 1800,
        averageRating: 5,
      },
      {
        userId: agent.auth.user.id,
        name: 'Alan Agent',
        taken: 1,
        replies: 1,
        firstResponseMedianSeconds: 300,
        resolutionMedianSeconds: 3600,
        averageRating: 3,
      },
    ]);
    expect(figures.channels).toEqual([
      { channel: 'widget', new: 4, previousNew: 1 },
      { channel: 'email', new: 1, previousNew: 0 },
    ]);
    expect(figures.latestComments).toEqual([
      {
        conversationId: ids.c1,
        rating: 5,
        comment: 'Quick and kind',
        ratedAt: '2026-03-29T00:10:00.000Z',
      },
    ]);
  });

  it('lists the conversations behind a day, a heat-map cell and an agent', async () => {
    const drill = async (query: string) => {
      const response = await get(
        admin,
        `/api/user/report-conversations?workspaceId=${workspaceId}&days=3&${query}`,
      );
      expect(response.statusCode).toBe(200);
      return reportConversationsSchema.parse(response.json()).conversations.map((row) => row.id);
    };
    expect(await drill('day=2026-03-29')).toEqual([ids.c1]);
    expect(await drill('weekday=1&hour=0')).toEqual([ids.c2]);
    expect(await drill(`agentId=${admin.auth.user.id}`)).toEqual([ids.c1, ids.c5]);
  });

  it('downloads one CSV row per conversation created in the range', async () => {
    const response = await get(
      admin,
      `/api/user/report-conversations.csv?workspaceId=${workspaceId}&from=2026-03-28&to=2026-03-30`,
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = response.body.split('\r\n');
    expect(lines[0]).toBe(
      'id,created,channel,customer,assignee,first_response_seconds,resolution_seconds,rating,resolved_by_bot',
    );
    expect(lines.slice(1, -1).map((line) => line.split(',')[0])).toEqual([
      ids.c3,
      ids.c4,
      ids.c1,
      ids.c2,
      ids.c5,
    ]);
    expect(lines).toContainEqual(
      expect.stringMatching(
        new RegExp(
          `^${ids.c1},2026-03-28T23:30:00.000Z,widget,Carla Quick,Ada Admin,60,1800,5,false$`,
        ),
      ),
    );
    expect(lines).toContainEqual(`${lines.find((line) => line.startsWith(ids.c3!))}`);
    expect(lines.find((line) => line.startsWith(ids.c5!))?.split(',')[2]).toBe('email');
    expect(lines.find((line) => line.startsWith(ids.c3!))).toMatch(/,,2100,,true$/);
  });

  it('refuses a range over 400 days, or ending before it starts, with a clear 400', async () => {
    for (const query of ['from=2025-01-01&to=2026-03-30', 'from=2026-03-30&to=2026-03-28']) {
      const response = await get(admin, `/api/user/reports?workspaceId=${workspaceId}&${query}`);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toMatch(
        query.startsWith('from=2025') ? /to.*longer than 400 days/ : /to.*ends before it starts/,
      );
    }
  });

  it('shows reports to the workspace’s admins only', async () => {
    const url = `/api/user/reports?workspaceId=${workspaceId}&days=7`;
    expect((await get(outsider, url)).statusCode).toBe(404);
    expect((await get(agent, url)).statusCode).toBe(403);
    const csv = `/api/user/report-conversations.csv?workspaceId=${workspaceId}&days=7`;
    expect((await get(outsider, csv)).statusCode).toBe(404);
    expect((await get(agent, csv)).statusCode).toBe(403);
  });
});
