import type { PasswordPolicy, WorkspaceUser } from 'shared-sdk';
import { buildColleague, buildWorkspaceUser } from '@testing/workspace-fixtures';

// Builders for what only these pages show (spec §3); the user and workspace come from
// @testing/workspace-fixtures. Tests override only what they are about.

export function buildPasswordPolicy(overrides: Partial<PasswordPolicy> = {}): PasswordPolicy {
  return {
    minLength: 8,
    maxLength: 128,
    requireLowercase: true,
    requireUppercase: true,
    requireNumber: true,
    requireSymbol: false,
    ...overrides,
  };
}

/** Ada (admin, the signed-in user), Grace (agent) and Alan (disabled agent). */
export function buildMembers(): WorkspaceUser[] {
  return [
    buildWorkspaceUser(),
    buildColleague({ createdAt: '2025-02-03T12:00:00.000Z' }),
    buildWorkspaceUser({
      id: 'wsu_alan',
      userId: 'usr_alan',
      role: 'agent',
      status: 'disabled',
      firstName: 'Alan',
      lastName: 'Turing',
      email: 'alan@fernhill.example',
      createdAt: '2025-03-04T12:00:00.000Z',
    }),
  ];
}
