import type { ReactNode } from 'react';
import styled, { keyframes } from 'styled-components';

const spin = keyframes`to { transform: rotate(360deg); }`;

export const Spinner = styled.span.attrs({ 'aria-hidden': true })`
  display: inline-block;
  width: 20px;
  height: 20px;
  border: 3px solid ${({ theme }) => theme.colors.divider};
  border-top-color: ${({ theme }) => theme.colors.primaryBlue};
  border-radius: 50%;
  animation: ${spin} 0.8s linear infinite;
`;

const LoadingBox = styled.div`
  display: flex;
  align-items: center;
  justify-content: center;
  gap: 12px;
  min-height: 160px;
  color: ${({ theme }) => theme.colors.textSecondary};
`;

export function Loading({ label }: { label: string }) {
  return (
    <LoadingBox role="status" aria-live="polite">
      <Spinner />
      <span>{label}</span>
    </LoadingBox>
  );
}

export type AlertTone = 'success' | 'error' | 'warning' | 'info';

const AlertBox = styled.div<{ $tone: AlertTone }>`
  padding: 12px 16px;
  border-radius: ${({ theme }) => theme.radii.md};
  border: 1px solid
    ${({ theme, $tone }) =>
      $tone === 'success'
        ? theme.colors.green
        : $tone === 'error'
          ? theme.colors.red
          : $tone === 'warning'
            ? theme.colors.yellow
            : theme.colors.stroke};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.textPrimary};
`;

export function Alert({ tone, children }: { tone: AlertTone; children: ReactNode }) {
  return (
    <AlertBox $tone={tone} role={tone === 'error' ? 'alert' : 'status'}>
      {children}
    </AlertBox>
  );
}

export const Badge = styled.span<{ $tone?: 'open' | 'closed' | 'neutral' }>`
  display: inline-block;
  padding: 2px 10px;
  border-radius: ${({ theme }) => theme.radii.pill};
  font-size: 0.8125rem;
  font-weight: 600;
  background: ${({ theme, $tone }) =>
    $tone === 'open'
      ? theme.colors.badgeOpen
      : $tone === 'closed'
        ? theme.colors.badgeClosed
        : theme.colors.lightGrey200};
  color: ${({ theme, $tone }) =>
    $tone === 'open'
      ? theme.colors.badgeOpenText
      : $tone === 'closed'
        ? theme.colors.badgeClosedText
        : theme.colors.textPrimary};
`;
