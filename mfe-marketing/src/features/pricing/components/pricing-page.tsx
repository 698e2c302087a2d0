import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { plans, type BillingPeriod, type PlanLimits } from 'shared-sdk';
import { addTranslations, Grid, usePageTitle } from 'shared-ui';
import { DataTable } from 'shared-ui/controls';
import { CtaBanner } from '../../../components/cta-banner';
import { FaqList } from '../../../components/faq-list';
import { PageHero } from '../../../components/page-hero';
import { PageSection } from '../../../components/page-section';
import { BillingPeriodSwitch } from './billing-period-switch';
import en from '../en-US.json';
import { PlanCard } from './plan-card';
import { formatLimit } from '../utils/plan-prices';

addTranslations('pricing', en);

/** The limits the comparison table lists first, in this order; its other rows are features. */
const comparedLimits: readonly (keyof PlanLimits)[] = [
  'conversationsPerMonth',
  'qnaPairs',
  'webPages',
  'products',
  'workspaces',
  'seats',
];

const SwitchRow = styled.div`
  margin-bottom: 32px;
`;

const Note = styled.p`
  margin-top: 32px;
`;

export function PricingPage() {
  const { t } = useTranslation('pricing');
  usePageTitle(t('meta.title'));
  const [period, setPeriod] = useState<BillingPeriod>('monthly');
  const words = t('table.values', { returnObjects: true });
  return (
    <>
      <PageHero eyebrow={t('hero.eyebrow')} title={t('hero.title')} lead={t('hero.lead')} />
      <PageSection title={t('plansTitle')} intro={t('plansIntro')}>
        <SwitchRow>
          <BillingPeriodSwitch value={period} onChange={setPeriod} />
        </SwitchRow>
        <Grid $columns={4} $min={220}>
          {plans.map((plan) => (
            <PlanCard key={plan.id} plan={plan} period={period} />
          ))}
        </Grid>
        <Note>
          <Link to="/contact-us?topic=sales">{t('enterpriseNote')}</Link>
        </Note>
      </PageSection>
      <PageSection title={t('table.title')} tone="surface">
        <DataTable align="top" caption={t('table.caption')}>
          <thead>
            <tr>
              <th scope="col">{t('table.feature')}</th>
              {plans.map((plan) => (
                <th key={plan.id} scope="col">
                  {t(`plans.${plan.id}.name`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {comparedLimits.map((limit) => (
              <tr key={limit}>
                <th scope="row">{t(`table.limits.${limit}`)}</th>
                {plans.map((plan) => (
                  <td key={plan.id}>{formatLimit(plan.limits[limit], words)}</td>
                ))}
              </tr>
            ))}
            {t('table.rows', { returnObjects: true }).map((row) => (
              <tr key={row.label}>
                <th scope="row">{row.label}</th>
                {row.values.map((value, index) => (
                  <td key={plans[index]?.id ?? index}>{value}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </DataTable>
      </PageSection>
      <PageSection title={t('faqTitle')} narrow>
        <FaqList items={t('faq', { returnObjects: true })} />
      </PageSection>
      <CtaBanner />
    </>
  );
}
