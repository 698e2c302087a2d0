import { useState, type ReactNode } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Button, ColorModeSwitch, Container, up } from 'shared-ui';
import { HeaderBar, HeaderRow, Main, Page, SkipLink } from './layout-frame';
import { Logo } from './logo';
import { SiteFooter } from './site-footer';

const navItems = [
  { to: '/product', key: 'product' },
  { to: '/solutions', key: 'solutions' },
  { to: '/pricing', key: 'pricing' },
  { to: '/customers', key: 'customers' },
  { to: '/resources', key: 'resources' },
] as const;

const MenuButton = styled.button`
  display: inline-flex;
  min-height: 40px;
  padding: 0 12px;
  align-items: center;
  font: inherit;
  background: transparent;
  color: ${({ theme }) => theme.colors.textPrimary};
  border: 1px solid ${({ theme }) => theme.colors.stroke};
  border-radius: ${({ theme }) => theme.radii.md};
  ${up('lg')} {
    display: none;
  }
`;

const Nav = styled.nav<{ $open: boolean }>`
  display: ${({ $open }) => ($open ? 'block' : 'none')};
  position: absolute;
  top: 64px;
  left: 0;
  right: 0;
  padding: 16px;
  background: ${({ theme }) => theme.colors.background};
  border-bottom: 1px solid ${({ theme }) => theme.colors.divider};
  ul {
    list-style: none;
    margin: 0;
    padding: 0;
    display: flex;
    flex-direction: column;
    gap: 4px;
  }
  a {
    display: block;
    padding: 8px 12px;
    border-radius: ${({ theme }) => theme.radii.md};
    color: ${({ theme }) => theme.colors.textPrimary};
    text-decoration: none;
    font-weight: 500;
  }
  a[aria-current='page'] {
    color: ${({ theme }) => theme.colors.primaryBlue};
    background: ${({ theme }) => theme.colors.surface};
  }
  ${up('lg')} {
    display: block;
    position: static;
    padding: 0;
    border: 0;
    ul {
      flex-direction: row;
    }
  }
`;

const Actions = styled.div`
  display: flex;
  align-items: center;
  gap: 12px;
  margin-left: auto;
  .demo {
    display: none;
  }
  ${up('md')} {
    .demo {
      display: inline-flex;
    }
  }
`;

/** product-spec.md §2 "default" layout: the public site's header, navigation and footer. */
export function DefaultLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation('shell');
  const { pathname } = useLocation();
  // The menu is open on the page where it was opened; navigating closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const menuOpen = openOn === pathname;

  return (
    <Page>
      <SkipLink href="#content">{t('skipToContent')}</SkipLink>
      <HeaderBar>
        <Container>
          <HeaderRow>
            <Logo />
            <MenuButton
              type="button"
              aria-expanded={menuOpen}
              aria-controls="site-nav"
              onClick={() => setOpenOn(menuOpen ? null : pathname)}
            >
              {menuOpen ? t('nav.closeMenu') : t('nav.openMenu')}
            </MenuButton>
            <Nav id="site-nav" aria-label={t('nav.label')} $open={menuOpen}>
              <ul>
                {navItems.map((item) => (
                  <li key={item.to}>
                    <NavLink to={item.to}>{t(`nav.${item.key}`)}</NavLink>
                  </li>
                ))}
              </ul>
            </Nav>
            <Actions>
              <ColorModeSwitch />
              <Button as={Link} to="/get-a-demo" className="demo">
                {t('nav.getADemo')}
              </Button>
            </Actions>
          </HeaderRow>
        </Container>
      </HeaderBar>
      <Main id="content" tabIndex={-1}>
        {children}
      </Main>
      <SiteFooter />
    </Page>
  );
}
