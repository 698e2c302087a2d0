import { useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import styled from 'styled-components';
import { DataTable } from './data-table';

// A list whose rows are chosen for a bulk action (products, tickets): a checkbox a row, one in
// the header for the whole page (half-checked while some are), and every row a keyboard stop.

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

export interface SelectableTableProps<Row> {
  caption: string;
  /** Below this width the table scrolls inside its region. */
  minWidth?: number;
  rows: readonly Row[];
  rowId: (row: Row) => string;
  /** The column headers after the checkbox's column. */
  columns: ReactNode;
  /** A row's cells after its checkbox, its `th scope="row"` first. */
  cells: (row: Row) => ReactNode;
  selectPageLabel: string;
  selectRowLabel: (row: Row) => string;
  isSelected: (id: string) => boolean;
  onToggle: (id: string) => void;
  onTogglePage: (selected: boolean) => void;
  /** Enter on a row: its page or its form. */
  onOpen: (row: Row) => void;
}

/**
 * One page of a list whose rows are selected. Each row is a keyboard stop: Space selects it,
 * Enter opens it, the arrow keys move to the row above or below.
 */
export function SelectableTable<Row>({
  caption,
  minWidth,
  rows,
  rowId,
  columns,
  cells,
  selectPageLabel,
  selectRowLabel,
  isSelected,
  onToggle,
  onTogglePage,
  onOpen,
}: SelectableTableProps<Row>) {
  const pageCheckbox = useRef<HTMLInputElement>(null);
  const selectedOnPage = rows.filter((row) => isSelected(rowId(row))).length;
  const allOnPage = rows.length > 0 && selectedOnPage === rows.length;

  // "Indeterminate" is a property only, not an attribute React can set.
  useEffect(() => {
    if (pageCheckbox.current) {
      pageCheckbox.current.indeterminate = selectedOnPage > 0 && !allOnPage;
    }
  }, [selectedOnPage, allOnPage]);

  return (
    <DataTable caption={caption} minWidth={minWidth}>
      <thead>
        <tr>
          <td>
            <RowCheckbox
              ref={pageCheckbox}
              aria-label={selectPageLabel}
              checked={allOnPage}
              onChange={(event) => onTogglePage(event.target.checked)}
            />
          </td>
          {columns}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => {
          const id = rowId(row);
          const selected = isSelected(id);
          return (
            <SelectableRow
              key={id}
              tabIndex={0}
              $selected={selected}
              onKeyDown={selectableRowKeys({
                onToggle: () => onToggle(id),
                onOpen: () => onOpen(row),
              })}
            >
              <td>
                <RowCheckbox
                  aria-label={selectRowLabel(row)}
                  checked={selected}
                  onChange={() => onToggle(id)}
                />
              </td>
              {cells(row)}
            </SelectableRow>
          );
        })}
      </tbody>
    </DataTable>
  );
}
