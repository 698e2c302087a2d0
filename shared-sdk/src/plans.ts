// The plans of the public pricing page, written once: their prices and what each includes. The
// pricing page, a workspace's billing settings and the API's billing calls all read them here.

import { formatPrice } from './prices';

export const planIds = ['free', 'starter', 'growth', 'enterprise'] as const;
export type PlanId = (typeof planIds)[number];

export const billingPeriods = ['monthly', 'yearly'] as const;
export type BillingPeriod = (typeof billingPeriods)[number];

/**
 * How much of something a plan includes: a number (0: not included), 'unlimited', or 'custom'
 * (agreed with each customer).
 */
export type PlanLimit = number | 'unlimited' | 'custom';

export interface PlanLimits {
  /** Active members of the workspace (team members). */
  seats: PlanLimit;
  /** Conversations the widget opens in a calendar month. */
  conversationsPerMonth: PlanLimit;
  qnaPairs: PlanLimit;
  /** Web pages the bot learns from. */
  webPages: PlanLimit;
  /** Products in the catalogue. */
  products: PlanLimit;
  workspaces: PlanLimit;
}

export interface Plan {
  id: PlanId;
  /** US dollars a month, billed monthly; null: the price is agreed with sales. */
  monthlyPrice: number | null;
  /** Admins choose it in their workspace's billing settings; the others are arranged with sales. */
  selfServe: boolean;
  /** Shown as the most popular on the pricing page. */
  featured: boolean;
  limits: PlanLimits;
}

export const plans: readonly Plan[] = [
  {
    id: 'free',
    monthlyPrice: 0,
    selfServe: true,
    featured: false,
    limits: {
      seats: 1,
      conversationsPerMonth: 100,
      qnaPairs: 50,
      webPages: 25,
      products: 0,
      workspaces: 1,
    },
  },
  {
    id: 'starter',
    monthlyPrice: 30,
    selfServe: true,
    featured: false,
    limits: {
      seats: 3,
      conversationsPerMonth: 1_000,
      qnaPairs: 500,
      webPages: 200,
      products: 500,
      workspaces: 1,
    },
  },
  {
    id: 'growth',
    monthlyPrice: 120,
    selfServe: true,
    featured: true,
    limits: {
      seats: 10,
      conversationsPerMonth: 5_000,
      qnaPairs: 'unlimited',
      webPages: 2_000,
      products: 10_000,
      workspaces: 3,
    },
  },
  {
    id: 'enterprise',
    monthlyPrice: null,
    selfServe: false,
    featured: false,
    limits: {
      seats: 'unlimited',
      conversationsPerMonth: 'custom',
      qnaPairs: 'unlimited',
      webPages: 'custom',
      products: 'unlimited',
      workspaces: 'unlimited',
    },
  },
];

/** The plan a workspace is on until an admin chooses another. */
export const defaultPlanId: PlanId = 'free';
export const defaultBillingPeriod: BillingPeriod = 'monthly';

export function planById(id: PlanId): Plan {
  const plan = plans.find((candidate) => candidate.id === id);
  if (!plan) throw new Error(`Unknown plan: ${id}`);
  return plan;
}

export const isSelfServePlan = (id: string): boolean =>
  plans.some((plan) => plan.id === id && plan.selfServe);

/** Yearly billing charges ten months for twelve ("2 months free"). */
export const yearlyTotal = (monthlyPrice: number) => monthlyPrice * 10;

/** What one billing period costs: a month's price, or the yearly total. */
export const periodPrice = (monthlyPrice: number, period: BillingPeriod) =>
  period === 'monthly' ? monthlyPrice : yearlyTotal(monthlyPrice);

/** The per-month figure shown for a period: yearly spreads the yearly total over 12 months. */
export const perMonthPrice = (monthlyPrice: number, period: BillingPeriod) =>
  period === 'monthly' ? monthlyPrice : yearlyTotal(monthlyPrice) / 12;

/** A plan price as the pricing page and the billing settings show it: "$1,200". */
export const formatPlanPrice = (amount: number) =>
  formatPrice(amount, 'USD', 'en-US', { wholeUnits: true });

/** A limit as a number to measure usage against; null when nothing caps it. */
export const limitCount = (limit: PlanLimit): number | null =>
  typeof limit === 'number' ? limit : null;
