import { useId, type ReactNode } from 'react';
import styled from 'styled-components';

const Region = styled.div`
  overflow-x: auto;
  border: 1px solid ${({ theme }) => theme.colors.divider};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.background};
  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.focusRing};
  }
`;

const Table = styled.table<{ $minWidth: number; $align: 'top' | 'middle' }>`
  width: 100%;
  min-width: ${({ $minWidth }) => `${$minWidth}px`};
  border-collapse: collapse;
  font-size: 0.9375rem;
  caption {
    padding: 16px;
    text-align: left;
    font-weight: 700;
    color: ${({ theme }) => theme.colors.textPrimary};
  }
  th,
  td {
    padding: 12px 16px;
    text-align: left;
    vertical-align: ${({ $align }) => $align};
    border-top: 1px solid ${({ theme }) => theme.colors.divider};
  }
  thead th {
    font-size: 0.875rem;
    color: ${({ theme }) => theme.colors.textSecondary};
    background: ${({ theme }) => theme.colors.surface};
  }
  tbody th {
    font-weight: 600;
  }
`;

/**
 * A table with a caption, inside a region that scrolls sideways on narrow screens so the page
 * itself never does. The region is focusable so keyboard users can scroll it.
 */
export function DataTable({
  caption,
  children,
  minWidth = 560,
  align = 'middle',
}: {
  caption: string;
  children: ReactNode;
  /** Below this width the table scrolls inside its region. */
  minWidth?: number;
  /** Vertical alignment of cells: 'top' suits rows of prose. */
  align?: 'top' | 'middle';
}) {
  const captionId = useId();
  return (
    <Region role="region" aria-labelledby={captionId} tabIndex={0}>
      <Table $minWidth={minWidth} $align={align}>
        <caption id={captionId}>{caption}</caption>
        {children}
      </Table>
    </Region>
  );
}
