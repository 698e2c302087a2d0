import { addWorkspaceUsersResponseSchema, workspaceUserSchema } from 'shared-sdk/schemas';
import { createWorkspace } from './fixtures/workspace';
import { addMember } from './fixtures/workspace-user';
import { bearer, signUp } from './fixtures/user';
import { appStartTimeoutMs, buildTestApp } from './support/build-test-app';
import type { TestApp } from './support/build-test-app';

describe('/api/user/users (workspace members)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp();
  }, appStartTimeoutMs);
  afterAll(() => app.close());

  const patchMember = (headers: Record<string, string>, payload: Record<string, unknown>) =>
    app.inject({ method: 'PATCH', url: '/api/user/users', headers, payload });
  const removeMember = (headers: Record<string, string>, workspaceUserId: string) =>
    app.inject({ method: 'DELETE', url: '/api/user/users', headers, payload: { workspaceUserId } });

  describe('GET', () => {
    it("lists the workspace's members, disabled ones too, oldest first (admins)", async () => {
      const admin = await signUp(app);
      const agent = await signUp(app);
      const disabled = await signUp(app);
      const adminLink = await createWorkspace(app, admin.auth);
      const { workspaceId } = adminLink;
      const agentLink = await addMember(app, admin.auth, workspaceId, agent.request.email);
      const disabledLink = await addMember(app, admin.auth, workspaceId, disabled.request.email);
      await patchMember(bearer(admin.auth), {
        workspaceUserId: disabledLink.id,
        status: 'disabled',
      });

      const response = await app.inject({
        method: 'GET',
        url: `/api/user/users?workspaceId=${workspaceId}`,
        headers: bearer(admin.auth),
      });
      expect(response.statusCode).toBe(200);
      const members = workspaceUserSchema.array().parse(response.json());
      expect(members.map((member) => [member.id, member.status])).toEqual([
        [adminLink.id, 'active'],
        [agentLink.id, 'active'],
        [disabledLink.id, 'disabled'],
      ]);
      expect(members[1]).toMatchObject({ email: agent.auth.user.email, role: 'agent' });

      const byAgent = await app.inject({
        method: 'GET',
        url: `/api/user/users?workspaceId=${workspaceId}`,
        headers: bearer(agent.auth),
      });
      expect(byAgent.statusCode).toBe(403);
    });
  });

  describe('POST', () => {
    it('adds existing accounts by e-mail and skips those already members', async () => {
      const admin = await signUp(app);
      const agent = await signUp(app);
      const secondAdmin = await signUp(app);
      const { workspaceId } = await createWorkspace(app, admin.auth);

      const response = await app.inject({
        method: 'POST',
        url: '/api/user/users',
        headers: bearer(admin.auth),
        payload: {
          workspaceId,
          users: [
            { email: agent.request.email.toUpperCase(), role: 'agent' },
            { email: secondAdmin.request.email, role: 'admin' },
            { email: admin.request.email, role: 'agent' },
          ],
        },
      });
      expect(response.statusCode).toBe(201);
      const result = addWorkspaceUsersResponseSchema.parse(response.json());
      expect(result.alreadyMembers).toEqual([admin.request.email.toLowerCase()]);
      expect(result.added).toHaveLength(2);
      expect(result.added.find((link) => link.userId === agent.auth.user.id)).toMatchObject({
        workspaceId,
        role: 'agent',
        status: 'active',
        email: agent.auth.user.email,
        firstName: agent.auth.user.firstName,
        workspace: { id: workspaceId },
      });
      expect(result.added.find((link) => link.userId === secondAdmin.auth.user.id)?.role).toBe(
        'admin',
      );

      // The admin stays an admin: already-members are left as they were.
      const isAdmin = await app.inject({
        method: 'GET',
        url: `/api/user/is-admin?workspaceId=${workspaceId}`,
        headers: bearer(admin.auth),
      });
      expect(isAdmin.body).toBe('true');
      // The new member sees the workspace.
      const theirs = await app.inject({
        method: 'GET',
        url: '/api/user/workspaces',
        headers: bearer(agent.auth),
      });
      expect(theirs.json()).toEqual([expect.objectContaining({ workspaceId })]);
    });

    it('adds nobody when one address has no account (auth/user-not-found)', async () => {
      const admin = await signUp(app);
      const agent = await signUp(app);
      const { workspaceId } = await createWorkspace(app, admin.auth);
      const response = await app.inject({
        method: 'POST',
        url: '/api/user/users',
        headers: bearer(admin.auth),
        payload: {
          workspaceId,
          users: [
            { email: agent.request.email, role: 'agent' },
            { email: 'Ghost@Furniture.example', role: 'agent' },
            { email: 'phantom@furniture.example', role: 'admin' },
          ],
        },
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        error: {
          code: 'auth/user-not-found',
          message: 'No Parley account for: ghost@furniture.example, phantom@furniture.example',
        },
      });
      const members = await app.db
        .selectFrom('workspaceUsers')
        .select('userId')
        .where('workspaceId', '=', workspaceId)
        .execute();
      expect(members.map((member) => member.userId)).toEqual([admin.auth.user.id]);
    });

    it('refuses an agent (403) and a stranger (404)', async () => {
      const admin = await signUp(app);
      const agent = await signUp(app);
      const stranger = await signUp(app);
      const newcomer = await signUp(app);
      const { workspaceId } = await createWorkspace(app, admin.auth);
      await addMember(app, admin.auth, workspaceId, agent.request.email);
      const payload = { workspaceId, users: [{ email: newcomer.request.email, role: 'agent' }] };

      const byAgent = await app.inject({
        method: 'POST',
        url: '/api/user/users',
        headers: bearer(agent.auth),
        payload,
      });
      expect(byAgent.statusCode).toBe(403);
      expect(byAgent.json().error.code).toBe('permission-denied');
      const byStranger = await app.inject({
        method: 'POST',
        url: '/api/user/users',
        headers: bearer(stranger.auth),
        payload,
      });
      expect(byStranger.statusCode).toBe(404);
      expect(byStranger.json().error.code).toBe('not-found');
    });

    it('refuses an invalid address with 400', async () => {
      const admin = await signUp(app);
      const { workspaceId } = await createWorkspace(app, admin.auth);
      const response = await app.inject({
        method: 'POST',
        url: '/api/user/users',
        headers: bearer(admin.auth),
        payload: { workspaceId, users: [{ email: 'not-an-address', role: 'agent' }] },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toContain('Please enter a valid e-mail address');
    });
  });

  describe('PATCH', () => {
    it("changes a member's role and status", async () => {
      const admin = await signUp(app);
      const agent = await signUp(app);
      const { workspaceId } = await createWorkspace(app, admin.auth);
      const link = await addMember(app, admin.auth, workspaceId, agent.request.email);

      const promoted = await patchMember(bearer(admin.auth), {
        workspaceUserId: link.id,
        role: 'admin',
      });
      expect(promoted.statusCode).toBe(200);
      expect(workspaceUserSchema.parse(promoted.json())).toMatchObject({
        id: link.id,
        role: 'admin',
        status: 'active',
      });
      const disabled = await patchMember(bearer(admin.auth), {
        workspaceUserId: link.id,
        status: 'disabled',
      });
      expect(disabled.json()).toMatchObject({ role: 'admin', status: 'disabled' });

      // A disabled member counts as no member at all.
      const statistics = await app.inject({
        method: 'GET',
        url: `/api/user/statistics?workspaceId=${workspaceId}`,
        headers: bearer(agent.auth),
      });
      expect(statistics.statusCode).toBe(404);
    });

    it("holds a member's new role or status from the change's commit on", async () => {
      const admin = await signUp(app);
      const member = await signUp(app);
      const { workspaceId } = await createWorkspace(app, admin.auth);
      const link = await addMember(app, admin.auth, workspaceId, member.request.email, 'admin');
      // Each check reads the membership the api keeps in memory after the first call.
      const listMembers = async () =>
        (
          await app.inject({
            method: 'GET',
            url: `/api/user/users?workspaceId=${workspaceId}`,
            headers: bearer(member.auth),
          })
        ).statusCode;
      expect(await listMembers()).toBe(200);
      expect(await listMembers()).toBe(200);

      await patchMember(bearer(admin.auth), { workspaceUserId: link.id, role: 'agent' });
      expect(await listMembers()).toBe(403);
      await patchMember(bearer(admin.auth), { workspaceUserId: link.id, role: 'admin' });
      expect(await listMembers()).toBe(200);
      await patchMember(bearer(admin.auth), { workspaceUserId: link.id, status: 'disabled' });
      expect(await listMembers()).toBe(404);
      await patchMember(bearer(admin.auth), { workspaceUserId: link.id, status: 'active' });
      expect(await listMembers()).toBe(200);
      await removeMember(bearer(admin.auth), link.id);
      expect(await listMembers()).toBe(404);
    });

    it('refuses to demote or disable the last active admin', async () => {
      const admin = await signUp(app);
      const { workspaceId, id: adminLinkId } = await createWorkspace(app, admin.auth);
      for (const change of [{ role: 'agent' }, { status: 'disabled' }]) {
        const response = await patchMember(bearer(admin.auth), {
          workspaceUserId: adminLinkId,
          ...change,
        });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({
          error: { code: 'invalid-argument', message: 'A workspace needs at least one admin' },
        });
      }
      // A disabled admin does not count as the other admin.
      const other = await signUp(app);
      const otherLink = await addMember(app, admin.auth, workspaceId, other.request.email, 'admin');
      await patchMember(bearer(admin.auth), { workspaceUserId: otherLink.id, status: 'disabled' });
      const stillRefused = await patchMember(bearer(admin.auth), {
        workspaceUserId: adminLinkId,
        role: 'agent',
      });
      expect(stillRefused.statusCode).toBe(400);

      // With another active admin, stepping down is fine.
      await patchMember(bearer(admin.auth), { workspaceUserId: otherLink.id, status: 'active' });
      const steppedDown = await patchMember(bearer(admin.auth), {
        workspaceUserId: adminLinkId,
        role: 'agent',
      });
      expect(steppedDown.statusCode).toBe(200);
      expect(steppedDown.json().role).toBe('agent');
    });

    it('refuses an agent (403) and answers 404 for an unknown link', async () => {
      const admin = await signUp(app);
      const agent = await signUp(app);
      const { workspaceId, id: adminLinkId } = await createWorkspace(app, admin.auth);
      await addMember(app, admin.auth, workspaceId, agent.request.email);
      const byAgent = await patchMember(bearer(agent.auth), {
        workspaceUserId: adminLinkId,
        role: 'agent',
      });
      expect(byAgent.statusCode).toBe(403);
      const unknown = await patchMember(bearer(admin.auth), {
        workspaceUserId: 'no-such-link',
        role: 'agent',
      });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({
        error: { code: 'not-found', message: 'Workspace member no-such-link not found' },
      });
    });
  });

  describe('DELETE', () => {
    it('removes a member', async () => {
      const admin = await signUp(app);
      const agent = await signUp(app);
      const { workspaceId } = await createWorkspace(app, admin.auth);
      const link = await addMember(app, admin.auth, workspaceId, agent.request.email);
      const response = await removeMember(bearer(admin.auth), link.id);
      expect(response.statusCode).toBe(204);
      const theirs = await app.inject({
        method: 'GET',
        url: '/api/user/workspaces',
        headers: bearer(agent.auth),
      });
      expect(theirs.json()).toEqual([]);
    });

    it('refuses to remove the last active admin', async () => {
      const admin = await signUp(app);
      const { id: adminLinkId, workspaceId } = await createWorkspace(app, admin.auth);
      const agent = await signUp(app);
      await addMember(app, admin.auth, workspaceId, agent.request.email);
      const response = await removeMember(bearer(admin.auth), adminLinkId);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toBe('A workspace needs at least one admin');
    });

    it('lets an admin leave when another admin remains', async () => {
      const admin = await signUp(app);
      const other = await signUp(app);
      const { id: adminLinkId, workspaceId } = await createWorkspace(app, admin.auth);
      await addMember(app, admin.auth, workspaceId, other.request.email, 'admin');
      expect((await removeMember(bearer(admin.auth), adminLinkId)).statusCode).toBe(204);
    });

    it('refuses an agent (403)', async () => {
      const admin = await signUp(app);
      const agent = await signUp(app);
      const { workspaceId, id: adminLinkId } = await createWorkspace(app, admin.auth);
      await addMember(app, admin.auth, workspaceId, agent.request.email);
      const response = await removeMember(bearer(agent.auth), adminLinkId);
      expect(response.statusCode).toBe(403);
      expect(response.json().error.code).toBe('permission-denied');
    });
  });
});
