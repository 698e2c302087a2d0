import { AdminGate } from '../../app/guarded-route';
import { preloadComponent } from '../../app/lazy-component';
import type { RouteDefinition } from '../../app/routes';
import { getLayout } from '../../layouts/layouts';
import { StoreProvider } from '../../store/store-boundary';
import { prefetchRoutePage } from './prefetch-route-page';

jest.mock('./remote-loader', () => ({ loadRemotePage: jest.fn() }));
jest.mock('../../app/lazy-component', () => ({
  ...jest.requireActual('../../app/lazy-component'),
  preloadComponent: jest.fn(),
}));

const LoginPage = () => null;
const tickets = { remote: 'mfe-tickets' as const, module: './tickets-page' };
const routes: RouteDefinition[] = [
  { name: 'tickets', path: '/dashboard/:workspaceId/tickets', layout: 'dashboard', page: tickets },
  { name: 'login', path: '/login', layout: 'auth', page: { shell: LoginPage } },
];

describe('prefetching the opened page', () => {
  it("starts loading a remote page's module, and leaves a failure to the page", async () => {
    const load = jest.fn(async () => Promise.reject(new Error('offline')));
    prefetchRoutePage('/dashboard/ws-1/tickets', { routes, load });
    expect(load).toHaveBeenCalledWith(tickets);
    await Promise.resolve();
  });

  it('starts loading what a dashboard page renders first: its layout, the store, the admin check', () => {
    jest.mocked(preloadComponent).mockClear();
    prefetchRoutePage('/dashboard/ws-1/tickets', { routes, load: jest.fn(async () => LoginPage) });
    expect(jest.mocked(preloadComponent).mock.calls).toEqual([
      [getLayout('dashboard')],
      [StoreProvider],
      [AdminGate],
    ]);
  });

  it('preloads a shell page and its layout, and nothing for an unknown path', () => {
    jest.mocked(preloadComponent).mockClear();
    const load = jest.fn();
    prefetchRoutePage('/login', { routes, load });
    expect(jest.mocked(preloadComponent).mock.calls).toEqual([[LoginPage], [getLayout('auth')]]);
    prefetchRoutePage('/nope', { routes, load });
    expect(load).not.toHaveBeenCalled();
    expect(preloadComponent).toHaveBeenCalledTimes(2);
  });
});
