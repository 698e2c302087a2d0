import { matchRoutes } from 'react-router-dom';
import type { RemoteName } from 'shared-sdk';
import { routes as appRoutes, type RouteDefinition } from '../../app/routes';
import { isRemoteFailure } from '../../runtime-plugins/remote-failure';
import { loadedBuild } from '../new-build/build-versions';
import { preloadFailure, preloadPage } from './preloaded-pages';
import { loadRemotePage, manifestUrlOf } from './remote-loader';

export interface HydrationInput {
  /** The page's #root: `data-prerendered` names the remote build its HTML was rendered from. */
  container: HTMLElement;
  pathname: string;
  signedOut: boolean;
  routes?: RouteDefinition[];
  load?: typeof loadRemotePage;
  /** The build of a remote the page loaded (its manifest's id). */
  buildOf?: (remote: RemoteName) => string | undefined;
}

const defaultBuildOf = (remote: RemoteName) => {
  const url = manifestUrlOf(remote);
  return url ? loadedBuild(url) : undefined;
};

/**
 * A prerendered page hydrates only if the first render will match its HTML: a signed-out
 * visitor (a signed-in one is sent on to the dashboard) whose page's remote module has loaded,
 * from the build the page was rendered with (a remote deployed on its own since, or served from
 * elsewhere, renders afresh). Then the page's module is preloaded for that first render; a
 * remote that failed to load is recorded, so the first render shows the fallback at once.
 */
export async function preparePrerenderedHydration({
  container,
  pathname,
  signedOut,
  routes = appRoutes,
  load = loadRemotePage,
  buildOf = defaultBuildOf,
}: HydrationInput): Promise<boolean> {
  const renderedFrom = container.dataset.prerendered;
  if (renderedFrom === undefined || !signedOut) return false;
  const route = matchRoutes(routes, pathname)?.[0]?.route as RouteDefinition | undefined;
  if (!route || !('remote' in route.page)) return false;
  const Page = await load(route.page).catch(() => undefined);
  if (!Page || isRemoteFailure(Page)) {
    // It has just been tried (and read afresh): the page shows its fallback without waiting
    // for the same tries again.
    preloadFailure(route.page);
    return false;
  }
  if (buildOf(route.page.remote) !== renderedFrom) return false;
  preloadPage(route.page, Page);
  return true;
}
