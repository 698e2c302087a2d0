import { useTranslation } from 'react-i18next';
import styled from 'styled-components';

const Figure = styled.div`
  display: none;
  @media (min-width: 640px) {
    display: block;
  }
  svg {
    display: block;
    width: 100%;
    max-width: 440px;
    height: auto;
    margin: 0 auto;
  }
  .window {
    fill: ${({ theme }) => theme.colors.background};
    stroke: ${({ theme }) => theme.colors.stroke};
  }
  .bar {
    fill: ${({ theme }) => theme.colors.primaryBlue};
  }
  .customer {
    fill: ${({ theme }) => theme.colors.lightGrey200};
  }
  .bot {
    fill: ${({ theme }) => theme.colors.primaryBlue};
  }
  .pill {
    fill: ${({ theme }) => theme.colors.badgeOpen};
  }
  .text {
    font: 600 13px ${({ theme }) => theme.fonts.body};
    fill: ${({ theme }) => theme.colors.textPrimary};
  }
  .on-primary {
    fill: ${({ theme }) => theme.colors.onPrimary};
  }
  .pill-text {
    font: 600 12px ${({ theme }) => theme.fonts.body};
    fill: ${({ theme }) => theme.colors.badgeOpenText};
  }
`;

/** A decorative chat window: a customer's question, the bot's answer and an agent joining. */
export function ChatIllustration() {
  const { t } = useTranslation('home');
  return (
    <Figure>
      <svg viewBox="0 0 360 280" aria-hidden="true" focusable="false">
        <rect className="window" x="1" y="1" width="358" height="278" rx="18" strokeWidth="2" />
        <path className="bar" d="M1 19a18 18 0 0 1 18-18h322a18 18 0 0 1 18 18v29H1z" />
        <circle className="on-primary" cx="30" cy="25" r="10" />
        <rect className="on-primary" x="50" y="19" width="90" height="12" rx="6" />
        <rect className="customer" x="120" y="70" width="220" height="40" rx="14" />
        <text className="text" x="136" y="95">
          {t('art.customer')}
        </text>
        <rect className="bot" x="20" y="126" width="300" height="62" rx="14" />
        <text className="text on-primary" x="36" y="152">
          {t('art.botLine1')}
        </text>
        <text className="text on-primary" x="36" y="172">
          {t('art.botLine2')}
        </text>
        <rect className="pill" x="90" y="212" width="180" height="30" rx="15" />
        <text className="pill-text" x="180" y="232" textAnchor="middle">
          {t('art.handover')}
        </text>
      </svg>
    </Figure>
  );
}
