import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { ColorModeProvider, initI18n } from 'shared-ui';

interface RenderPageOptions {
  /** The URL the page is opened at. */
  route?: string;
  /** The route pattern it is mounted under, for `useParams()` (e.g. "/dashboard/:workspaceId"). */
  path?: string;
  /** Other pages the page may send the user to, rendered when the URL matches theirs. */
  otherRoutes?: { path: string; element: ReactElement }[];
}

/** Shows where the page is (path and query), for tests of links and navigation. */
function CurrentLocation() {
  const location = useLocation();
  return <div data-testid="location">{`${location.pathname}${location.search}`}</div>;
}

/**
 * Renders a page with the providers the shell gives it: i18n, colour mode and a router. Any
 * other path renders nothing; the current location is always shown, so a test can see where
 * the page sent the user.
 */
export function renderPage(
  page: ReactElement,
  { route = '/', path = '*', otherRoutes = [] }: RenderPageOptions = {},
) {
  initI18n();
  const user = userEvent.setup();
  const result = render(
    <ColorModeProvider>
      <MemoryRouter initialEntries={[route]}>
        <Routes>
          <Route path={path} element={page} />
          {otherRoutes.map((other) => (
            <Route key={other.path} path={other.path} element={other.element} />
          ))}
          {path === '*' ? null : <Route path="*" element={null} />}
        </Routes>
        <CurrentLocation />
      </MemoryRouter>
    </ColorModeProvider>,
  );
  return { user, ...result };
}
