import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { ColorModeProvider, initI18n } from 'shared-ui';

interface RenderPageOptions {
  /** The URL the page is opened at. */
  route?: string;
  /** The route pattern it is mounted under, for `useParams()` (e.g. "/news/:slug"). */
  path?: string;
}

/** Renders a page with the providers the shell gives it: i18n, colour mode and a router. */
export function renderPage(
  page: ReactElement,
  { route = '/', path = '*' }: RenderPageOptions = {},
) {
  initI18n();
  const user = userEvent.setup();
  const result = render(
    <ColorModeProvider>
      <MemoryRouter initialEntries={[route]}>
        <Routes>
          <Route path={path} element={page} />
        </Routes>
      </MemoryRouter>
    </ColorModeProvider>,
  );
  return { user, ...result };
}
