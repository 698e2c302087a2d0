import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { buildAuthResponse } from '@testing/data-generators';
import { fakeApi } from '@testing/fake-api';
import { startSession } from '@testing/sign-in';
import { renderPage } from '@testing/render-page';
import { getLayout } from '../layouts/layouts';
import { App } from './app';
import { getHref, publicRoutes, routes, type RouteDefinition } from './routes';
import '../i18n/shell';

jest.mock('../features/remotes/remote-loader', () => ({
  resetRemote: jest.fn(),
  loadRemotePage: jest.fn(async () => () => <h1>Remote page</h1>),
}));

const testRoutes: RouteDefinition[] = [
  {
    name: 'index',
    path: '/',
    layout: 'default',
    page: { remote: 'mfe-marketing', module: './home-page' },
  },
  {
    name: 'help-center',
    path: '/help-center',
    layout: 'minimal',
    page: { remote: 'mfe-marketing', module: './help-center-page' },
    colorMode: 'dark',
  },
];

describe('App routes', () => {
  beforeEach(async () => {
    window.localStorage.clear();
    fakeApi(() => ({ status: 404 }));
    await startSession();
  });

  it('renders a route page inside its layout', async () => {
    const { user } = renderPage(<App routes={testRoutes} />, { frame: false });
    expect(await screen.findByRole('heading', { name: 'Remote page' })).toBeInTheDocument();
    // Small screens (jsdom has no media queries) keep the navigation behind the menu button.
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Close menu' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    expect(document.documentElement.dataset.colorMode).toBe('light');
  });

  it('renders the public pages without a Redux store: the public site does not load one', async () => {
    // No store provider around the app: a Redux hook on this path would throw.
    render(
      <MemoryRouter initialEntries={['/help-center']}>
        <App routes={testRoutes} />
      </MemoryRouter>,
    );
    expect(await screen.findByRole('heading', { name: 'Remote page' })).toBeInTheDocument();
  });

  it('shows the 404 page with the spec message for an unknown path (product-spec.md §8)', () => {
    renderPage(<App routes={testRoutes} />, { route: '/nope', frame: false });
    expect(screen.getByText('Page Not Found: /nope')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent("We can't find that page");
    expect(screen.getByRole('link', { name: 'Back to the home page' })).toHaveAttribute(
      'href',
      '/',
    );
  });

  it.each([
    '/dashboard/ws_fernhill/anything-unknown',
    '/dashboard/ws_fernhill/settings/anything-unknown',
    '/dashboard/ws_fernhill/settings/manage-users/wu-1/anything-unknown',
  ])('shows the 404 page for %s to an admin, with no store around the app', async (path) => {
    // As in the page itself: the app makes its store; an unknown path under a workspace still
    // passes the admin check, which reads it.
    const api = fakeApi(({ url: requested }) =>
      requested === '/api/auth/login'
        ? { status: 200, body: buildAuthResponse() }
        : requested.startsWith('/api/user/is-admin')
          ? { status: 200, body: true }
          : { status: 404 },
    );
    const session = await startSession();
    await session.signIn({ email: 'ada@example.com', password: 'secret1' });
    render(
      <MemoryRouter initialEntries={[path]}>
        <App routes={routes} />
      </MemoryRouter>,
    );
    expect(await screen.findByText(`Page Not Found: ${path}`)).toBeInTheDocument();
    expect(api.requests.map((request) => request.url)).toContain(
      '/api/user/is-admin?workspaceId=ws_fernhill',
    );
  });

  it('lets a route force a colour mode without changing the stored preference (product-spec.md §1)', async () => {
    window.localStorage.setItem('parley.colorMode', 'light');
    renderPage(<App routes={testRoutes} />, { route: '/help-center', frame: false });
    expect(await screen.findByRole('heading', { name: 'Remote page' })).toBeInTheDocument();
    expect(document.documentElement.dataset.colorMode).toBe('dark');
    expect(window.localStorage.getItem('parley.colorMode')).toBe('light');
  });
});

describe('route table (product-spec.md §2)', () => {
  it('has every public route with its name and layout', () => {
    expect(publicRoutes.map((route) => route.path)).toEqual([
      '/',
      '/about-us',
      '/benefits',
      '/compare',
      '/contact-us',
      '/customer-service',
      '/customer-support',
      '/customers',
      '/get-a-demo',
      '/help-center',
      '/integrations',
      '/marketing',
      '/news/:slug',
      '/pricing',
      '/product',
      '/resources',
      '/sales',
      '/solutions',
    ]);
    expect(publicRoutes.find((route) => route.name === 'help-center')?.layout).toBe('minimal');
    expect(publicRoutes.filter((route) => route.layout !== 'default')).toHaveLength(1);
  });

  it('gives the auth pages their layouts and the dashboard its route names', () => {
    const byName = new Map(routes.map((route) => [route.name, route]));
    expect(byName.get('login')).toMatchObject({ path: '/login', layout: 'auth' });
    expect(byName.get('forgot-password')).toMatchObject({
      path: '/forgot-password',
      layout: 'auth',
    });
    expect(byName.get('signup')).toMatchObject({ path: '/signup', layout: null });
    expect(byName.get('dashboard')).toMatchObject({ layout: 'dashboard' });
    expect(byName.get('dashboard-workspaceId')).toMatchObject({ path: '/dashboard/:workspaceId' });
    expect(byName.get('dashboard-my-account-language')).toMatchObject({
      path: '/dashboard/my-account/language',
      layout: 'dashboard-with-sidemenu',
    });
    expect(byName.get('dashboard-workspaceId-settings-manage-users-workspaceUserId')?.path).toBe(
      '/dashboard/:workspaceId/settings/manage-users/:workspaceUserId',
    );
    expect(byName.get('dashboard-workspaceId-settings-billing')).toMatchObject({
      path: '/dashboard/:workspaceId/settings/billing',
      layout: 'dashboard-with-sidemenu',
      sideMenu: 'settings',
      page: { remote: 'mfe-settings', module: './billing-page' },
    });
  });

  it('builds hrefs from route names', () => {
    expect(getHref('news-slug', { slug: 'launch' })).toBe('/news/launch');
    expect(() => getHref('news-slug')).toThrow('Route news-slug needs the param slug');
    expect(() => getHref('nope')).toThrow('Unknown route: nope');
  });

  it('raises an error for an unknown layout (product-spec.md §8)', () => {
    expect(() => getLayout('sidebar')).toThrow('Unknown layout: sidebar');
  });
});
