import type { Plan, PlanLimit } from 'shared-sdk';

// The plans' prices and limits are shared-sdk's (plans.ts); this is how the public site shows them.

/** Self-serve plans start at sign-up; the others are arranged with sales. */
export const planLink = (plan: Plan) => (plan.selfServe ? '/signup' : '/contact-us?topic=sales');

const count = new Intl.NumberFormat('en-US');

/** A limit as the plan cards and the table say it: "1,000", "Unlimited", "Custom". */
export const formatLimit = (
  limit: PlanLimit,
  words: { unlimited: string; custom: string; notIncluded: string },
) =>
  limit === 'unlimited'
    ? words.unlimited
    : limit === 'custom'
      ? words.custom
      : limit === 0
        ? words.notIncluded
        : count.format(limit);
