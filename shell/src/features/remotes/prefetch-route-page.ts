import { matchRoutes } from 'react-router-dom';
import { AdminGate } from '../../app/guarded-route';
import { preloadComponent } from '../../app/lazy-component';
import { decideRoute } from '../../app/route-guard';
import { routes as appRoutes, type RouteDefinition } from '../../app/routes';
import { getLayout } from '../../layouts/layouts';
import { StoreProvider, storeLayouts } from '../../store/store-boundary';
import { loadRemotePage } from './remote-loader';

/**
 * Starts loading what the opened page renders (its remote module or shell page, its layout,
 * the store, the admin check) at once, so that it arrives while the session restores rather
 * than after it (a dashboard page waits for the session). The page's own loads then find it
 * loaded and render without suspending; a failure here is left to them.
 */
export function prefetchRoutePage(
  pathname: string,
  { routes = appRoutes, load = loadRemotePage } = {},
): void {
  const route = matchRoutes(routes, pathname)?.[0]?.route as RouteDefinition | undefined;
  if (!route) return;
  if ('remote' in route.page) void load(route.page).catch(() => undefined);
  else preloadComponent(route.page.shell);
  if (route.layout) preloadComponent(getLayout(route.layout));
  if (storeLayouts.has(route.layout)) preloadComponent(StoreProvider);
  const decision = decideRoute({ routeName: route.name, pathname, search: '', signedIn: true });
  if (decision.kind === 'require-admin') preloadComponent(AdminGate);
}
