import styled from 'styled-components';

const Bar = styled.progress`
  appearance: none;
  width: 100%;
  height: 10px;
  border: 1px solid ${({ theme }) => theme.colors.stroke};
  border-radius: ${({ theme }) => theme.radii.pill};
  overflow: hidden;
  color: ${({ theme }) => theme.colors.primaryBlue};
  background: ${({ theme }) => theme.colors.lightGrey200};
  &::-webkit-progress-bar {
    background: ${({ theme }) => theme.colors.lightGrey200};
  }
  &::-webkit-progress-value {
    background: ${({ theme }) => theme.colors.primaryBlue};
  }
  &::-moz-progress-bar {
    background: ${({ theme }) => theme.colors.primaryBlue};
  }
`;

/**
 * A native progress bar (read out with its value by screen readers), drawn with the theme's
 * colours in both modes. `value` null: how much is left is not known yet.
 */
export function ProgressBar({
  label,
  value,
  max,
}: {
  label: string;
  value: number | null;
  max: number;
}) {
  return value === null ? (
    <Bar aria-label={label} />
  ) : (
    <Bar aria-label={label} value={Math.min(value, max)} max={max} />
  );
}
