import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { addTranslations, DataTable, Grid, usePageTitle } from 'shared-ui';
import { CtaBanner } from '../../../components/cta-banner';
import { FaqList } from '../../../components/faq-list';
import { PageHero } from '../../../components/page-hero';
import { PageSection } from '../../../components/page-section';
import { BillingPeriodSwitch } from './billing-period-switch';
import en from '../en-US.json';
import { PlanCard } from './plan-card';
import { planPrices, type BillingPeriod } from '../utils/plan-prices';

addTranslations('pricing', en);

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
  return (
    <>
      <PageHero eyebrow={t('hero.eyebrow')} title={t('hero.title')} lead={t('hero.lead')} />
      <PageSection title={t('plansTitle')} intro={t('plansIntro')}>
        <SwitchRow>
          <BillingPeriodSwitch value={period} onChange={setPeriod} />
        </SwitchRow>
        <Grid $columns={4} $min={220}>
          {planPrices.map((plan) => (
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
              {planPrices.map((plan) => (
                <th key={plan.id} scope="col">
                  {t(`plans.${plan.id}.name`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {t('table.rows', { returnObjects: true }).map((row) => (
              <tr key={row.label}>
                <th scope="row">{row.label}</th>
                {row.values.map((value, index) => (
                  <td key={planPrices[index]?.id ?? index}>{value}</td>
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
