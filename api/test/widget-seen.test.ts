import { widgetInstallsSchema } from 'shared-sdk/schemas';
import { widgetInstallsKept } from '../src/repositories/widget-installs';
import { buildCustomerIdentity } from './fixtures/customer';
import { seedTeams, type Teams } from './fixtures/teams';
import { bearer } from './fixtures/user';
import { appStartTimeoutMs, buildTestApp, TestClock, type TestApp } from './support/build-test-app';

jest.setTimeout(30_000);

describe('where the widget was seen (GET /api/user/widget-installs)', () => {
  let app: TestApp;
  let teams: Teams;
  const clock = new TestClock();

  beforeAll(async () => {
    app = await buildTestApp({}, { now: clock.now });
    teams = await seedTeams(app);
  }, appStartTimeoutMs);
  afterAll(() => app?.close());

  const startSession = async (
    workspaceId: string,
    { pageOrigin, origin }: { pageOrigin?: string; origin?: string },
  ) => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/widget/sessions',
      headers: origin ? { origin } : {},
      payload: {
        workspaceId,
        customer: buildCustomerIdentity(),
        ...(pageOrigin ? { pageOrigin } : {}),
      },
    });
    expect(response.statusCode).toBe(201);
  };
  const installs = async (workspaceId: string, auth = teams.team.admin.auth) => {
    const response = await app.inject({
      method: 'GET',
      url: `/api/user/widget-installs?workspaceId=${workspaceId}`,
      headers: bearer(auth),
    });
    return { status: response.statusCode, body: response.json<unknown>() };
  };
  const installsOf = async (workspaceId: string) =>
    widgetInstallsSchema.parse((await installs(workspaceId)).body).installs;

  it('is empty until a session starts, then names the page origin the window reported, and when', async () => {
    const { workspaceId } = teams.team;
    expect(await installsOf(workspaceId)).toEqual([]);
    const before = clock.now();
    await startSession(workspaceId, { pageOrigin: 'https://shop.example' });
    const [seen, ...others] = await installsOf(workspaceId);
    expect(others).toEqual([]);
    expect(seen?.origin).toBe('https://shop.example');
    expect(Date.parse(seen!.seenAt)).toBeGreaterThanOrEqual(before.getTime());
  });

  it("takes the request's Origin header when a caller on the page says nothing", async () => {
    const { workspaceId } = teams.otherTeam;
    await startSession(workspaceId, { origin: 'http://127.0.0.1:4100' });
    await startSession(workspaceId, { origin: 'not an origin' });
    const response = await installs(workspaceId, teams.otherTeam.admin.auth);
    expect(widgetInstallsSchema.parse(response.body).installs.map((i) => i.origin)).toEqual([
      'http://127.0.0.1:4100',
    ]);
  });

  it('refuses a page origin that is not one (400), and starts no session', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/widget/sessions',
      payload: { workspaceId: teams.team.workspaceId, pageOrigin: 'javascript:alert(1)' },
    });
    expect(response.statusCode).toBe(400);
  });

  it('writes a workspace and origin at most once a minute', async () => {
    const { workspaceId } = teams.team;
    const origin = 'https://busy.example';
    await startSession(workspaceId, { pageOrigin: origin });
    const seenAt = async () =>
      (await installsOf(workspaceId)).find((install) => install.origin === origin)?.seenAt;
    const first = await seenAt();
    clock.advance(30);
    await startSession(workspaceId, { pageOrigin: origin });
    expect(await seenAt()).toBe(first);
    clock.advance(31);
    await startSession(workspaceId, { pageOrigin: origin });
    const later = await seenAt();
    expect(Date.parse(later!)).toBeGreaterThanOrEqual(Date.parse(first!) + 60_000);
  });

  it('keeps the latest origins only, the latest first', async () => {
    const { workspaceId } = teams.team;
    for (let site = 0; site < widgetInstallsKept + 2; site++) {
      clock.advance(1);
      await startSession(workspaceId, { pageOrigin: `https://site-${site}.example` });
    }
    const origins = (await installsOf(workspaceId)).map((install) => install.origin);
    expect(origins).toHaveLength(widgetInstallsKept);
    expect(origins[0]).toBe(`https://site-${widgetInstallsKept + 1}.example`);
    const stored = await app.db
      .selectFrom('widgetInstalls')
      .select('origin')
      .where('workspaceId', '=', workspaceId)
      .execute();
    expect(stored).toHaveLength(widgetInstallsKept);
  });

  it("is the workspace's admins' only: agents 403, other workspaces' admins and strangers 404, signed out 401", async () => {
    const { workspaceId } = teams.team;
    expect((await installs(workspaceId, teams.team.agent.auth)).status).toBe(403);
    expect((await installs(workspaceId, teams.otherTeam.admin.auth)).status).toBe(404);
    expect((await installs(workspaceId, teams.stranger.auth)).status).toBe(404);
    const signedOut = await app.inject({
      method: 'GET',
      url: `/api/user/widget-installs?workspaceId=${workspaceId}`,
    });
    expect(signedOut.statusCode).toBe(401);
  });
});
