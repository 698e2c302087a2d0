import styled, { css } from 'styled-components';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost';
export type ButtonSize = 'md' | 'lg';

const variants = {
  primary: css`
    background: ${({ theme }) => theme.colors.primaryBlue};
    color: ${({ theme }) => theme.colors.onPrimary};
    border-color: ${({ theme }) => theme.colors.primaryBlue};
  `,
  secondary: css`
    background: transparent;
    color: ${({ theme }) => theme.colors.textPrimary};
    border-color: ${({ theme }) => theme.colors.stroke};
  `,
  ghost: css`
    background: transparent;
    color: ${({ theme }) => theme.colors.primaryBlue};
    border-color: transparent;
  `,
};

/** A button; render it as a link with `as={Link}` or `as="a"`. */
export const Button = styled.button<{ $variant?: ButtonVariant; $size?: ButtonSize }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: 8px;
  min-height: ${({ $size }) => ($size === 'lg' ? '48px' : '40px')};
  padding: 0 ${({ $size }) => ($size === 'lg' ? '24px' : '16px')};
  border: 1px solid;
  border-radius: ${({ theme }) => theme.radii.pill};
  font: inherit;
  font-weight: 600;
  text-decoration: none;
  cursor: pointer;
  transition: filter 120ms ease;
  ${({ $variant = 'primary' }) => variants[$variant]}
  &:hover {
    filter: brightness(1.08);
  }
  &:disabled {
    cursor: not-allowed;
    opacity: 0.6;
  }
`;
