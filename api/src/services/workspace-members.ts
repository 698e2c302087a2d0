import type { Kysely } from 'kysely';
import type {
  AddWorkspaceUsersRequest,
  WorkspaceRole,
  WorkspaceUser,
  WorkspaceUserStatus,
} from 'shared-sdk';
import { authError } from '../auth/auth-errors';
import { requireMember } from '../auth/workspace-access';
import { randomId } from '../db/random-id';
import type { Database } from '../db/schema';
import { HttpError } from '../errors/http-error';
import { unassignMember } from '../repositories/conversations';
import { findUsersByEmails, normalizeEmail } from '../repositories/users';
import { lockWorkspace } from '../repositories/workspaces';
import {
  countOtherActiveAdmins,
  deleteWorkspaceUser,
  findEnrichedWorkspaceUsers,
  findMemberUserIds,
  findWorkspaceUserById,
  insertWorkspaceUsers,
  listWorkspaceUsersOfWorkspace,
  updateWorkspaceUser,
} from '../repositories/workspace-users';
import type { WorkspaceUserRow } from '../repositories/workspace-users';

export interface AddedMembers {
  added: WorkspaceUser[];
  /** Lower-cased e-mail addresses that already had a link, left as they were. */
  alreadyMembers: string[];
}

/**
 * Adds existing accounts by e-mail address, all or nothing: one address without an account
 * refuses the whole request. The caller must be an admin of the workspace. Pass a transaction.
 */
export async function addMembers(
  trx: Kysely<Database>,
  callerId: string,
  { workspaceId, users }: AddWorkspaceUsersRequest,
): Promise<AddedMembers> {
  await requireMember(trx, callerId, workspaceId, { role: 'admin' });
  await lockWorkspace(trx, workspaceId);
  // The first mention of an address decides its role.
  const roles = new Map<string, WorkspaceRole>();
  for (const { email, role } of users) {
    if (!roles.has(normalizeEmail(email))) roles.set(normalizeEmail(email), role);
  }
  const emails = [...roles.keys()];
  const accounts = await findUsersByEmails(trx, emails);
  const found = new Set(accounts.map((account) => account.email));
  const missing = emails.filter((email) => !found.has(email));
  if (missing.length > 0) {
    throw authError(404, 'auth/user-not-found', `No Parley account for: ${missing.join(', ')}`);
  }
  const existing = await findMemberUserIds(
    trx,
    workspaceId,
    accounts.map((account) => account.id),
  );
  const newLinks = accounts
    .filter((account) => !existing.has(account.id))
    .map((account) => ({
      id: randomId(),
      workspaceId,
      userId: account.id,
      role: roles.get(account.email) ?? 'agent',
      status: 'active' as const,
    }));
  await insertWorkspaceUsers(trx, newLinks);
  return {
    added: await findEnrichedWorkspaceUsers(
      trx,
      newLinks.map((link) => link.id),
    ),
    alreadyMembers: accounts
      .filter((account) => existing.has(account.id))
      .map((account) => account.email),
  };
}

const memberNotFound = (workspaceUserId: string) =>
  new HttpError(404, `Workspace member ${workspaceUserId} not found`);

/**
 * The link `workspaceUserId`, once the caller is known to be an admin of its workspace and the
 * workspace is locked for the change. A link of a workspace the caller is not in is "not found".
 */
async function lockLinkForAdmin(
  trx: Kysely<Database>,
  callerId: string,
  workspaceUserId: string,
): Promise<WorkspaceUserRow> {
  const link = await findWorkspaceUserById(trx, workspaceUserId);
  if (!link) throw memberNotFound(workspaceUserId);
  const notFound = () => memberNotFound(workspaceUserId);
  await requireMember(trx, callerId, link.workspaceId, { role: 'admin', notFound });
  await lockWorkspace(trx, link.workspaceId);
  // Read again under the lock: another admin may have changed it meanwhile.
  const current = await findWorkspaceUserById(trx, workspaceUserId);
  if (!current) throw memberNotFound(workspaceUserId);
  return current;
}

/** Refuses a change that would leave the workspace without an active admin. */
async function assertAnotherAdminRemains(trx: Kysely<Database>, link: WorkspaceUserRow) {
  if (link.role !== 'admin' || link.status !== 'active') return;
  if ((await countOtherActiveAdmins(trx, link.workspaceId, link.id)) === 0) {
    throw new HttpError(400, 'A workspace needs at least one admin');
  }
}

/** product-spec.md §6: an admin changes a member's role and status. Pass a transaction. */
export async function updateMember(
  trx: Kysely<Database>,
  callerId: string,
  now: Date,
  update: { workspaceUserId: string; role?: WorkspaceRole; status?: WorkspaceUserStatus },
): Promise<WorkspaceUser> {
  const link = await lockLinkForAdmin(trx, callerId, update.workspaceUserId);
  const demoted = update.role !== undefined && update.role !== 'admin';
  const disabled = update.status !== undefined && update.status !== 'active';
  if (demoted || disabled) await assertAnotherAdminRemains(trx, link);
  await updateWorkspaceUser(trx, link.id, { role: update.role, status: update.status }, now);
  if (disabled) await unassignMember(trx, link.workspaceId, link.userId);
  const [updated] = await findEnrichedWorkspaceUsers(trx, [link.id]);
  if (!updated) throw memberNotFound(link.id);
  return updated;
}

/** product-spec.md §6: an admin removes a member. Pass a transaction. */
export async function removeMember(
  trx: Kysely<Database>,
  callerId: string,
  workspaceUserId: string,
): Promise<void> {
  const link = await lockLinkForAdmin(trx, callerId, workspaceUserId);
  await assertAnotherAdminRemains(trx, link);
  await deleteWorkspaceUser(trx, link.id);
  await unassignMember(trx, link.workspaceId, link.userId);
}

/** The workspace's members, with their users' names and e-mails. */
export function membersOf(db: Kysely<Database>, workspaceId: string) {
  return listWorkspaceUsersOfWorkspace(db, workspaceId);
}
