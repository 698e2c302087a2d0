import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { ColorModeProvider, initI18n } from 'shared-ui';
import { CaptureErrors } from '@testing/capture-errors';

interface RenderPageOptions {
  /** The URL the page is opened at. */
  route?: string;
  /** The route pattern it is mounted under, for `useParams()` (e.g. "/dashboard/:workspaceId"). */
  path?: string;
  /** Told of what the page throws (e.g. a PageError for the shell's 404 page). */
  onError?: (error: unknown) => void;
}

/** Shows where the page navigated to, for tests of links and redirects. */
function CurrentLocation() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname}</output>;
}

/**
 * Renders a page with what the shell gives it: i18n, colour mode, a router and an error
 * boundary. Any other path renders only the current location, so a test
 * can see where the page sent the user.
 */
export function renderPage(
  page: ReactElement,
  { route = '/', path = '*', onError }: RenderPageOptions = {},
) {
  initI18n();
  const user = userEvent.setup();
  const result = render(
    <ColorModeProvider>
      <MemoryRouter initialEntries={[route]}>
        <CaptureErrors onError={onError}>
          <Routes>
            <Route path={path} element={page} />
            {path === '*' ? null : <Route path="*" element={<CurrentLocation />} />}
          </Routes>
        </CaptureErrors>
      </MemoryRouter>
    </ColorModeProvider>,
  );
  return { user, ...result };
}
