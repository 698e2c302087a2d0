import type { Kysely, Selectable } from 'kysely';
import type { BillingPeriod, PlanId } from 'shared-sdk';
import type { Database, WorkspacePlansTable } from '../db/schema';

export type WorkspacePlanRow = Selectable<WorkspacePlansTable>;

/** A new workspace starts on the default plan (the table's defaults: free, monthly). */
export async function insertWorkspacePlan(trx: Kysely<Database>, workspaceId: string) {
  await trx.insertInto('workspacePlans').values({ workspaceId }).execute();
}

export function findWorkspacePlan(
  db: Kysely<Database>,
  workspaceId: string,
): Promise<WorkspacePlanRow | undefined> {
  return db
    .selectFrom('workspacePlans')
    .selectAll()
    .where('workspaceId', '=', workspaceId)
    .executeTakeFirst();
}

/**
 * The workspace's plan, locked until the transaction ends: two admins changing plan at once are
 * served one after the other, each seeing what the other chose.
 */
export function lockWorkspacePlan(
  trx: Kysely<Database>,
  workspaceId: string,
): Promise<WorkspacePlanRow | undefined> {
  return trx
    .selectFrom('workspacePlans')
    .selectAll()
    .where('workspaceId', '=', workspaceId)
    .forUpdate()
    .executeTakeFirst();
}

export function updateWorkspacePlan(
  trx: Kysely<Database>,
  workspaceId: string,
  { plan, period }: { plan: PlanId; period: BillingPeriod },
  now: Date,
): Promise<WorkspacePlanRow> {
  return trx
    .updateTable('workspacePlans')
    .set({ plan, period, since: now, updatedAt: now })
    .where('workspaceId', '=', workspaceId)
    .returningAll()
    .executeTakeFirstOrThrow();
}
