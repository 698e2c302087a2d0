import type { RouteDefinition } from '../../app/routes';
import { prefetchRoutePage } from './prefetch-route-page';

jest.mock('./remote-loader', () => ({ loadRemotePage: jest.fn() }));

const tickets = { remote: 'mfe-tickets' as const, module: './tickets-page' };
const routes: RouteDefinition[] = [
  { name: 'tickets', path: '/dashboard/:workspaceId/tickets', layout: 'dashboard', page: tickets },
  { name: 'login', path: '/login', layout: 'auth', page: { shell: () => null } },
];

describe('prefetching the opened page', () => {
  it("starts loading a remote page's module, and leaves a failure to the page", async () => {
    const load = jest.fn(async () => Promise.reject(new Error('offline')));
    prefetchRoutePage('/dashboard/ws-1/tickets', { routes, load });
    expect(load).toHaveBeenCalledWith(tickets);
    await Promise.resolve();
  });

  it("loads nothing for the shell's own pages or an unknown path", () => {
    const load = jest.fn();
    prefetchRoutePage('/login', { routes, load });
    prefetchRoutePage('/nope', { routes, load });
    expect(load).not.toHaveBeenCalled();
  });
});
