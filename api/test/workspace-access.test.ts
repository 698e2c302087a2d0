import type { AuthResponse, WorkspaceUser } from 'shared-sdk';
import { createWorkspace } from './fixtures/workspace';
import { addMember } from './fixtures/workspace-user';
import { bearer, signUp } from './fixtures/user';
import { appStartTimeoutMs, buildTestApp } from './support/build-test-app';
import type { TestApp } from './support/build-test-app';

/**
 * One membership check for every workspace call: a member of workspace A learns nothing about
 * workspace B (404, as if it did not exist), an agent of B is refused its admin calls (403).
 */
describe('workspace access', () => {
  let app: TestApp;
  let adminOfA: AuthResponse;
  let adminOfB: AuthResponse;
  let agentOfB: AuthResponse;
  let linkInB: WorkspaceUser;
  let workspaceB: string;

  beforeAll(async () => {
    app = await buildTestApp();
    adminOfA = (await signUp(app, { website: 'https://a.example' })).auth;
    const b = await signUp(app);
    adminOfB = b.auth;
    const agent = await signUp(app);
    agentOfB = agent.auth;
    ({ workspaceId: workspaceB } = await createWorkspace(app, adminOfB, { workspaceName: 'B' }));
    linkInB = await addMember(app, adminOfB, workspaceB, agent.request.email, 'agent');
  }, appStartTimeoutMs);
  afterAll(() => app.close());

  const callsOnB = () => [
    {
      name: 'PATCH /api/user/workspaces',
      method: 'PATCH' as const,
      url: '/api/user/workspaces',
      payload: { workspaceId: workspaceB, workspaceName: 'Taken', websiteUrl: 'https://x.example' },
      adminOnly: true,
    },
    {
      name: 'DELETE /api/user/workspaces',
      method: 'DELETE' as const,
      url: '/api/user/workspaces',
      payload: { workspaceId: workspaceB },
      adminOnly: true,
    },
    {
      name: 'GET /api/user/users',
      method: 'GET' as const,
      url: `/api/user/users?workspaceId=${workspaceB}`,
      adminOnly: true,
    },
    {
      name: 'POST /api/user/users',
      method: 'POST' as const,
      url: '/api/user/users',
      payload: {
        workspaceId: workspaceB,
        users: [{ email: 'x@furniture.example', role: 'agent' }],
      },
      adminOnly: true,
    },
    {
      name: 'PATCH /api/user/users',
      method: 'PATCH' as const,
      url: '/api/user/users',
      payload: { workspaceUserId: linkInB.id, role: 'admin' },
      adminOnly: true,
    },
    {
      name: 'DELETE /api/user/users',
      method: 'DELETE' as const,
      url: '/api/user/users',
      payload: { workspaceUserId: linkInB.id },
      adminOnly: true,
    },
    {
      name: 'GET /api/user/statistics',
      method: 'GET' as const,
      url: `/api/user/statistics?workspaceId=${workspaceB}`,
      adminOnly: false,
    },
    {
      name: 'GET /api/user/chatbots',
      method: 'GET' as const,
      url: `/api/user/chatbots?workspaceId=${workspaceB}`,
      adminOnly: false,
    },
  ];

  it('answers 404 not-found to a member of another workspace, for every call on B', async () => {
    for (const { name, method, url, payload } of callsOnB()) {
      const response = await app.inject({ method, url, payload, headers: bearer(adminOfA) });
      expect({ name, status: response.statusCode, code: response.json().error.code }).toEqual({
        name,
        status: 404,
        code: 'not-found',
      });
    }
    const isAdmin = await app.inject({
      method: 'GET',
      url: `/api/user/is-admin?workspaceId=${workspaceB}`,
      headers: bearer(adminOfA),
    });
    expect(isAdmin.statusCode).toBe(200);
    expect(isAdmin.json()).toBe(false);
  });

  it('answers an agent of B 403 for admin calls and serves its member calls', async () => {
    for (const { name, method, url, payload, adminOnly } of callsOnB()) {
      const response = await app.inject({ method, url, payload, headers: bearer(agentOfB) });
      expect({ name, status: response.statusCode }).toEqual({
        name,
        status: adminOnly ? 403 : 200,
      });
      if (adminOnly) expect(response.json().error.code).toBe('permission-denied');
    }
  });

  it('left workspace B untouched', async () => {
    const workspaces = await app.inject({
      method: 'GET',
      url: '/api/user/workspaces',
      headers: bearer(adminOfB),
    });
    expect(workspaces.json()).toEqual([
      expect.objectContaining({ workspace: expect.objectContaining({ name: 'B' }) }),
    ]);
    const link = await app.db
      .selectFrom('workspaceUsers')
      .select(['role'])
      .where('id', '=', linkInB.id)
      .executeTakeFirstOrThrow();
    expect(link.role).toBe('agent');
  });

  it('answers 401 to every call without a token', async () => {
    for (const { method, url, payload } of callsOnB()) {
      const response = await app.inject({ method, url, payload });
      expect(response.statusCode).toBe(401);
      expect(response.json().error.code).toBe('unauthenticated');
    }
  });
});
