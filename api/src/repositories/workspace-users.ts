import type { Kysely, Selectable } from 'kysely';
import type { WorkspaceRole, WorkspaceUser, WorkspaceUserStatus } from 'shared-sdk';
import { compiledOnce } from '../db/compiled-once';
import type { Database, WorkspaceUsersTable } from '../db/schema';
import { recordChange } from '../live/write-transaction';

export type WorkspaceUserRow = Selectable<WorkspaceUsersTable>;

/** The link joined with its member and its workspace (product-spec.md §3 "enriched"). */
export function selectEnriched(db: Kysely<Database>) {
  return (
    db
      .selectFrom('workspaceUsers as wu')
      .innerJoin('users as u', 'u.id', 'wu.userId')
      .innerJoin('workspaces as w', 'w.id', 'wu.workspaceId')
      .select([
        'wu.id',
        'wu.workspaceId',
        'wu.userId',
        'wu.role',
        'wu.status',
        'wu.createdAt',
        'wu.updatedAt',
        'u.firstName',
        'u.lastName',
        'u.email',
        'u.photoUrl',
        'w.ownedBy as workspaceOwnedBy',
        'w.name as workspaceName',
        'w.url as workspaceUrl',
        'w.ticketForwardingEmail as workspaceTicketForwardingEmail',
        'w.backgroundColor as workspaceBackgroundColor',
        'w.currency as workspaceCurrency',
        'w.createdAt as workspaceCreatedAt',
        'w.updatedAt as workspaceUpdatedAt',
      ])
      // product-spec.md §7: ascending createdAt; links made in one statement share it, the id breaks the tie.
      .orderBy('wu.createdAt')
      .orderBy('wu.id')
  );
}

type EnrichedRow = Awaited<
  ReturnType<ReturnType<typeof selectEnriched>['executeTakeFirstOrThrow']>
>;

export function toWorkspaceUser(row: EnrichedRow): WorkspaceUser {
  return {
    id: row.id,
    workspaceId: row.workspaceId,
    userId: row.userId,
    role: row.role,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    photoUrl: row.photoUrl,
    workspace: {
      id: row.workspaceId,
      ownedBy: row.workspaceOwnedBy,
      name: row.workspaceName,
      url: row.workspaceUrl,
      ticketForwardingEmail: row.workspaceTicketForwardingEmail,
      backgroundColor: row.workspaceBackgroundColor,
      currency: row.workspaceCurrency,
      createdAt: row.workspaceCreatedAt.toISOString(),
      updatedAt: row.workspaceUpdatedAt.toISOString(),
    },
  };
}

const activeLinksOfUser = compiledOnce((db, userId: string) =>
  selectEnriched(db).where('wu.userId', '=', userId).where('wu.status', '=', 'active'),
);

/** The workspaces a user may open: their active links, oldest first. */
export async function listActiveWorkspaceUsersOfUser(
  db: Kysely<Database>,
  userId: string,
): Promise<WorkspaceUser[]> {
  return (await activeLinksOfUser(db, userId)).map(toWorkspaceUser);
}

/** Every link of the workspace, whatever its status, oldest first (product-spec.md §7: by workspaceId). */
export async function listWorkspaceUsersOfWorkspace(
  db: Kysely<Database>,
  workspaceId: string,
): Promise<WorkspaceUser[]> {
  const rows = await selectEnriched(db).where('wu.workspaceId', '=', workspaceId).execute();
  return rows.map(toWorkspaceUser);
}

export async function findEnrichedWorkspaceUsers(
  db: Kysely<Database>,
  ids: string[],
): Promise<WorkspaceUser[]> {
  if (ids.length === 0) return [];
  const rows = await selectEnriched(db).where('wu.id', 'in', ids).execute();
  return rows.map(toWorkspaceUser);
}

export interface NewWorkspaceUser {
  id: string;
  workspaceId: string;
  userId: string;
  role: WorkspaceRole;
  status: WorkspaceUserStatus;
}

export async function insertWorkspaceUsers(
  trx: Kysely<Database>,
  links: NewWorkspaceUser[],
): Promise<void> {
  if (links.length === 0) return;
  for (const link of links) recordWorkspaceUserChange(trx, link);
  await trx.insertInto('workspaceUsers').values(links).execute();
}

/** The member's own-links queries and their subscriptions to the workspace hear of it. */
function recordWorkspaceUserChange(
  trx: Kysely<Database>,
  link: { id: string; workspaceId: string; userId: string },
) {
  recordChange(trx, {
    collection: 'workspace_user',
    workspaceId: link.workspaceId,
    ids: [link.id],
    userIds: [link.userId],
  });
}

