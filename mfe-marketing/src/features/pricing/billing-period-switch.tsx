import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Badge, VisuallyHidden } from 'shared-ui';
import type { BillingPeriod } from './plan-prices';

const periods: readonly BillingPeriod[] = ['monthly', 'yearly'];

const Group = styled.fieldset`
  display: inline-flex;
  flex-wrap: wrap;
  gap: 4px;
  margin: 0;
  padding: 4px;
  border: 1px solid ${({ theme }) => theme.colors.stroke};
  border-radius: ${({ theme }) => theme.radii.pill};
`;

const Option = styled.label<{ $active: boolean }>`
  position: relative;
  display: inline-flex;
  align-items: center;
  gap: 8px;
  min-height: 40px;
  padding: 0 16px;
  border-radius: ${({ theme }) => theme.radii.pill};
  font-weight: 600;
  cursor: pointer;
  color: ${({ theme, $active }) => ($active ? theme.colors.onPrimary : theme.colors.textPrimary)};
  background: ${({ theme, $active }) => ($active ? theme.colors.primaryBlue : 'transparent')};
  input {
    position: absolute;
    opacity: 0;
    pointer-events: none;
  }
  &:focus-within {
    outline: 3px solid ${({ theme }) => theme.colors.focusRing};
    outline-offset: 2px;
  }
`;

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
      <Group>
        <VisuallyHidden as="legend">{t('billing.legend')}</VisuallyHidden>
        {periods.map((period) => (
          <Option key={period} $active={value === period}>
            <input
              type="radio"
              name="billing-period"
              value={period}
              checked={value === period}
              onChange={() => onChange(period)}
            />
            {t(`billing.${period}`)}
          </Option>
        ))}
      </Group>
      <Badge $tone="open">{t('billing.yearlyNote')}</Badge>
    </Row>
  );
}
