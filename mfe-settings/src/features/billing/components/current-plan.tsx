import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { planById, type Billing } from 'shared-sdk';
import { Muted } from 'shared-ui';
import { FormattedDate } from 'shared-ui/controls';
import { SectionCard } from '../../../components/settings-page';
import { planPriceText } from './plan-terms';
import { UsageMeter } from './usage-meter';

const Details = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(160px, 1fr));
  gap: 16px;
  margin: 0;
  div {
    display: grid;
    gap: 4px;
  }
  dt {
    font-size: 0.875rem;
    color: ${({ theme }) => theme.colors.textSecondary};
  }
  dd {
    margin: 0;
    font-weight: 600;
  }
`;

const Meters = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
`;

/** The plan the workspace is on, what it costs, since when, and its seats. */
export function CurrentPlan({ billing }: { billing: Billing }) {
  const { t } = useTranslation('billing');
  const titleId = useId();
  const plan = planById(billing.plan);
  return (
    <SectionCard as="section" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('current.title')}</h2>
      <Details>
        <div>
          <dt>{t('current.plan')}</dt>
          <dd>{t(`plans.${billing.plan}`)}</dd>
        </div>
        <div>
          <dt>{t('current.price')}</dt>
          <dd>{planPriceText(t, plan, billing.period)}</dd>
        </div>
        <div>
          <dt>{t('current.period')}</dt>
          <dd>{t(`periods.${billing.period}`)}</dd>
        </div>
        <div>
          <dt>{t('current.since')}</dt>
          <dd>
            <FormattedDate timestamp={billing.since} />
          </dd>
        </div>
      </Details>
      <Meters>
        <UsageMeter
          label={t('current.seats')}
          used={billing.seats.used}
          limit={billing.seats.included}
        >
          <Muted>{t('current.seatsHint')}</Muted>
        </UsageMeter>
      </Meters>
    </SectionCard>
  );
}
