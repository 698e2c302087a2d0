import type { Kysely } from 'kysely';
import type { BillingChange, BillingPeriod, PlanId } from 'shared-sdk';
import type { Database } from '../db/schema';

export interface NewBillingChange {
  id: string;
  workspaceId: string;
  fromPlan: PlanId;
  fromPeriod: BillingPeriod;
  toPlan: PlanId;
  toPeriod: BillingPeriod;
  changedBy: string;
  provider: string;
  providerReference: string;
  changedAt: Date;
}

export async function insertBillingChange(
  trx: Kysely<Database>,
  change: NewBillingChange,
): Promise<void> {
  await trx.insertInto('billingChanges').values(change).execute();
}

/** The workspace's billing history, newest first, with the name of the admin behind each change. */
export async function listBillingChanges(
  db: Kysely<Database>,
  workspaceId: string,
): Promise<BillingChange[]> {
  const rows = await db
    .selectFrom('billingChanges as c')
    .leftJoin('users as u', 'u.id', 'c.changedBy')
    .select([
      'c.id',
      'c.fromPlan',
      'c.fromPeriod',
      'c.toPlan',
      'c.toPeriod',
      'c.changedAt',
      'c.changedBy',
      'c.provider',
      'c.providerReference',
      'u.firstName',
      'u.lastName',
      'u.email',
    ])
    .where('c.workspaceId', '=', workspaceId)
    .orderBy('c.seq', 'desc')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    fromPlan: row.fromPlan,
    fromPeriod: row.fromPeriod,
    toPlan: row.toPlan,
    toPeriod: row.toPeriod,
    changedAt: row.changedAt.toISOString(),
    changedBy:
      row.changedBy && row.email !== null
        ? {
            userId: row.changedBy,
            firstName: row.firstName ?? '',
            lastName: row.lastName ?? '',
            email: row.email,
          }
        : null,
    provider: row.provider,
    providerReference: row.providerReference,
  }));
}
