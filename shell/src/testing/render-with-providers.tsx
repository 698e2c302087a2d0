import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { memoryStorage } from '@testing/sign-in';
import { configureApiClient, configureSession, createApiClient } from 'shared-sdk';
import { addTranslations, ColorModeProvider, initI18n, ToastProvider } from 'shared-ui';
import shellTranslations from '../i18n/en-US.json';
import { makeStore, type AppStore } from '../store/store';

initI18n();
addTranslations('shell', shellTranslations);

export type FakeRoute = (
  method: string,
  path: string,
  body: unknown,
) => { status: number; body?: unknown };

/** A fetch that answers from `route`; every request is recorded. */
export function fakeApi(route: FakeRoute) {
  const requests: { method: string; path: string; body: unknown }[] = [];
  const fetch = (async (url: string, init: RequestInit) => {
    const path = url.replace(/^https?:\/\/[^/]+/, '');
    const body = init.body ? JSON.parse(String(init.body)) : undefined;
    requests.push({ method: init.method ?? 'GET', path, body });
    const answer = route(init.method ?? 'GET', path, body);
    return {
      ok: answer.status < 400,
      status: answer.status,
      statusText: String(answer.status),
      text: async () => (answer.body === undefined ? '' : JSON.stringify(answer.body)),
    } as Response;
  }) as unknown as typeof globalThis.fetch;
  return { fetch, requests };
}

/** Points the page's API client and session at a fake API; the session starts signed out. */
export async function connectFakeApi(route: FakeRoute) {
  const api = fakeApi(route);
  const client = createApiClient({ baseUrl: '', fetch: api.fetch });
  const session = configureSession({ client, storage: memoryStorage() });
  configureApiClient({ baseUrl: '', fetch: api.fetch, getToken: () => session.getIdToken() });
  await session.restore();
  return { ...api, session };
}

/** Renders with the shell's providers; returns `{ store, user, ...queries }`. */
export function renderWithProviders(
  ui: ReactElement,
  {
    path = '/',
    store = makeStore(),
    theme = true,
  }: {
    /** The URL, or a path with the navigation state a page sent along. */
    path?: string | { pathname: string; state?: unknown };
    store?: AppStore;
    theme?: boolean;
  } = {},
) {
  const user = userEvent.setup();
  const tree = (
    <Provider store={store}>
      <MemoryRouter initialEntries={[path]}>
        {theme ? (
          <ColorModeProvider>
            <ToastProvider>{ui}</ToastProvider>
          </ColorModeProvider>
        ) : (
          ui
        )}
      </MemoryRouter>
    </Provider>
  );
  return { store, user, ...render(tree) };
}
