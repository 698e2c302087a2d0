import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { DataTable } from 'shared-ui/controls';

type Weekday = 1 | 2 | 3 | 4 | 5 | 6 | 7;

const Cell = styled.button<{ $share: number }>`
  min-width: 28px;
  min-height: 28px;
  padding: 2px;
  font: inherit;
  font-size: 0.75rem;
  color: ${({ theme, $share }) => ($share > 0.5 ? theme.colors.onPrimary : theme.colors.textPrimary)};
  background: ${({ theme, $share }) =>
    $share > 0.5
      ? theme.colors.primaryBlue
      : $share > 0
        ? theme.colors.lightGrey300
        : 'transparent'};
  border: 1px solid ${({ theme }) => theme.colors.divider};
  border-radius: 4px;
  cursor: pointer;
  &:disabled {
    cursor: default;
  }
  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.focusRing};
  }
`;

const Table = styled.div`
  th,
  td {
    padding: 2px;
    text-align: center;
  }
`;

/**
 * New conversations by weekday and local hour: a table (it reads as one), each count a button
 * that lists its conversations. The shade shows the busy hours; the number says it.
 */
export function HeatMap({
  heatMap,
  onCell,
}: {
  heatMap: number[][];
  onCell: (weekday: number, hour: number) => void;
}) {
  const { t } = useTranslation('reports');
  const busiest = Math.max(1, ...heatMap.flat());
  const hours = Array.from({ length: 24 }, (_, hour) => hour);
  return (
    <Table>
      <DataTable caption={t('heatMap.caption')} minWidth={900}>
        <thead>
          <tr>
            <td />
            {hours.map((hour) => (
              <th key={hour} scope="col">
                {hour}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {heatMap.map((counts, index) => {
            const weekday = t(`heatMap.weekdays.${(index + 1) as Weekday}`);
            return (
              <tr key={weekday}>
                <th scope="row">{weekday}</th>
                {counts.map((count, hour) => (
                  <td key={hour}>
                    <Cell
                      type="button"
                      $share={count / busiest}
                      disabled={count === 0}
                      aria-label={t('heatMap.cell', { count, weekday, hour })}
                      onClick={() => onCell(index + 1, hour)}
                    >
                      {count}
                    </Cell>
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </DataTable>
    </Table>
  );
}
