import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router-dom';
import { configureApiClient } from 'shared-sdk';
import { addTranslations, initI18n } from 'shared-ui';
import { App } from './app/app';
import { loadRuntimeConfig } from './app/runtime-config';
import { registerRemoteManifests } from './features/remotes/remote-loader';
import shellTranslations from './i18n/en-US.json';
import { makeStore } from './store/store';

async function start() {
  initI18n();
  addTranslations('shell', shellTranslations);
  const config = await loadRuntimeConfig();
  configureApiClient({ baseUrl: config.apiBaseUrl });
  registerRemoteManifests(config.remotes);
  const store = makeStore();
  const container = document.getElementById('root');
  if (!container) throw new Error('The page has no #root element');
  createRoot(container).render(
    <StrictMode>
      <Provider store={store}>
        <BrowserRouter>
          <App />
        </BrowserRouter>
      </Provider>
    </StrictMode>,
  );
}

void start();
