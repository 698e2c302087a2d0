import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Badge, SegmentedControl } from 'shared-ui';
import { billingPeriods, type BillingPeriod } from 'shared-sdk';

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 12px;
`;

/** Monthly or yearly prices: a radio group styled as a two-way switch. */
export function BillingPeriodSwitch({
  value,
  onChange,
}: {
  value: BillingPeriod;
  onChange: (period: BillingPeriod) => void;
}) {
  const { t } = useTranslation('pricing');
  return (
    <Row>
      <SegmentedControl
        legend={t('billing.legend')}
        name="billing-period"
        size="md"
        options={billingPeriods.map((period) => ({ value: period, label: t(`billing.${period}`) }))}
        value={value}
        onChange={onChange}
      />
      <Badge $tone="open">{t('billing.yearlyNote')}</Badge>
    </Row>
  );
}
