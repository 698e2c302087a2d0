import type { FastifyBaseLogger } from 'fastify';
import type { BillingPeriod, PlanId } from 'shared-sdk';
import type { BillingConfig } from '../../config';
import { randomId } from '../../db/random-id';

export interface PlanChange {
  workspaceId: string;
  plan: PlanId;
  period: BillingPeriod;
}

/**
 * Where a workspace's plan is charged. It is called inside the change's transaction, after the
 * plan row is written and before the history row: when it throws, nothing of the change stays.
 */
export interface BillingProvider {
  /** Stored with each history row, next to the reference. */
  readonly name: string;
  /** Carries the change out; answers the provider's own reference for it. */
  changePlan(change: PlanChange): Promise<{ reference: string }>;
}

/**
 * No payment service is reachable from here: the change is recorded in Parley's own history
 * (and the log) and nothing is charged. Its references say so ("local_…").
 */
export class LocalBillingProvider implements BillingProvider {
  readonly name = 'local';

  constructor(private readonly log: FastifyBaseLogger) {}

  async changePlan(change: PlanChange): Promise<{ reference: string }> {
    const reference = `local_${randomId()}`;
    this.log.info({ ...change, reference }, 'plan changed (local billing: nothing charged)');
    return { reference };
  }
}

/** The provider BILLING_PROVIDER names. */
export function createBillingProvider(
  config: BillingConfig,
  log: FastifyBaseLogger,
): BillingProvider {
  switch (config.provider) {
    case 'local':
      return new LocalBillingProvider(log);
  }
}
