import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Transaction } from 'kysely';
import type { WorkspaceRole } from 'shared-sdk';
import { requireMember, requireUser } from '../auth/workspace-access';
import type { Database } from '../db/schema';
import { writeTransaction } from '../live/write-transaction';
import type { WorkspaceUserRow } from '../repositories/workspace-users';

export interface MemberWriteContext {
  trx: Transaction<Database>;
  /** The caller's active link to the workspace. */
  member: WorkspaceUserRow;
  now: Date;
}

/**
 * A write by a member of `workspaceId` (with `role`, when given), in one transaction; live
 * queries hear of it only once it has committed. Non-members get 404, members without the role
 * 403 (requireMember).
 */
export function memberWrite<T>(
  app: FastifyInstance,
  request: FastifyRequest,
  workspaceId: string,
  role: WorkspaceRole | undefined,
  write: (context: MemberWriteContext) => Promise<T>,
): Promise<T> {
  const userId = requireUser(request).id;
  return writeTransaction(app.db, async (trx) => {
    const member = await requireMember(trx, userId, workspaceId, { role });
    return write({ trx, member, now: app.identity.now() });
  });
}

/** The same check for a read: the caller's active link, or 404/403. */
export function memberRead(
  app: FastifyInstance,
  request: FastifyRequest,
  workspaceId: string,
  role?: WorkspaceRole,
): Promise<WorkspaceUserRow> {
  return requireMember(app.db, requireUser(request).id, workspaceId, { role });
}
