import { NavLink, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Container, up } from 'shared-ui';
import { DashboardFrame } from './dashboard-layout';
import type { LayoutProps } from './layout-props';
import { Main } from './layout-frame';
import '../i18n/dashboard';

const Body = styled(Container)`
  display: grid;
  gap: 24px;
  align-content: start;
  padding-top: 24px;
  padding-bottom: 48px;
  ${up('md')} {
    grid-template-columns: 200px minmax(0, 1fr);
  }
`;

const SideNav = styled.nav`
  h2 {
    margin: 0 0 8px;
    font-size: 0.875rem;
    text-transform: uppercase;
    letter-spacing: 0.06em;
    color: ${({ theme }) => theme.colors.textSecondary};
  }
  ul {
    display: flex;
    flex-wrap: wrap;
    gap: 4px;
    margin: 0;
    padding: 0;
    list-style: none;
    ${up('md')} {
      flex-direction: column;
    }
  }
  a {
    display: block;
    padding: 8px 12px;
    color: ${({ theme }) => theme.colors.textPrimary};
    text-decoration: none;
    border-radius: ${({ theme }) => theme.radii.md};
  }
  a[aria-current='page'] {
    color: ${({ theme }) => theme.colors.primaryBlue};
    background: ${({ theme }) => theme.colors.surface};
    font-weight: 600;
  }
`;

function useMenu(sideMenu: LayoutProps['sideMenu']) {
  const { t } = useTranslation('shell');
  const { workspaceId = '' } = useParams();
  if (sideMenu === 'settings') {
    const base = `/dashboard/${encodeURIComponent(workspaceId)}/settings`;
    return {
      title: t('dashboard.sideMenu.settings'),
      items: [
        { to: base, label: t('dashboard.sideMenu.general'), end: true },
        { to: `${base}/customize`, label: t('dashboard.sideMenu.customize'), end: false },
        { to: `${base}/manage-users`, label: t('dashboard.sideMenu.manageUsers'), end: false },
        {
          to: `${base}/canned-responses`,
          label: t('dashboard.sideMenu.cannedResponses'),
          end: false,
        },
        { to: `${base}/email`, label: t('dashboard.sideMenu.email'), end: false },
        { to: `${base}/billing`, label: t('dashboard.sideMenu.billing'), end: false },
      ],
    };
  }
  return {
    title: t('dashboard.sideMenu.myAccount'),
    items: [
      { to: '/dashboard/my-account', label: t('dashboard.sideMenu.profile'), end: true },
      {
        to: '/dashboard/my-account/change-password',
        label: t('dashboard.sideMenu.changePassword'),
        end: false,
      },
      { to: '/dashboard/my-account/language', label: t('dashboard.sideMenu.language'), end: false },
    ],
  };
}

/** product-spec.md §2 "dashboard-with-sidemenu" layout: settings and my account. */
export function DashboardWithSideMenuLayout({ children, sideMenu }: LayoutProps) {
  const menu = useMenu(sideMenu);
  return (
    <DashboardFrame>
      <Body>
        <SideNav aria-labelledby="side-menu-title">
          <h2 id="side-menu-title">{menu.title}</h2>
          <ul>
            {menu.items.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end={item.end}>
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </SideNav>
        <Main id="content" tabIndex={-1}>
          {children}
        </Main>
      </Body>
    </DashboardFrame>
  );
}
