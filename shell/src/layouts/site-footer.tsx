import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Container, up } from 'shared-ui';

const columns = [
  {
    key: 'product',
    links: [
      ['/product', 'product'],
      ['/benefits', 'benefits'],
      ['/integrations', 'integrations'],
      ['/pricing', 'pricing'],
      ['/compare', 'compare'],
    ],
  },
  {
    key: 'solutions',
    links: [
      ['/solutions', 'solutions'],
      ['/customer-service', 'customerService'],
      ['/customer-support', 'customerSupport'],
      ['/sales', 'sales'],
      ['/marketing', 'marketing'],
    ],
  },
  {
    key: 'company',
    links: [
      ['/about-us', 'aboutUs'],
      ['/customers', 'customers'],
      ['/contact-us', 'contactUs'],
      ['/get-a-demo', 'getADemo'],
    ],
  },
  {
    key: 'resources',
    links: [
      ['/resources', 'resources'],
      ['/help-center', 'helpCenter'],
    ],
  },
] as const;

const Footer = styled.footer`
  margin-top: 64px;
  padding: 48px 0 32px;
  background: ${({ theme }) => theme.colors.surface};
  border-top: 1px solid ${({ theme }) => theme.colors.divider};
`;

const Columns = styled.div`
  display: grid;
  gap: 32px;
  grid-template-columns: repeat(2, 1fr);
  ${up('md')} {
    grid-template-columns: 2fr repeat(4, 1fr);
  }
  h2 {
    font-size: 0.875rem;
    text-transform: uppercase;
    letter-spacing: 0.06em;
    color: ${({ theme }) => theme.colors.textSecondary};
  }
  ul {
    list-style: none;
    margin: 0;
    padding: 0;
    display: flex;
    flex-direction: column;
    gap: 8px;
  }
  a {
    color: ${({ theme }) => theme.colors.textPrimary};
    text-decoration: none;
  }
  a:hover {
    text-decoration: underline;
  }
`;

const Tagline = styled.p`
  grid-column: 1 / -1;
  color: ${({ theme }) => theme.colors.textSecondary};
  ${up('md')} {
    grid-column: auto;
  }
`;

const Legal = styled.p`
  margin: 32px 0 0;
  font-size: 0.875rem;
  color: ${({ theme }) => theme.colors.textSecondary};
`;

export function SiteFooter() {
  const { t } = useTranslation('shell');
  return (
    <Footer aria-label={t('footer.label')}>
      <Container>
        <Columns>
          <Tagline>{t('footer.tagline')}</Tagline>
          {columns.map((column) => (
            <nav key={column.key} aria-labelledby={`footer-${column.key}`}>
              <h2 id={`footer-${column.key}`}>{t(`footer.${column.key}`)}</h2>
              <ul>
                {column.links.map(([to, key]) => (
                  <li key={to}>
                    <Link to={to}>{t(`footer.links.${key}`)}</Link>
                  </li>
                ))}
              </ul>
            </nav>
          ))}
        </Columns>
        <Legal>{t('footer.copyright', { year: new Date().getFullYear() })}</Legal>
      </Container>
    </Footer>
  );
}
