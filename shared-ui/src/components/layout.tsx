import styled from 'styled-components';
import { up } from '../theme/tokens';

export const Container = styled.div<{ $narrow?: boolean }>`
  width: 100%;
  max-width: ${({ $narrow }) => ($narrow ? '760px' : '1200px')};
  margin: 0 auto;
  padding: 0 16px;
  ${up('md')} {
    padding: 0 32px;
  }
`;

export const Stack = styled.div<{ $gap?: number; $direction?: 'row' | 'column' }>`
  display: flex;
  flex-direction: ${({ $direction = 'column' }) => $direction};
  gap: ${({ $gap = 4 }) => `${$gap * 4}px`};
  flex-wrap: ${({ $direction }) => ($direction === 'row' ? 'wrap' : 'nowrap')};
`;

/** Columns that collapse to one on small screens. */
export const Grid = styled.div<{ $columns?: number; $min?: number }>`
  display: grid;
  gap: 24px;
  grid-template-columns: 1fr;
  ${up('md')} {
    grid-template-columns: repeat(auto-fit, minmax(${({ $min = 240 }) => `${$min}px`}, 1fr));
  }
  ${up('lg')} {
    grid-template-columns: ${({ $columns, $min = 240 }) =>
      $columns ? `repeat(${$columns}, 1fr)` : `repeat(auto-fit, minmax(${$min}px, 1fr))`};
  }
`;

export const Card = styled.div`
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.divider};
  border-radius: ${({ theme }) => theme.radii.lg};
  padding: 24px;
`;

export const VisuallyHidden = styled.span`
  position: absolute;
  width: 1px;
  height: 1px;
  padding: 0;
  margin: -1px;
  overflow: hidden;
  clip: rect(0, 0, 0, 0);
  white-space: nowrap;
  border: 0;
`;

/** Secondary text: a count, a hint, an empty state's explanation. */
export const Muted = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textSecondary};
`;
