import { Link, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { dashboardPaths, type DashboardRouteName } from 'shared-sdk';
import { up } from 'shared-ui';
import { dashboardRoutes } from '../app/routes';
import '../i18n/dashboard';

/** The dashboard's areas, in the order the navigation lists them; `area` is the path they own. */
const areas = [
  { key: 'home', route: 'dashboard-workspaceId', area: '' },
  { key: 'chatTakeover', route: 'dashboard-workspaceId-chat-takeover', area: '/chat-takeover' },
  { key: 'tickets', route: 'dashboard-workspaceId-tickets', area: '/tickets' },
  { key: 'reports', route: 'dashboard-workspaceId-reports', area: '/reports' },
  { key: 'customers', route: 'dashboard-workspaceId-customers', area: '/customers' },
  { key: 'aiTraining', route: 'dashboard-workspaceId-ai-training', area: '/ai-training' },
  { key: 'products', route: 'dashboard-workspaceId-products', area: '/products' },
  { key: 'integrations', route: 'dashboard-workspaceId-integrations', area: '/integrations' },
  { key: 'settings', route: 'dashboard-workspaceId-settings-manage-users', area: '/settings' },
] as const satisfies readonly { key: string; route: DashboardRouteName; area: string }[];

// An area joins the navigation with its route: none links to a page that does not exist yet.
const builtAreas = areas.filter(({ route }) =>
  dashboardRoutes.some((candidate) => candidate.name === route),
);

const Nav = styled.nav<{ $open: boolean }>`
  display: ${({ $open }) => ($open ? 'block' : 'none')};
  padding: 12px 16px 16px;
  background: ${({ theme }) => theme.colors.background};
  border-bottom: 1px solid ${({ theme }) => theme.colors.divider};
  ${up('lg')} {
    display: block;
    position: sticky;
    top: 65px;
    align-self: start;
    max-height: calc(100vh - 65px);
    overflow-y: auto;
    padding: 24px 12px;
    border-bottom: 0;
    border-right: 1px solid ${({ theme }) => theme.colors.divider};
  }
  ul {
    display: grid;
    gap: 2px;
    margin: 0;
    padding: 0;
    list-style: none;
  }
  a {
    display: block;
    padding: 10px 12px;
    color: ${({ theme }) => theme.colors.textPrimary};
    text-decoration: none;
    border-radius: ${({ theme }) => theme.radii.md};
    overflow-wrap: anywhere;
  }
  a:hover {
    background: ${({ theme }) => theme.colors.surface};
  }
  a[aria-current] {
    color: ${({ theme }) => theme.colors.primaryBlue};
    background: ${({ theme }) => theme.colors.surface};
    font-weight: 600;
    box-shadow: inset 3px 0 0 ${({ theme }) => theme.colors.primaryBlue};
  }
`;

export const dashboardNavId = 'dashboard-nav';

/**
 * Every area of the dashboard (product-spec.md §2), the current one marked: aria-current="page" on its own
 * page, "true" on the pages inside it (a ticket of Tickets). Always shown beside the content from
 * the lg breakpoint; below it, shown when `open`. Links only: each area's remote loads when its
 * page is opened.
 */
export function DashboardNav({ workspaceId, open }: { workspaceId?: string; open: boolean }) {
  const { t } = useTranslation('shell');
  const { pathname } = useLocation();
  const base = workspaceId
    ? dashboardPaths['dashboard-workspaceId'].getHref({ workspaceId })
    : null;

  const items = [
    ...(base
      ? builtAreas.map(({ key, route, area }) => ({
          key,
          to: dashboardPaths[route].getHref({ workspaceId: workspaceId ?? '' }),
          area: `${base}${area}`,
          exact: area === '',
        }))
      : [{ key: 'home' as const, to: '/dashboard', area: '/dashboard', exact: true }]),
    { key: 'help' as const, to: '/dashboard/help', area: '/dashboard/help', exact: false },
  ];

  const current = (item: (typeof items)[number]) => {
    if (pathname === item.to) return 'page';
    if (!item.exact && pathname.startsWith(`${item.area}/`)) return 'true';
    return undefined;
  };

  return (
    <Nav id={dashboardNavId} aria-label={t('dashboard.nav.label')} $open={open}>
      <ul>
        {items.map((item) => (
          <li key={item.key}>
            <Link to={item.to} aria-current={current(item)}>
              {t(`dashboard.nav.${item.key}`)}
            </Link>
          </li>
        ))}
      </ul>
    </Nav>
  );
}
