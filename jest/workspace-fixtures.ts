import type { AuthResponse, User, Workspace, WorkspaceUser } from 'shared-sdk';

// The signed-in user and her workspace (spec §3): Ada Lovelace, admin of Fernhill Bikes. One
// builder per entity; tests override only what they are about.

export function buildUser(overrides: Partial<User> = {}): User {
  return {
    id: 'usr_ada',
    email: 'ada@fernhill.example',
    providerId: 'password',
    photoUrl: null,
    firstName: 'Ada',
    lastName: 'Lovelace',
    website: 'https://fernhill.example',
    countryCode: 'GB',
    phoneNumber: '+44 20 7946 0000',
    preferredLanguage: 'en-US',
    ...overrides,
  };
}

export function buildAuthResponse(overrides: Partial<AuthResponse> = {}): AuthResponse {
  return {
    user: buildUser(),
    idToken: 'id-token-1',
    refreshToken: 'refresh-token-1',
    expiresIn: 3600,
    ...overrides,
  };
}

export function buildWorkspace(overrides: Partial<Workspace> = {}): Workspace {
  return {
    id: 'ws_fernhill',
    ownedBy: 'usr_ada',
    name: 'Fernhill Bikes',
    url: 'https://fernhill.example',
    ticketForwardingEmail: null,
    backgroundColor: '#2450E6',
    createdAt: '2025-01-10T12:00:00.000Z',
    updatedAt: '2025-01-10T12:00:00.000Z',
    ...overrides,
  };
}

/** Ada's membership of the workspace, as GET /api/user/users lists it. */
export function buildWorkspaceUser(overrides: Partial<WorkspaceUser> = {}): WorkspaceUser {
  return {
    id: 'wsu_ada',
    workspaceId: 'ws_fernhill',
    userId: 'usr_ada',
    role: 'admin',
    status: 'active',
    // Midday UTC: the same calendar day in every time zone the tests may run in.
    createdAt: '2025-01-10T12:00:00.000Z',
    updatedAt: '2025-01-10T12:00:00.000Z',
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@fernhill.example',
    photoUrl: null,
    workspace: buildWorkspace(),
    ...overrides,
  };
}

/** Grace Hopper, an agent of Ada's workspace. */
export const buildColleague = (overrides: Partial<WorkspaceUser> = {}): WorkspaceUser =>
  buildWorkspaceUser({
    id: 'wsu_grace',
    userId: 'usr_grace',
    role: 'agent',
    firstName: 'Grace',
    lastName: 'Hopper',
    email: 'grace@fernhill.example',
    ...overrides,
  });
