import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { User, WorkspaceRole } from 'shared-sdk';
import type { Database } from '../db/schema';
import { HttpError } from '../errors/http-error';
import { findMembership } from '../repositories/workspace-users';
import type { WorkspaceUserRow } from '../repositories/workspace-users';
import { readThroughCache } from '../live/change-cache';
import { notSignedIn } from './auth-errors';

/** The signed-in caller of a guarded route (every route of the signed-in group, product-spec.md §6). */
export function requireUser(request: FastifyRequest): User {
  if (!request.user) throw notSignedIn();
  return request.user;
}

/** Same answer for "no such workspace" and "not yours": a workspace's existence is not revealed. */
export const workspaceNotFound = (workspaceId: string) =>
  new HttpError(404, `Workspace ${workspaceId} not found`);

interface MemberCheck {
  role?: WorkspaceRole;
  /** The 404 to answer, when the caller named something else than the workspace. */
  notFound?: () => HttpError;
}

/**
 * Callers' links to workspaces, read by nearly every signed-in call: kept in memory they cost no
 * database round trip, and round trips are what a write waits on. A change to a workspace's
 * members or the workspace drops what it may have made stale, on every instance (deleting an
 * account records the removal of each of its links).
 */
const memberships = {
  name: 'memberships',
  collections: ['workspace_user', 'workspaces'],
} as const;

/**
 * The one workspace-membership check. A caller without an active link to the workspace gets
 * 404 (as if it did not exist); a member without `role` gets 403. Returns the caller's link.
 * A removal, disabling or demotion holds on this instance from its commit on, on the others
 * once the change feed carries it.
 */
export async function requireMember(
  db: Kysely<Database>,
  userId: string,
  workspaceId: string,
  check: MemberCheck = {},
): Promise<WorkspaceUserRow> {
  const link = await readThroughCache(db, memberships, workspaceId, userId, async () => {
    return (await findMembership(db, workspaceId, userId)) ?? null;
  });
  return checkMembership(link ?? undefined, workspaceId, check);
}

function checkMembership(
  link: WorkspaceUserRow | undefined,
  workspaceId: string,
  { role, notFound = () => workspaceNotFound(workspaceId) }: MemberCheck,
): WorkspaceUserRow {
  // Disabled members count as not members (product-spec.md §4: an admin may disable a member).
  if (!link || link.status !== 'active') throw notFound();
  if (role && link.role !== role) {
    throw new HttpError(403, `Only ${role}s of this workspace may do this`);
  }
  return link;
}

/** GET /api/user/is-admin: never throws, never reveals anything beyond true or false. */
export async function isActiveAdmin(
  db: Kysely<Database>,
  userId: string,
  workspaceId: string,
): Promise<boolean> {
  const link = await findMembership(db, workspaceId, userId);
  return link?.status === 'active' && link.role === 'admin';
}
