import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { Badge, Button } from 'shared-ui';
import { CheckList } from '../../../components/check-list';
import {
  formatUsd,
  perMonthPrice,
  yearlyTotal,
  type BillingPeriod,
  type PlanPrice,
} from '../utils/plan-prices';

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

export function PlanCard({ plan, period }: { plan: PlanPrice; period: BillingPeriod }) {
  const { t } = useTranslation('pricing');
  const headingId = useId();
  const { monthly } = plan;
  let amount: string;
  let note: string;
  if (monthly === null) {
    amount = t('price.custom');
    note = t('price.customNote');
  } else if (monthly === 0) {
    amount = formatUsd(0);
    note = `${t('price.perMonth')}, ${t('price.free')}`;
  } else {
    amount = formatUsd(perMonthPrice(monthly, period));
    note = `${t('price.perMonth')}, ${
      period === 'monthly'
        ? t('price.billedMonthly')
        : t('price.billedYearly', { total: formatUsd(yearlyTotal(monthly)) })
    }`;
  }
  return (
    <Card $featured={Boolean(plan.featured)} aria-labelledby={headingId}>
      <h3 id={headingId}>
        {t(`plans.${plan.id}.name`)}
        {plan.featured ? <Badge $tone="open">{t('mostPopular')}</Badge> : null}
      </h3>
      <p>{t(`plans.${plan.id}.description`)}</p>
      <Price>
        <strong>{amount}</strong>
        <span>{note}</span>
      </Price>
      <Button as={Link} to={plan.to} $variant={plan.featured ? 'primary' : 'secondary'}>
        {t(`plans.${plan.id}.cta`)}
      </Button>
      <CheckList items={t(`plans.${plan.id}.features`, { returnObjects: true })} />
    </Card>
  );
}
