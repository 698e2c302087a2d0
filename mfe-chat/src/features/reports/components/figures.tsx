import styled from 'styled-components';
import { useTranslation } from 'react-i18next';

const List = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(180px, 1fr));
  gap: 12px;
  margin: 0;
`;

const Item = styled.div`
  display: grid;
  gap: 4px;
  padding: 12px 14px;
  border: 1px solid ${({ theme }) => theme.colors.divider};
  border-radius: ${({ theme }) => theme.radii.md};
  dt {
    font-size: 0.875rem;
    color: ${({ theme }) => theme.colors.textSecondary};
  }
  dd {
    margin: 0;
  }
  .value {
    font-size: 1.5rem;
    font-weight: 700;
  }
  .previous {
    font-size: 0.875rem;
    color: ${({ theme }) => theme.colors.textSecondary};
  }
`;

export interface FigureItem {
  label: string;
  value: string;
  previous: string;
}

/** Figures of the period, each beside the same figure of the period before. */
export function Figures({ items }: { items: FigureItem[] }) {
  const { t } = useTranslation('reports');
  return (
    <List>
      {items.map((item) => (
        <Item key={item.label}>
          <dt>{item.label}</dt>
          <dd className="value">{item.value}</dd>
          <dd className="previous">{t('comparison.previous', { value: item.previous })}</dd>
        </Item>
      ))}
    </List>
  );
}
