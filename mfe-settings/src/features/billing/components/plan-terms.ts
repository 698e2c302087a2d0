import type { TFunction } from 'i18next';
import {
  formatPlanPrice,
  perMonthPrice,
  yearlyTotal,
  type BillingPeriod,
  type Plan,
} from 'shared-sdk';

// How the billing page says a plan's price and the usage month, in one place for its sections.

type BillingT = TFunction<'billing'>;

/** "$30 a month", "$300 a year ($25 a month)", "$0, free forever", or the sales note. */
export function planPriceText(t: BillingT, plan: Plan, period: BillingPeriod): string {
  const monthly = plan.monthlyPrice;
  if (monthly === null) return t('price.custom');
  if (monthly === 0) return t('price.free', { price: formatPlanPrice(0) });
  return period === 'monthly'
    ? t('price.monthly', { price: formatPlanPrice(monthly) })
    : t('price.yearly', {
        price: formatPlanPrice(yearlyTotal(monthly)),
        perMonth: formatPlanPrice(perMonthPrice(monthly, period)),
      });
}

const monthFormat = new Intl.DateTimeFormat('en-US', {
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** "2025-03" (the API's usage month, UTC) as "March 2025". */
export const usageMonthText = (month: string) =>
  monthFormat.format(new Date(`${month}-01T00:00:00Z`));

const count = new Intl.NumberFormat('en-US');
export const formatCount = (value: number) => count.format(value);