export function findWorkspaceUserById(
  db: Kysely<Database>,
  id: string,
): Promise<WorkspaceUserRow | undefined> {
  return db.selectFrom('workspaceUsers').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findMembership(
  db: Kysely<Database>,
  workspaceId: string,
  userId: string,
): Promise<WorkspaceUserRow | undefined> {
  return db
    .selectFrom('workspaceUsers')
    .selectAll()
    .where('workspaceId', '=', workspaceId)
    .where('userId', '=', userId)
    .executeTakeFirst();
}

/** Which of `userIds` already have a link (any status) to the workspace. */
export async function findMemberUserIds(
  db: Kysely<Database>,
  workspaceId: string,
  userIds: string[],
): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('workspaceUsers')
    .select('userId')
    .where('workspaceId', '=', workspaceId)
    .where('userId', 'in', userIds)
    .execute();
  return new Set(rows.map((row) => row.userId));
}

export async function updateWorkspaceUser(
  trx: Kysely<Database>,
  id: string,
  update: { role?: WorkspaceRole; status?: WorkspaceUserStatus },
  now: Date,
): Promise<void> {
  const link = await trx
    .updateTable('workspaceUsers')
    .set({ ...update, updatedAt: now })
    .where('id', '=', id)
    .returning(['id', 'workspaceId', 'userId'])
    .executeTakeFirst();
  if (link) recordWorkspaceUserChange(trx, link);
}

export async function deleteWorkspaceUser(trx: Kysely<Database>, id: string): Promise<void> {
  const link = await trx
    .deleteFrom('workspaceUsers')
    .where('id', '=', id)
    .returning(['id', 'workspaceId', 'userId'])
    .executeTakeFirst();
  if (link) recordWorkspaceUserChange(trx, link);
}

/** Active admins of the workspace other than the link `exceptId`. */
export async function countOtherActiveAdmins(
  db: Kysely<Database>,
  workspaceId: string,
  exceptId: string,
): Promise<number> {
  const { count } = await db
    .selectFrom('workspaceUsers')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('workspaceId', '=', workspaceId)
    .where('id', '<>', exceptId)
    .where('role', '=', 'admin')
    .where('status', '=', 'active')
    .executeTakeFirstOrThrow();
  return Number(count);
}

/** Ids of the workspaces the user has a link to (any status), in id order. */
export async function listWorkspaceIdsOfUser(
  db: Kysely<Database>,
  userId: string,
): Promise<string[]> {
  const rows = await db
    .selectFrom('workspaceUsers')
    .select('workspaceId')
    .where('userId', '=', userId)
    .orderBy('workspaceId')
    .execute();
  return rows.map((row) => row.workspaceId);
}

export interface MembershipSummary {
  link: WorkspaceUserRow;
  workspaceName: string;
  /** Links of the workspace other than this one, whatever their status. */
  otherMembers: number;
  /** Active admins of the workspace other than this link. */
  otherActiveAdmins: number;
}

/** Every link of the user with what account deletion needs to know about its workspace. */
export async function summarizeMembershipsOfUser(
  db: Kysely<Database>,
  userId: string,
): Promise<MembershipSummary[]> {
  const rows = await db
    .selectFrom('workspaceUsers as wu')
    .innerJoin('workspaces as w', 'w.id', 'wu.workspaceId')
    .selectAll('wu')
    .select('w.name as workspaceName')
    .select((eb) => [
      eb
        .selectFrom('workspaceUsers as other')
        .select((inner) => inner.fn.countAll<string>().as('n'))
        .whereRef('other.workspaceId', '=', 'wu.workspaceId')
        .whereRef('other.id', '<>', 'wu.id')
        .as('otherMembers'),
      eb
        .selectFrom('workspaceUsers as other')
        .select((inner) => inner.fn.countAll<string>().as('n'))
        .whereRef('other.workspaceId', '=', 'wu.workspaceId')
        .whereRef('other.id', '<>', 'wu.id')
        .where('other.role', '=', 'admin')
        .where('other.status', '=', 'active')
        .as('otherActiveAdmins'),
    ])
    .where('wu.userId', '=', userId)
    .orderBy('wu.createdAt')
    .execute();
  return rows.map(({ workspaceName, otherMembers, otherActiveAdmins, ...link }) => ({
    link,
    workspaceName,
    otherMembers: Number(otherMembers),
    otherActiveAdmins: Number(otherActiveAdmins),
  }));
}
