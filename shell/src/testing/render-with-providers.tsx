import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { addTranslations, ColorModeProvider, initI18n } from 'shared-ui';
import shellTranslations from '../i18n/en-US.json';
import { makeStore, type AppStore } from '../store/store';

initI18n();
addTranslations('shell', shellTranslations);

/** Renders with the shell's providers; returns `{ store, user, ...queries }`. */
export function renderWithProviders(
  ui: ReactElement,
  {
    path = '/',
    store = makeStore(),
    theme = true,
  }: { path?: string; store?: AppStore; theme?: boolean } = {},
) {
  const user = userEvent.setup();
  const tree = (
    <Provider store={store}>
      <MemoryRouter initialEntries={[path]}>
        {theme ? <ColorModeProvider>{ui}</ColorModeProvider> : ui}
      </MemoryRouter>
    </Provider>
  );
  return { store, user, ...render(tree) };
}
