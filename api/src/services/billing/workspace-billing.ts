import type { Kysely } from 'kysely';
import { limitCount, planById, type Billing, type BillingPeriod, type PlanId } from 'shared-sdk';
import { workspaceNotFound } from '../../auth/workspace-access';
import { randomId } from '../../db/random-id';
import type { Database } from '../../db/schema';
import { HttpError } from '../../errors/http-error';
import { insertBillingChange, listBillingChanges } from '../../repositories/billing-changes';
import {
  findWorkspacePlan,
  lockWorkspacePlan,
  updateWorkspacePlan,
} from '../../repositories/workspace-plans';
import type { BillingProvider } from './billing-provider';
import { countSeatsUsed, workspaceUsage } from './workspace-usage';

/** "Free" for free: the API's messages are in English, and the plans' names are their ids. */
export const planName = (id: PlanId) => `${id.charAt(0).toUpperCase()}${id.slice(1)}`;

const seatsWord = (count: number) => (count === 1 ? 'seat' : 'seats');
const membersWord = (count: number) => (count === 1 ? 'active member' : 'active members');

/** The workspace's billing as it is now: plan, seats, this month's usage, limits and history. */
export async function readBilling(
  db: Kysely<Database>,
  workspaceId: string,
  now: Date,
): Promise<Billing> {
  const [current, seatsUsed, usage, history] = await Promise.all([
    findWorkspacePlan(db, workspaceId),
    countSeatsUsed(db, workspaceId),
    workspaceUsage(db, workspaceId, now),
    listBillingChanges(db, workspaceId),
  ]);
  // Every workspace has its plan row (migration 0012, workspace-setup): none, the workspace is gone.
  if (!current) throw workspaceNotFound(workspaceId);
  const { limits } = planById(current.plan);
  return {
    workspaceId,
    plan: current.plan,
    period: current.period,
    since: current.since.toISOString(),
    seats: { used: seatsUsed, included: limitCount(limits.seats) },
    usage,
    limits: {
      conversations: limitCount(limits.conversationsPerMonth),
      qnaPairs: limitCount(limits.qnaPairs),
      products: limitCount(limits.products),
      webPages: limitCount(limits.webPages),
    },
    history,
  };
}

export interface PlanChangeRequest {
  workspaceId: string;
  plan: PlanId;
  period: BillingPeriod;
  /** The admin changing it. */
  userId: string;
}

/**
 * Moves the workspace to `plan` billed `period`, in the caller's transaction: the plan row, the
 * provider's charge and the history row all happen, or none does. The plan and period it is on
 * already change nothing (a retried request must not bill twice). A plan with fewer seats than
 * the workspace's active members is refused: members are removed first, by a person.
 */
export async function changeWorkspacePlan(
  trx: Kysely<Database>,
  provider: BillingProvider,
  { workspaceId, plan, period, userId }: PlanChangeRequest,
  now: Date,
): Promise<void> {
  const current = await lockWorkspacePlan(trx, workspaceId);
  if (!current) throw workspaceNotFound(workspaceId);
  if (current.plan === plan && current.period === period) return;

  const included = limitCount(planById(plan).limits.seats);
  const used = await countSeatsUsed(trx, workspaceId);
  if (included !== null && used > included) {
    throw new HttpError(
      400,
      `The ${planName(plan)} plan includes ${included} ${seatsWord(included)}; this workspace ` +
        `has ${used} ${membersWord(used)}. Remove members first.`,
    );
  }

  await updateWorkspacePlan(trx, workspaceId, { plan, period }, now);
  const { reference } = await provider.changePlan({ workspaceId, plan, period });
  await insertBillingChange(trx, {
    id: randomId(),
    workspaceId,
    fromPlan: current.plan,
    fromPeriod: current.period,
    toPlan: plan,
    toPeriod: period,
    changedBy: userId,
    provider: provider.name,
    providerReference: reference,
    changedAt: now,
  });
}
