import styled from 'styled-components';
import { VisuallyHidden } from './layout';

const Group = styled.fieldset`
  display: inline-flex;
  flex-wrap: wrap;
  gap: 2px;
  margin: 0;
  padding: 2px;
  border: 1px solid ${({ theme }) => theme.colors.stroke};
  border-radius: ${({ theme }) => theme.radii.pill};
`;

const Option = styled.label<{ $active: boolean; $size: 'sm' | 'md' }>`
  position: relative;
  display: inline-flex;
  align-items: center;
  min-height: ${({ $size }) => ($size === 'md' ? '40px' : '32px')};
  padding: 0 ${({ $size }) => ($size === 'md' ? '16px' : '12px')};
  border-radius: ${({ theme }) => theme.radii.pill};
  font-size: ${({ $size }) => ($size === 'md' ? '1rem' : '0.875rem')};
  font-weight: ${({ $size }) => ($size === 'md' ? 600 : 400)};
  cursor: pointer;
  color: ${({ theme, $active }) => ($active ? theme.colors.onPrimary : theme.colors.textPrimary)};
  background: ${({ theme, $active }) => ($active ? theme.colors.primaryBlue : 'transparent')};
  input {
    position: absolute;
    opacity: 0;
    pointer-events: none;
  }
  &:focus-within {
    outline: 3px solid ${({ theme }) => theme.colors.focusRing};
    outline-offset: 2px;
  }
`;

export interface SegmentedOption<T extends string> {
  value: T;
  label: string;
}

/** A radio group shown as a row of pill buttons; arrow keys move between options. */
export function SegmentedControl<T extends string>({
  legend,
  name,
  options,
  value,
  onChange,
  size = 'sm',
}: {
  legend: string;
  name: string;
  options: readonly SegmentedOption<T>[];
  value: T;
  onChange: (value: T) => void;
  size?: 'sm' | 'md';
}) {
  return (
    <Group>
      <VisuallyHidden as="legend">{legend}</VisuallyHidden>
      {options.map((option) => (
        <Option key={option.value} $active={value === option.value} $size={size}>
          <input
            type="radio"
            name={name}
            value={option.value}
            checked={value === option.value}
            onChange={() => onChange(option.value)}
          />
          {option.label}
        </Option>
      ))}
    </Group>
  );
}
