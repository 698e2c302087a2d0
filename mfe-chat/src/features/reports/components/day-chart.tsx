import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Button } from 'shared-ui';
import { LineChart, type DaySeries } from './line-chart';

const Frame = styled.div`
  display: grid;
  gap: 12px;
  min-width: 0;
`;

const Toolbar = styled.div`
  display: flex;
  justify-content: flex-end;
`;

/**
 * A chart of figures per day with "View as table": the same numbers as a table, which is also
 * how keyboards reach a day's conversations.
 */
export function DayChart({
  title,
  days,
  series,
  table,
  onDay,
}: {
  title: string;
  days: string[];
  series: DaySeries[];
  table: ReactNode;
  onDay?: (day: string) => void;
}) {
  const { t } = useTranslation('reports');
  const [asTable, setAsTable] = useState(false);
  return (
    <Frame>
      <Toolbar>
        <Button
          type="button"
          $variant="secondary"
          aria-pressed={asTable}
          onClick={() => setAsTable((shown) => !shown)}
        >
          {t('chart.viewTable')}
        </Button>
      </Toolbar>
      {asTable ? table : <LineChart title={title} days={days} series={series} onDay={onDay} />}
    </Frame>
  );
}
