import { createHmac } from 'node:crypto';
import { identitySecretResponseSchema, widgetSessionSchema } from 'shared-sdk/schemas';
import { seedTeams } from './fixtures/teams';
import { bearer } from './fixtures/user';
import { appStartTimeoutMs, buildTestApp, type TestApp } from './support/build-test-app';
import { createPostgresDatabase, testPostgresUrl } from './support/test-database';

// Two first verified identifies of one user id at once race only where transactions run side
// by side: on PostgreSQL (the embedded database runs one transaction at a time).
const describePostgres = testPostgresUrl ? describe : describe.skip;

jest.setTimeout(60_000);

const sign = (secret: string, message: string) =>
  createHmac('sha256', secret).update(message).digest('hex');

describePostgres('verified identify of a new user id, twice at once (PostgreSQL)', () => {
  let app: TestApp;
  let drop: () => Promise<void>;
  let workspaceId: string;
  let secret: string;

  beforeAll(async () => {
    const created = await createPostgresDatabase('parley_identity_race');
    drop = created.drop;
    app = await buildTestApp({ database: created.database });
    const teams = await seedTeams(app);
    workspaceId = teams.team.workspaceId;
    const response = await app.inject({
      method: 'POST',
      url: '/api/user/identity-verification',
      headers: bearer(teams.team.admin.auth),
      payload: { workspaceId },
    });
    expect(response.statusCode).toBe(201);
    secret = identitySecretResponseSchema.parse(response.json()).secret;
  }, appStartTimeoutMs);
  afterAll(async () => {
    await app?.close();
    await drop?.();
  });

  it('answers both and ends as one customer with a token for each browser', async () => {
    for (let round = 0; round < 5; round += 1) {
      const userId = `racing-user-${round}`;
      const customer = { userId, userHash: sign(secret, userId), firstName: 'Ada' };
      const responses = await Promise.all(
        Array.from({ length: 4 }, () =>
          app.inject({
            method: 'POST',
            url: '/api/widget/sessions',
            payload: { workspaceId, customer },
          }),
        ),
      );
      expect(responses.map((response) => response.statusCode)).toEqual([201, 201, 201, 201]);
      const sessions = responses.map((response) => widgetSessionSchema.parse(response.json()));
      expect(new Set(sessions.map((session) => session.customerId)).size).toBe(1);
      expect(new Set(sessions.map((session) => session.visitorToken)).size).toBe(4);
      const customers = await app.db
        .selectFrom('customers')
        .select('id')
        .where('workspaceId', '=', workspaceId)
        .where('userId', '=', userId)
        .execute();
      expect(customers).toEqual([{ id: sessions[0]!.customerId }]);
      const tokens = await app.db
        .selectFrom('visitorTokens')
        .select('tokenHash')
        .where('customerId', '=', sessions[0]!.customerId)
        .execute();
      expect(tokens).toHaveLength(4);
    }
  });
});
