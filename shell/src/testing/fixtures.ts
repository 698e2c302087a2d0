import type { AuthResponse, User, Workspace, WorkspaceUser } from 'shared-sdk';

export function buildUser(overrides: Partial<User> = {}): User {
  return {
    id: 'user-1',
    email: 'ada@example.com',
    providerId: 'password',
    photoUrl: null,
    firstName: 'Ada',
    lastName: 'Lovelace',
    website: null,
    countryCode: null,
    phoneNumber: null,
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
    id: 'ws-1',
    ownedBy: 'user-1',
    name: 'Northwind',
    url: 'https://northwind.example',
    ticketForwardingEmail: null,
    backgroundColor: '#2450E6',
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export function buildWorkspaceUser(overrides: Partial<WorkspaceUser> = {}): WorkspaceUser {
  const workspace = overrides.workspace ?? buildWorkspace({ id: overrides.workspaceId ?? 'ws-1' });
  return {
    id: `link-${workspace.id}`,
    workspaceId: workspace.id,
    userId: 'user-1',
    role: 'admin',
    status: 'active',
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@example.com',
    photoUrl: null,
    ...overrides,
    workspace,
  };
}
