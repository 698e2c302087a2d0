import { matchRoutes } from 'react-router-dom';
import { routes as appRoutes, type RouteDefinition } from '../../app/routes';
import { loadRemotePage } from './remote-loader';

/**
 * Starts loading the opened page's remote module at once, so that it arrives while the session
 * restores and the route guard asks its questions, rather than after them (a dashboard page
 * waits for both). RemotePage's own load then finds it loaded; a failure here is left to it.
 */
export function prefetchRoutePage(
  pathname: string,
  { routes = appRoutes, load = loadRemotePage } = {},
): void {
  const route = matchRoutes(routes, pathname)?.[0]?.route as RouteDefinition | undefined;
  if (route && 'remote' in route.page) void load(route.page).catch(() => undefined);
}
