import { decideRoute, stripLocaleSuffix, workspaceIdOf } from './route-guard';

const signedOut = { signedIn: false, search: '' };
const signedIn = { signedIn: true, search: '' };

describe('route guard (product-spec.md §2)', () => {
  it('sends a signed-in user on a non-dashboard path to /dashboard', () => {
    expect(decideRoute({ ...signedIn, routeName: 'pricing', pathname: '/pricing' })).toEqual({
      kind: 'redirect',
      to: '/dashboard',
      replace: true,
    });
    expect(decideRoute({ ...signedIn, routeName: 'index', pathname: '/' })).toMatchObject({
      to: '/dashboard',
    });
  });

  it('sends a signed-out user on a dashboard path to /login, with replace and the redirect query', () => {
    expect(
      decideRoute({
        ...signedOut,
        routeName: undefined,
        pathname: '/dashboard/ws-1/tickets',
        search: '?status=open',
      }),
    ).toEqual({
      kind: 'redirect',
      to: '/login?redirect=%2Fdashboard%2Fws-1%2Ftickets%3Fstatus%3Dopen',
      replace: true,
    });
    expect(
      decideRoute({ ...signedOut, routeName: 'dashboard', pathname: '/dashboard' }),
    ).toMatchObject({
      to: '/login?redirect=%2Fdashboard',
    });
  });

  it('lets a signed-out user see public and auth pages', () => {
    expect(decideRoute({ ...signedOut, routeName: 'pricing', pathname: '/pricing' })).toEqual({
      kind: 'allow',
    });
    expect(decideRoute({ ...signedOut, routeName: 'login', pathname: '/login' })).toEqual({
      kind: 'allow',
    });
  });

  it('sends a logged-in user on an auth-only path to the redirect query, else /dashboard', () => {
    expect(
      decideRoute({
        signedIn: true,
        routeName: 'login',
        pathname: '/login',
        search: '?redirect=%2Fdashboard%2Fws-1%2Ftickets',
      }),
    ).toEqual({ kind: 'redirect', to: '/dashboard/ws-1/tickets', replace: true });
    for (const routeName of ['login', 'signup', 'forgot-password']) {
      expect(decideRoute({ ...signedIn, routeName, pathname: `/${routeName}` })).toMatchObject({
        to: '/dashboard',
      });
    }
  });

  it('never follows a redirect query off the site', () => {
    for (const redirect of ['https://evil.example', '//evil.example', 'javascript:alert(1)']) {
      expect(
        decideRoute({
          signedIn: true,
          routeName: 'login',
          pathname: '/login',
          search: `?redirect=${encodeURIComponent(redirect)}`,
        }),
      ).toMatchObject({ to: '/dashboard' });
    }
  });

  it('requires admin of the workspace in the URL for workspace routes', () => {
    for (const pathname of [
      '/dashboard/ws-1',
      '/dashboard/ws-1/tickets',
      '/dashboard/ws-1/tickets/t-1',
      '/dashboard/ws-1/chat-takeover',
      '/dashboard/ws-1/chat-takeover/c-1',
      '/dashboard/ws-1/settings/manage-users',
      '/dashboard/ws-1/settings/billing',
      '/dashboard/ws-1/settings/customize',
    ]) {
      expect(decideRoute({ ...signedIn, routeName: 'any', pathname })).toEqual({
        kind: 'require-admin',
        workspaceId: 'ws-1',
        deniedTo: `/dashboard?redirect=${encodeURIComponent(pathname)}`,
      });
    }
  });

  it('opens my account and help to any signed-in user', () => {
    for (const [routeName, pathname] of [
      ['dashboard-my-account', '/dashboard/my-account'],
      ['dashboard-my-account-change-password', '/dashboard/my-account/change-password'],
      ['dashboard-my-account-language', '/dashboard/my-account/language'],
      ['dashboard-help', '/dashboard/help'],
    ] as const) {
      expect(decideRoute({ ...signedIn, routeName, pathname })).toEqual({ kind: 'allow' });
    }
    expect(decideRoute({ ...signedIn, routeName: 'dashboard', pathname: '/dashboard' })).toEqual({
      kind: 'allow',
    });
  });

  it('strips a locale suffix from route names before the check', () => {
    expect(stripLocaleSuffix('login___en-US')).toBe('login');
    expect(
      decideRoute({ ...signedIn, routeName: 'login___en-US', pathname: '/login' }),
    ).toMatchObject({ kind: 'redirect', to: '/dashboard' });
    expect(
      decideRoute({ ...signedIn, routeName: 'dashboard-help___en', pathname: '/dashboard/help' }),
    ).toEqual({ kind: 'allow' });
  });

  it('finds the workspace of a dashboard path', () => {
    expect(workspaceIdOf('/dashboard/ws-9/products')).toBe('ws-9');
    expect(workspaceIdOf('/dashboard/help')).toBeUndefined();
    expect(workspaceIdOf('/dashboard/my-account/language')).toBeUndefined();
    expect(workspaceIdOf('/dashboard')).toBeUndefined();
  });
});
