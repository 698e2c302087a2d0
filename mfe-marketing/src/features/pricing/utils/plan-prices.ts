// Prices in US dollars. Yearly billing charges ten months for twelve ("2 months free").
export type PlanId = 'free' | 'starter' | 'growth' | 'enterprise';
export type BillingPeriod = 'monthly' | 'yearly';

export interface PlanPrice {
  id: PlanId;
  /** Per month when billed monthly; null when the price is agreed per customer. */
  monthly: number | null;
  featured?: boolean;
  /** Where the plan's button leads. */
  to: string;
}

export const planPrices: readonly PlanPrice[] = [
  { id: 'free', monthly: 0, to: '/signup' },
  { id: 'starter', monthly: 30, to: '/signup' },
  { id: 'growth', monthly: 120, featured: true, to: '/signup' },
  { id: 'enterprise', monthly: null, to: '/contact-us?topic=sales' },
];

export const yearlyTotal = (monthly: number) => monthly * 10;

/** The per-month figure shown for a period: yearly spreads the yearly total over 12 months. */
export const perMonthPrice = (monthly: number, period: BillingPeriod) =>
  period === 'monthly' ? monthly : yearlyTotal(monthly) / 12;

const usd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 0,
});

export const formatUsd = (amount: number) => usd.format(amount);
