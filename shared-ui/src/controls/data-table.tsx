import { useId, type KeyboardEvent, type ReactNode } from 'react';
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

/** A row of a table whose rows are selected and opened from the keyboard (see selectableRowKeys). */
export const SelectableRow = styled.tr<{ $selected: boolean }>`
  background: ${({ theme, $selected }) => ($selected ? theme.colors.surface : 'transparent')};
  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.focusRing};
    outline-offset: -3px;
  }
  th {
    overflow-wrap: anywhere;
  }
`;

export const RowCheckbox = styled.input.attrs({ type: 'checkbox' })`
  width: 18px;
  height: 18px;
  margin: 0;
  cursor: pointer;
`;

/**
 * The keys of a SelectableRow that is a keyboard stop (tabIndex 0): Space selects it, Enter opens
 * it, the arrow keys move to the row above or below. Keys typed in the row's own checkbox, links
 * or buttons keep their meaning.
 */
export function selectableRowKeys({
  onToggle,
  onOpen,
}: {
  onToggle: () => void;
  onOpen: () => void;
}) {
  return (event: KeyboardEvent<HTMLTableRowElement>) => {
    if (event.target !== event.currentTarget) return;
    if (event.key === ' ') {
      event.preventDefault();
      onToggle();
    } else if (event.key === 'Enter') {
      event.preventDefault();
      onOpen();
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      const sibling =
        event.key === 'ArrowDown'
          ? event.currentTarget.nextElementSibling
          : event.currentTarget.previousElementSibling;
      if (sibling instanceof HTMLElement) {
        event.preventDefault();
        sibling.focus();
      }
    }
  };
}
