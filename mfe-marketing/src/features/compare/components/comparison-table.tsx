import { DataTable } from 'shared-ui/controls';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { siteNamespace } from '../../../i18n/site-translations';

const columns = ['parley', 'liveChat', 'helpdesk'] as const;
type Level = 'yes' | 'partial' | 'no';
// A row whose cells are descriptions (set-up time, pricing model) rather than yes/partly/no.
const noteLevel = 'note';

const Mark = styled.span<{ $level: Level }>`
  display: inline-flex;
  align-items: center;
  gap: 6px;
  font-weight: 600;
  color: ${({ theme, $level }) =>
    $level === 'yes'
      ? theme.colors.green
      : $level === 'partial'
        ? theme.colors.yellow
        : theme.colors.textSecondary};
  svg {
    width: 16px;
    height: 16px;
  }
`;

const Detail = styled.span<{ $note?: boolean }>`
  display: block;
  color: ${({ theme, $note }) => ($note ? theme.colors.textPrimary : theme.colors.textSecondary)};
`;

const iconPaths: Record<Level, string> = {
  yes: 'M3 8.5l3 3L13 4.5',
  partial: 'M3 8h10',
  no: 'M4 4l8 8M12 4l-8 8',
};

const asLevel = (value: string | undefined): Level =>
  value === 'yes' || value === 'partial' ? value : 'no';

/** Parley against two categories of tools: every cell has a level in words plus a detail. */
export function ComparisonTable() {
  const { t } = useTranslation('compare');
  const { t: tSite } = useTranslation(siteNamespace);
  return (
    <DataTable align="top" caption={t('table.caption')}>
      <thead>
        <tr>
          <th scope="col">{t('table.capability')}</th>
          {columns.map((column) => (
            <th key={column} scope="col">
              {t(`table.columns.${column}`)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {t('table.rows', { returnObjects: true }).map((row) => (
          <tr key={row.label}>
            <th scope="row">{row.label}</th>
            {columns.map((column) => {
              const [value, detail] = row[column];
              if (value === noteLevel) {
                return (
                  <td key={column}>
                    <Detail $note>{detail}</Detail>
                  </td>
                );
              }
              const level = asLevel(value);
              return (
                <td key={column}>
                  <Mark $level={level}>
                    <svg viewBox="0 0 16 16" aria-hidden="true" focusable="false">
                      <path
                        d={iconPaths[level]}
                        fill="none"
                        stroke="currentColor"
                        strokeWidth="2"
                      />
                    </svg>
                    {tSite(`compare.${level}`)}
                  </Mark>
                  <Detail>{detail}</Detail>
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </DataTable>
  );
}
