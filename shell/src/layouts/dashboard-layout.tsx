import { useEffect } from 'react';
import { NavLink, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { ColorModeSwitch, Container, up } from 'shared-ui';
import { rememberWorkspace, useCurrentWorkspace } from '../features/dashboard/current-workspace';
import { useAppSelector, useAppStore } from '../store/hooks';
import { loadLive } from '../store/live';
import { selectMemberships } from '../store/workspaces-slice';
import type { LayoutProps } from './layout-props';
import { HeaderBar, HeaderRow, Main, Page, SkipLink } from './layout-frame';
import { Logo } from './logo';
import { UserMenu } from './user-menu';

const Row = styled(HeaderRow)`
  flex-wrap: wrap;
  padding: 8px 0;
`;

const Switcher = styled.label`
  display: inline-flex;
  align-items: center;
  gap: 8px;
  font-size: 0.875rem;
  color: ${({ theme }) => theme.colors.textSecondary};
  select {
    min-height: 40px;
    max-width: 220px;
    padding: 0 8px;
    font: inherit;
    color: ${({ theme }) => theme.colors.textPrimary};
    background: ${({ theme }) => theme.colors.background};
    border: 1px solid ${({ theme }) => theme.colors.stroke};
    border-radius: ${({ theme }) => theme.radii.md};
  }
`;

const Nav = styled.nav`
  order: 3;
  width: 100%;
  overflow-x: auto;
  ul {
    display: flex;
    gap: 4px;
    margin: 0;
    padding: 0;
    list-style: none;
  }
  a {
    display: block;
    padding: 8px 12px;
    white-space: nowrap;
    color: ${({ theme }) => theme.colors.textPrimary};
    text-decoration: none;
    border-radius: ${({ theme }) => theme.radii.md};
  }
  a[aria-current='page'] {
    color: ${({ theme }) => theme.colors.primaryBlue};
    background: ${({ theme }) => theme.colors.surface};
    font-weight: 600;
  }
  ${up('lg')} {
    order: 0;
    width: auto;
    flex: 1;
  }
`;

const Actions = styled.div`
  display: flex;
  align-items: center;
  gap: 12px;
  margin-left: auto;
`;

const Content = styled(Container)`
  padding-top: 24px;
  padding-bottom: 48px;
`;

/** The dashboard's header: logo, workspace switcher, navigation, colour mode and user menu. */
export function DashboardHeader() {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const memberships = useAppSelector(selectMemberships);
  const current = useCurrentWorkspace();
  const store = useAppStore();
  // Every dashboard page may read live data, the remotes' pages included (useLiveDocs waits for
  // the page's live client): load live queries with the dashboard's frame.
  useEffect(() => {
    void loadLive(store);
  }, [store]);
  const base = current ? `/dashboard/${current.workspaceId}` : undefined;

  const items = [
    ...(base
      ? [
          { to: base, label: t('dashboard.nav.home'), end: true },
          { to: `${base}/chat-takeover`, label: t('dashboard.nav.chatTakeover'), end: false },
          { to: `${base}/tickets`, label: t('dashboard.nav.tickets'), end: false },
          { to: `${base}/settings/manage-users`, label: t('dashboard.nav.settings'), end: false },
        ]
      : [{ to: '/dashboard', label: t('dashboard.nav.home'), end: true }]),
    { to: '/dashboard/help', label: t('dashboard.nav.help'), end: false },
  ];

  return (
    <HeaderBar>
      <Container>
        <Row>
          <Logo />
          {memberships.length > 0 && current ? (
            <Switcher>
              {t('dashboard.workspace')}
              <select
                value={current.workspaceId}
                onChange={(event) => {
                  rememberWorkspace(event.target.value);
                  navigate(`/dashboard/${event.target.value}`);
                }}
              >
                {memberships.map((link) => (
                  <option key={link.workspaceId} value={link.workspaceId}>
                    {link.workspace.name}
                  </option>
                ))}
              </select>
            </Switcher>
          ) : null}
          <Nav aria-label={t('dashboard.nav.label')}>
            <ul>
              {items.map((item) => (
                <li key={item.to}>
                  <NavLink to={item.to} end={item.end}>
                    {item.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </Nav>
          <Actions>
            <ColorModeSwitch />
            <UserMenu />
          </Actions>
        </Row>
      </Container>
    </HeaderBar>
  );
}

/** spec §2 "dashboard" layout. */
export function DashboardLayout({ children }: LayoutProps) {
  const { t } = useTranslation('shell');
  return (
    <Page>
      <SkipLink href="#content">{t('skipToContent')}</SkipLink>
      <DashboardHeader />
      <Main id="content" tabIndex={-1}>
        <Content>{children}</Content>
      </Main>
    </Page>
  );
}
