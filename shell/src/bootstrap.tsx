import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { configureApiClient, createApiClient, type Session, type SessionOptions } from 'shared-sdk';
import type { FirebaseRuntimeConfig } from 'shared-sdk';
import { initI18n } from 'shared-ui';
import { App } from './app/app';
import { loadRuntimeConfig } from './app/runtime-config';
import { prefetchRoutePage } from './features/remotes/prefetch-route-page';
import { preparePrerenderedHydration } from './features/remotes/prerendered-hydration';
import { registerRemoteManifests } from './features/remotes/remote-loader';
import './i18n/shell';
import { configureLive } from './store/live-setup';

/** Creates the page's one session: Parley's own, or (main-firebase.js) Firebase's. */
export type SessionProvider = (
  options: SessionOptions & { firebase?: FirebaseRuntimeConfig },
) => Session;

export async function start(createSession: SessionProvider) {
  initI18n();
  const config = await loadRuntimeConfig();
  // The session signs in and refreshes through its own client; every other call carries the
  // session's token, and a disabled account or expired session signs the user out (product-spec.md §8).
  const session = createSession({
    client: createApiClient({ baseUrl: config.apiBaseUrl }),
    firebase: config.firebase,
  });
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
  // A session being restored: a signed-out visitor to a dashboard page goes to /login instead.
  if (session.getState().status === 'loading') prefetchRoutePage(window.location.pathname);
  const container = document.getElementById('root');
  if (!container) throw new Error('The page has no #root element');
  const app = (
    <StrictMode>
      <BrowserRouter>
        <App />
      </BrowserRouter>
    </StrictMode>
  );
  const hydrate = await preparePrerenderedHydration({
    container,
    pathname: window.location.pathname,
    signedOut: session.getState().status === 'signed-out',
  });
  if (hydrate) {
    hydrateRoot(container, app);
  } else {
    container.replaceChildren();
    createRoot(container).render(app);
  }
}
