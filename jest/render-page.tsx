import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentType, ReactElement, ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { ColorModeProvider, initI18n, ToastProvider } from 'shared-ui';
import { CaptureErrors } from './capture-errors';

export interface RenderPageOptions {
  /** The URL the page is opened at. */
  route?: string;
  /** The navigation state the page that sent the user here gave along (`navigate(to, { state })`). */
  state?: unknown;
  /** The route pattern it is mounted under, for `useParams()` (e.g. "/dashboard/:workspaceId"). */
  path?: string;
  /** Other pages the page may send the user to, rendered when the URL matches theirs. */
  otherRoutes?: { path: string; element: ReactElement }[];
  /** Told of what the page throws (e.g. a PageError for the shell's 404 page). */
  onError?: (error: unknown) => void;
  /** Around everything, e.g. the shell's Redux store: `({ children }) => <Provider …>`. */
  wrapper?: ComponentType<{ children: ReactNode }>;
  /**
   * False when the tree brings its own colour mode and toasts (the shell's whole App): two
   * colour-mode providers would fight over the page's mode.
   */
  frame?: boolean;
}

/** Where the page is (path and query), for tests of links, redirects and navigation. */
function CurrentLocation() {
  const location = useLocation();
  return <div data-testid="location">{`${location.pathname}${location.search}`}</div>;
}

/**
 * Renders a page with what the shell gives every remote's page: i18n, colour mode, toasts, a
 * router and an error boundary. Any other path renders nothing; the current location is always
 * shown, so a test can see where the page sent the user.
 */
export function renderPage(
  page: ReactElement,
  {
    route = '/',
    state,
    path = '*',
    otherRoutes = [],
    onError,
    wrapper: Wrapper,
    frame = true,
  }: RenderPageOptions = {},
) {
  initI18n();
  const user = userEvent.setup();
  const [pathname = '/', query] = route.split('?');
  const entry = state === undefined ? route : { pathname, search: query ? `?${query}` : '', state };
  const routes = (
    <>
      <CaptureErrors onError={onError}>
        <Routes>
          <Route path={path} element={page} />
          {otherRoutes.map((other) => (
            <Route key={other.path} path={other.path} element={other.element} />
          ))}
          {path === '*' ? null : <Route path="*" element={null} />}
        </Routes>
      </CaptureErrors>
      <CurrentLocation />
    </>
  );
  const tree = frame ? (
    <ColorModeProvider>
      <MemoryRouter initialEntries={[entry]}>
        <ToastProvider>{routes}</ToastProvider>
      </MemoryRouter>
    </ColorModeProvider>
  ) : (
    <MemoryRouter initialEntries={[entry]}>{routes}</MemoryRouter>
  );
  const result = render(Wrapper ? <Wrapper>{tree}</Wrapper> : tree);
  return { user, ...result };
}
