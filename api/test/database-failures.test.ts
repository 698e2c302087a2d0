import { databaseFailures } from 'shared-sdk';
import { buildSignupRequest, bearer, signUp, type SignedUp } from './fixtures/user';
import { createWorkspace } from './fixtures/workspace';
import { appStartTimeoutMs, buildTestApp } from './support/build-test-app';
import type { TestApp } from './support/build-test-app';

// product-spec.md §8's database messages, each answered by the call whose data could not be read or
// written: here the database goes away under a running server.
describe('database failures (product-spec.md §8)', () => {
  let app: TestApp;
  let admin: SignedUp;
  let workspaceId: string;
  const logged: unknown[] = [];

  beforeAll(async () => {
    app = await buildTestApp();
    admin = await signUp(app);
    ({ workspaceId } = await createWorkspace(app, admin.auth, { workspaceName: 'Bike shop' }));
    jest.spyOn(app.log, 'error').mockImplementation((entry: unknown) => {
      logged.push(entry);
    });
    await app.db.destroy();
  }, appStartTimeoutMs);
  afterAll(() => app.close());

  const cases = [
    {
      call: 'GET /api/user/profile',
      request: () => ({ method: 'GET' as const, url: '/api/user/profile' }),
      failure: databaseFailures.fetchUser,
    },
    {
      call: 'PATCH /api/user/profile',
      request: () => ({
        method: 'PATCH' as const,
        url: '/api/user/profile',
        payload: { firstName: 'Ada' },
      }),
      failure: databaseFailures.updateUser,
    },
    {
      call: 'GET /api/user/workspaces',
      request: () => ({ method: 'GET' as const, url: '/api/user/workspaces' }),
      failure: databaseFailures.fetchWorkspaces,
    },
    {
      call: 'GET /api/user/users',
      request: () => ({
        method: 'GET' as const,
        url: `/api/user/users?workspaceId=${workspaceId}`,
      }),
      failure: databaseFailures.fetchUsers,
    },
  ];

  it.each(cases)('$call answers $failure.code: $failure.message', async ({ request, failure }) => {
    const response = await app.inject({ ...request(), headers: bearer(admin.auth) });
    expect(response.statusCode).toBe(failure.status);
    expect(response.json()).toEqual({ error: { code: failure.code, message: failure.message } });
  });

  it('a sign-up that cannot be stored answers db/unknown: Failed to store user data', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: buildSignupRequest(),
    });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      error: { code: 'db/unknown', message: 'Failed to store user data' },
    });
  });

  it('keeps the cause for the operator, never for the caller', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/user/workspaces',
      headers: bearer(admin.auth),
    });
    expect(response.body).not.toMatch(/destroy|driver|kysely/i);
    expect(
      JSON.stringify(logged.at(-1), (_key, value: unknown) =>
        value instanceof Error ? value.message : value,
      ),
    ).toMatch(/destroy/i);
  });

  it('a call with no database message of its own stays Internal error', async () => {
    const response = await app.inject({
      method: 'GET',
      url: `/api/user/statistics?workspaceId=${workspaceId}`,
      headers: bearer(admin.auth),
    });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ error: { code: 'internal', message: 'Internal error' } });
  });

  it('refusals meant for the caller are told as they are', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/user/profile' });
    expect(response.statusCode).toBe(401);
    const invalid = await app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: buildSignupRequest({ email: 'not-an-address' }),
    });
    expect(invalid.statusCode).toBe(400);
  });
});
