import { screen, within } from '@testing-library/react';
import { renderPage } from '@testing/render-page';
import { DashboardNav } from './dashboard-nav';
import '../i18n/shell';

const renderNav = (
  path: string,
  { workspaceId }: { workspaceId?: string } = { workspaceId: 'ws_fernhill' },
) => renderPage(<DashboardNav workspaceId={workspaceId} open />, { route: path });

const links = () =>
  within(screen.getByRole('navigation', { name: 'Dashboard' }))
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')]);

describe('the dashboard navigation', () => {
  it("lists every area whose page exists, in the workspace's paths", () => {
    renderNav('/dashboard/ws_fernhill');
    expect(links()).toEqual([
      ['Home', '/dashboard/ws_fernhill'],
      ['Chat takeover', '/dashboard/ws_fernhill/chat-takeover'],
      ['Tickets', '/dashboard/ws_fernhill/tickets'],
      ['Reports', '/dashboard/ws_fernhill/reports'],
      ['Customers', '/dashboard/ws_fernhill/customers'],
      ['AI training', '/dashboard/ws_fernhill/ai-training'],
      ['Products', '/dashboard/ws_fernhill/products'],
      ['Integrations', '/dashboard/ws_fernhill/integrations'],
      ['Settings', '/dashboard/ws_fernhill/settings/manage-users'],
      ['Help', '/dashboard/help'],
    ]);
  });

  it('marks the current area: its page, and the pages inside it', () => {
    const { unmount } = renderNav('/dashboard/ws_fernhill/tickets');
    expect(screen.getByRole('link', { name: 'Tickets' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
    unmount();

    renderNav('/dashboard/ws_fernhill/settings/manage-users/wsu_grace');
    expect(screen.getByRole('link', { name: 'Settings' })).toHaveAttribute('aria-current', 'true');
    expect(
      screen.getAllByRole('link').filter((link) => link.hasAttribute('aria-current')),
    ).toHaveLength(1);
  });

  it('before a workspace is known, offers the dashboard and help', () => {
    renderNav('/dashboard', {});
    expect(links()).toEqual([
      ['Home', '/dashboard'],
      ['Help', '/dashboard/help'],
    ]);
    expect(screen.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
  });
});
