import type { ReactNode } from 'react';
import styled from 'styled-components';
import { SelectField } from './field';

// Above a list of rows (products, tickets): the fields that choose what it shows, and once rows
// are selected, a bar that says how many and what can be done with them.

/** The list's filter, sort and page-size fields, side by side, wrapping on narrow screens. */
export const ListToolbar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: 16px 24px;
  > :first-child {
    margin-right: auto;
  }
`;

/** How many rows a page shows: one of the list's own sizes, so the address stays valid. */
export function PerPageField<Size extends number>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: Size;
  options: readonly Size[];
  onChange: (size: Size) => void;
}) {
  return (
    <SelectField
      label={label}
      value={String(value)}
      onChange={(event) =>
        onChange(options.find((option) => String(option) === event.target.value) ?? value)
      }
    >
      {options.map((option) => (
        <option key={option} value={option}>
          {option}
        </option>
      ))}
    </SelectField>
  );
}

const Bar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 12px;
  padding: 12px 16px;
  border: 1px solid ${({ theme }) => theme.colors.stroke};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
  > strong {
    margin-right: auto;
  }
`;

/**
 * The selection's bar: its count (read out as it changes), then the actions on the selected
 * rows. `label` names the bar for assistive technology; "region" makes it a landmark a reader
 * can jump to where a page has no other way to reach it quickly.
 */
export function SelectionBar({
  label,
  status,
  role = 'group',
  children,
}: {
  label: string;
  /** "2 products selected". */
  status: string;
  role?: 'group' | 'region';
  children: ReactNode;
}) {
  return (
    <Bar role={role} aria-label={label}>
      <strong aria-live="polite">{status}</strong>
      {children}
    </Bar>
  );
}
