import type { AuthResponse, User, Workspace, WorkspaceUser } from 'shared-sdk';
import * as shared from '@testing/workspace-fixtures';

// The shell's tests sign in as Ada of Northwind (ws-1), whose workspace id appears in their
// routes; otherwise the entities are the shared test fixtures.

export const buildUser = (overrides: Partial<User> = {}): User =>
  shared.buildUser({
    id: 'user-1',
    email: 'ada@example.com',
    website: null,
    countryCode: null,
    phoneNumber: null,
    ...overrides,
  });

export const buildAuthResponse = (overrides: Partial<AuthResponse> = {}): AuthResponse =>
  shared.buildAuthResponse({ user: buildUser(), ...overrides });

export const buildWorkspace = (overrides: Partial<Workspace> = {}): Workspace =>
  shared.buildWorkspace({
    id: 'ws-1',
    ownedBy: 'user-1',
    name: 'Northwind',
    url: 'https://northwind.example',
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  });

/** Ada's membership of the workspace `overrides.workspaceId` (ws-1 unless given). */
export function buildWorkspaceUser(overrides: Partial<WorkspaceUser> = {}): WorkspaceUser {
  const workspace = overrides.workspace ?? buildWorkspace({ id: overrides.workspaceId ?? 'ws-1' });
  return shared.buildWorkspaceUser({
    id: `link-${workspace.id}`,
    workspaceId: workspace.id,
    userId: 'user-1',
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    email: 'ada@example.com',
    ...overrides,
    workspace,
  });
}
