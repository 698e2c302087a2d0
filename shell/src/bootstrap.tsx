import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { BrowserRouter, matchRoutes } from 'react-router-dom';
import { configureApiClient, configureSession, createApiClient } from 'shared-sdk';
import { addTranslations, initI18n } from 'shared-ui';
import { App } from './app/app';
import { loadRuntimeConfig } from './app/runtime-config';
import { routes, type RouteDefinition } from './app/routes';
import { preloadPage } from './features/remotes/preloaded-pages';
import { loadRemotePage, registerRemoteManifests } from './features/remotes/remote-loader';
import { isRemoteFailure } from './runtime-plugins/remote-failure';
import shellTranslations from './i18n/en-US.json';
import { configureLive } from './store/live-setup';
import { makeStore } from './store/store';

/**
 * A prerendered page hydrates only if the first render will match its HTML: a signed-out
 * visitor (a signed-in one is sent on to the dashboard) whose page's remote module has loaded.
 */
async function canHydrate(container: HTMLElement, signedOut: boolean): Promise<boolean> {
  if (container.dataset.prerendered === undefined || !signedOut) return false;
  const route = matchRoutes(routes, window.location)?.[0]?.route as RouteDefinition | undefined;
  if (!route || !('remote' in route.page)) return false;
  const Page = await loadRemotePage(route.page).catch(() => undefined);
  if (!Page || isRemoteFailure(Page)) return false;
  preloadPage(route.page, Page);
  return true;
}

async function start() {
  initI18n();
  addTranslations('shell', shellTranslations);
  const config = await loadRuntimeConfig();
  // The session signs in and refreshes through its own client; every other call carries the
  // session's token, and a disabled account or expired session signs the user out (spec §8).
  const session = configureSession({ client: createApiClient({ baseUrl: config.apiBaseUrl }) });
  configureApiClient({
    baseUrl: config.apiBaseUrl,
    getToken: () => session.getIdToken(),
    onError: (error) => session.handleAuthError(error),
  });
  // Live reads go over one WebSocket that carries the session's token; the live client loads
  // with the first page that reads live data.
  configureLive({
    apiBaseUrl: config.apiBaseUrl,
    getToken: () => session.getIdToken(),
    session,
  });
  void session.restore();
  registerRemoteManifests(config.remotes);
  const store = makeStore();
  const container = document.getElementById('root');
  if (!container) throw new Error('The page has no #root element');
  const app = (
    <StrictMode>
      <Provider store={store}>
        <BrowserRouter>
          <App />
        </BrowserRouter>
      </Provider>
    </StrictMode>
  );
  if (await canHydrate(container, session.getState().status === 'signed-out')) {
    hydrateRoot(container, app);
  } else {
    container.replaceChildren();
    createRoot(container).render(app);
  }
}

void start();
