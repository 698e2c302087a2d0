import type { ReactNode } from 'react';
import styled, { css } from 'styled-components';
import { up } from 'shared-ui';

/**
 * - columns: terms beside their values from small screens up, stacked on phones (a record's
 *   details);
 * - compact: always side by side, tight (a message's form);
 * - stacked: each term a small label above its value (a narrow side panel).
 */
export type FieldListLayout = 'columns' | 'compact' | 'stacked';

const layouts = {
  columns: css`
    gap: 12px 24px;
    ${up('sm')} {
      grid-template-columns: max-content minmax(0, 1fr);
    }
    dd {
      margin: 0 0 8px;
      ${up('sm')} {
        margin: 0;
      }
    }
  `,
  compact: css`
    grid-template-columns: max-content minmax(0, 1fr);
    gap: 2px 12px;
  `,
  stacked: css`
    gap: 4px;
    dt {
      font-size: 0.8125rem;
      color: ${({ theme }) => theme.colors.textSecondary};
    }
    dd {
      margin: 0 0 8px;
    }
  `,
};

const List = styled.dl<{ $layout: FieldListLayout }>`
  display: grid;
  margin: 0;
  /* One div per term and its value (valid in a dl); the grid lays out their children. */
  > div {
    display: contents;
  }
  dt {
    font-weight: 600;
  }
  dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
  ${({ $layout }) => layouts[$layout]}
`;

export interface FieldListProps {
  /** Each term and its value, in order. */
  items: readonly (readonly [term: string, value: ReactNode])[];
  layout?: FieldListLayout;
  'aria-label'?: string;
}

/** Terms and their values: a record's details, or the fields of a form someone sent. */
export function FieldList({ items, layout = 'columns', 'aria-label': label }: FieldListProps) {
  return (
    <List $layout={layout} aria-label={label}>
      {items.map(([term, value], index) => (
        <div key={`${index}-${term}`}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </List>
  );
}
