import { useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { ColorModeSwitch, Container, up } from 'shared-ui';
import { rememberWorkspace, useCurrentWorkspace } from '../features/dashboard/current-workspace';
import { useAppSelector } from '../store/hooks';
import { selectMemberships } from '../store/workspaces-slice';
import type { LayoutProps } from './layout-props';
import { HeaderBar, HeaderRow, Main, Page, SkipLink } from './layout-frame';
import { dashboardNavId, DashboardNav } from './dashboard-nav';
import { Logo } from './logo';
import { PendingCount } from '../features/pending-conversations/pending-count';
import { UserMenu } from './user-menu';
import { HeaderSearch } from './header-search';
import '../i18n/dashboard';

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

const MenuButton = styled.button`
  display: inline-flex;
  align-items: center;
  min-height: 40px;
  padding: 0 12px;
  font: inherit;
  color: ${({ theme }) => theme.colors.textPrimary};
  background: transparent;
  border: 1px solid ${({ theme }) => theme.colors.stroke};
  border-radius: ${({ theme }) => theme.radii.md};
  cursor: pointer;
  ${up('lg')} {
    display: none;
  }
`;

// At 320 px the waiting count, colour mode and account do not fit one line: they wrap.
const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  align-items: center;
  gap: 8px 12px;
  margin-left: auto;
`;

const Body = styled.div`
  flex: 1;
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  ${up('lg')} {
    grid-template-columns: 232px minmax(0, 1fr);
  }
`;

const Content = styled(Container)`
  padding-top: 24px;
  padding-bottom: 48px;
`;

/**
 * The dashboard's header: the menu button (below lg), logo, workspace switcher, search, colour
 * mode and user menu.
 */
function DashboardHeader({ menuOpen, onMenu }: { menuOpen: boolean; onMenu: () => void }) {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const memberships = useAppSelector(selectMemberships);
  const current = useCurrentWorkspace();
  return (
    <HeaderBar>
      <Container>
        <Row>
          <MenuButton
            type="button"
            aria-expanded={menuOpen}
            aria-controls={dashboardNavId}
            onClick={onMenu}
          >
            {menuOpen ? t('dashboard.nav.closeMenu') : t('dashboard.nav.openMenu')}
          </MenuButton>
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
          {current ? <HeaderSearch workspaceId={current.workspaceId} /> : null}
          <Actions>
            {current ? <PendingCount workspaceId={current.workspaceId} /> : null}
            <ColorModeSwitch />
            <UserMenu />
          </Actions>
        </Row>
      </Container>
    </HeaderBar>
  );
}

/**
 * Every dashboard page's frame: the header and the side navigation of every area, beside
 * `children` (the page's main landmark). Below lg the navigation folds behind the menu button;
 * opening a page folds it again.
 */
export function DashboardFrame({ children }: { children: ReactNode }) {
  const { t } = useTranslation('shell');
  const { pathname } = useLocation();
  const current = useCurrentWorkspace();
  // Open on the page where it was opened: navigating closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const menuOpen = openOn === pathname;
  return (
    <Page
      onKeyDown={(event) => {
        if (event.key === 'Escape' && menuOpen) setOpenOn(null);
      }}
    >
      <SkipLink href="#content">{t('skipToContent')}</SkipLink>
      <DashboardHeader menuOpen={menuOpen} onMenu={() => setOpenOn(menuOpen ? null : pathname)} />
      <Body>
        <DashboardNav workspaceId={current?.workspaceId} open={menuOpen} />
        {children}
      </Body>
    </Page>
  );
}

/** product-spec.md §2 "dashboard" layout. */
export function DashboardLayout({ children }: LayoutProps) {
  return (
    <DashboardFrame>
      <Main id="content" tabIndex={-1}>
        <Content>{children}</Content>
      </Main>
    </DashboardFrame>
  );
}
