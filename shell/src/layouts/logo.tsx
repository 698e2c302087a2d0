import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';

const LogoLink = styled(Link)`
  display: inline-flex;
  align-items: center;
  gap: 8px;
  font-weight: 800;
  font-size: 1.25rem;
  color: ${({ theme }) => theme.colors.textPrimary};
  text-decoration: none;
`;

export function Logo() {
  const { t } = useTranslation('shell');
  return (
    <LogoLink to="/" aria-label={t('nav.home')}>
      <svg width="28" height="28" viewBox="0 0 28 28" aria-hidden="true">
        <rect x="1" y="1" width="26" height="20" rx="7" fill="#50FFDC" />
        <path d="M7 21 L5 27 L13 21 Z" fill="#50FFDC" />
        <circle cx="9" cy="11" r="2.2" fill="#0B1A33" />
        <circle cx="14" cy="11" r="2.2" fill="#0B1A33" />
        <circle cx="19" cy="11" r="2.2" fill="#0B1A33" />
      </svg>
      <span>Parley</span>
    </LogoLink>
  );
}
