import type { Kysely } from 'kysely';
import { limitCount, planById } from 'shared-sdk';
import { workspaceNotFound } from '../../auth/workspace-access';
import type { Database } from '../../db/schema';
import { HttpError } from '../../errors/http-error';
import { findWorkspacePlan } from '../../repositories/workspace-plans';
import { planName } from './workspace-billing';

const productsWord = (count: number) => (count === 1 ? 'product' : 'products');

/** The number of products the workspace's plan includes; null when nothing caps it. */
export async function productLimitOf(
  db: Kysely<Database>,
  workspaceId: string,
): Promise<{ plan: string; limit: number | null }> {
  const current = await findWorkspacePlan(db, workspaceId);
  // Every workspace has its plan row (migration 0012, workspace-setup): none, the workspace is gone.
  if (!current) throw workspaceNotFound(workspaceId);
  return {
    plan: planName(current.plan),
    limit: limitCount(planById(current.plan).limits.products),
  };
}

/**
 * Refuses a write that would leave the workspace with `after` products, more than its plan
 * includes, in the words the plan change uses for seats. A write that adds nothing (`after` no
 * more than `before`) is let through even over the limit: it makes nothing worse.
 */
export async function requireProductRoom(
  db: Kysely<Database>,
  workspaceId: string,
  { before, after }: { before: number; after: number },
): Promise<void> {
  if (after <= before) return;
  const { plan, limit } = await productLimitOf(db, workspaceId);
  if (limit === null || after <= limit) return;
  throw new HttpError(
    400,
    `The ${plan} plan includes ${limit.toLocaleString('en-US')} ${productsWord(limit)}; with ` +
      `this import the workspace would have ${after.toLocaleString('en-US')}. Choose a bigger ` +
      'plan in Billing settings first.',
  );
}
