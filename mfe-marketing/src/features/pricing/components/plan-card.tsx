import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import {
  formatPlanPrice,
  perMonthPrice,
  yearlyTotal,
  type BillingPeriod,
  type Plan,
} from 'shared-sdk';
import { Badge, Button } from 'shared-ui';
import { CheckList } from '../../../components/check-list';
import { formatLimit, planLink } from '../utils/plan-prices';

const Card = styled.article<{ $featured: boolean }>`
  display: flex;
  flex-direction: column;
  gap: 16px;
  padding: 24px;
  border: ${({ $featured }) => ($featured ? '2px' : '1px')} solid
    ${({ theme, $featured }) => ($featured ? theme.colors.primaryBlue : theme.colors.divider)};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.surface};
  h3 {
    display: flex;
    flex-wrap: wrap;
    gap: 8px;
    align-items: center;
    margin: 0;
    font-size: 1.375rem;
  }
  p {
    margin: 0;
    color: ${({ theme }) => theme.colors.textSecondary};
  }
`;

const Price = styled.p`
  display: flex;
  flex-wrap: wrap;
  align-items: baseline;
  gap: 0 8px;
  strong {
    font-size: 2.5rem;
    line-height: 1.1;
    color: ${({ theme }) => theme.colors.textPrimary};
  }
  span {
    font-size: 0.9375rem;
  }
`;

export function PlanCard({ plan, period }: { plan: Plan; period: BillingPeriod }) {
  const { t } = useTranslation('pricing');
  const headingId = useId();
  const { monthlyPrice: monthly } = plan;
  const words = t('table.values', { returnObjects: true });
  // The features name the plan's limits: "{{conversationsPerMonth}} bot conversations a month".
  const limits = Object.fromEntries(
    Object.entries(plan.limits).map(([name, limit]) => [name, formatLimit(limit, words)]),
  );
  let amount: string;
  let note: string;
  if (monthly === null) {
    amount = t('price.custom');
    note = t('price.customNote');
  } else if (monthly === 0) {
    amount = formatPlanPrice(0);
    note = `${t('price.perMonth')}, ${t('price.free')}`;
  } else {
    amount = formatPlanPrice(perMonthPrice(monthly, period));
    note = `${t('price.perMonth')}, ${
      period === 'monthly'
        ? t('price.billedMonthly')
        : t('price.billedYearly', { total: formatPlanPrice(yearlyTotal(monthly)) })
    }`;
  }
  return (
    <Card $featured={plan.featured} aria-labelledby={headingId}>
      <h3 id={headingId}>
        {t(`plans.${plan.id}.name`)}
        {plan.featured ? <Badge $tone="open">{t('mostPopular')}</Badge> : null}
      </h3>
      <p>{t(`plans.${plan.id}.description`)}</p>
      <Price>
        <strong>{amount}</strong>
        <span>{note}</span>
      </Price>
      <Button as={Link} to={planLink(plan)} $variant={plan.featured ? 'primary' : 'secondary'}>
        {t(`plans.${plan.id}.cta`)}
      </Button>
      <CheckList items={t(`plans.${plan.id}.features`, { returnObjects: true, ...limits })} />
    </Card>
  );
}
