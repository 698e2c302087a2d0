import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Button, SegmentedControl } from 'shared-ui';
import { TextField } from 'shared-ui/controls';
import { rangePresets, type RangeChoice, type RangePreset } from '../utils/report-range';

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: end;
  gap: 12px;
`;

/** Today, 7 days, 30 days (ending today in the workspace's zone), or two days of one's own. */
export function RangePicker({
  choice,
  onChange,
}: {
  choice: RangeChoice;
  onChange: (choice: RangeChoice) => void;
}) {
  const { t } = useTranslation('reports');
  const [custom, setCustom] = useState({ from: choice.from, to: choice.to });
  const options = rangePresets.map((value) => ({ value, label: t(`range.${value}`) }));

  const apply = (event: FormEvent) => {
    event.preventDefault();
    onChange({ preset: 'custom', ...custom });
  };

  return (
    <Row>
      <SegmentedControl<RangePreset>
        legend={t('range.legend')}
        name="report-range"
        options={options}
        value={choice.preset}
        onChange={(preset) => onChange({ ...choice, preset })}
      />
      {choice.preset === 'custom' ? (
        <form onSubmit={apply}>
          <Row>
            <TextField
              label={t('range.from')}
              type="date"
              name="from"
              value={custom.from}
              required
              onChange={(event) => setCustom({ ...custom, from: event.target.value })}
            />
            <TextField
              label={t('range.to')}
              type="date"
              name="to"
              value={custom.to}
              required
              onChange={(event) => setCustom({ ...custom, to: event.target.value })}
            />
            <Button type="submit">{t('range.apply')}</Button>
          </Row>
        </form>
      ) : null}
    </Row>
  );
}
