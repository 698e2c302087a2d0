import { useTranslation } from 'react-i18next';
import styled, { keyframes } from 'styled-components';

const pulse = keyframes`50% { opacity: 0.4; }`;

const Line = styled.p`
  min-height: 1.5em;
  margin: 0;
  font-size: 0.875rem;
  font-style: italic;
  color: ${({ theme }) => theme.colors.textSecondary};
  span {
    animation: ${pulse} 1.2s ease-in-out infinite;
  }
  @media (prefers-reduced-motion: reduce) {
    span {
      animation: none;
    }
  }
`;

/** "Maya Patel is typing…": read out once as it appears (a polite status). */
export function TypingIndicator({ names }: { names: string[] }) {
  const { t } = useTranslation('conversation');
  return (
    <Line role="status">
      {names.length > 0 ? (
        <span>{t('typing', { count: names.length, names: names.join(', ') })}</span>
      ) : null}
    </Line>
  );
}
