import { Suspense, useMemo, type ReactNode } from 'react';
import { matchRoutes, Route, Routes, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ColorModeProvider, GlobalStyle, Loading, ToastProvider } from 'shared-ui';
import { ErrorPage } from '../features/error-page/error-page';
import { NewVersionPrompt } from '../features/new-build/new-version-prompt';
import { RemotePage } from '../features/remotes/remote-page';
import { ErrorLayout } from '../layouts/error-layout';
import { getLayout } from '../layouts/layouts';
import { StoreBoundary, storeLayouts } from '../store/store-boundary';
import { GuardedRoute } from './guarded-route';
import { isDashboardPath } from './route-guard';
import { routes as appRoutes, type RouteDefinition } from './routes';

// product-spec.md §8: unknown paths show the 404 page with 'Page Not Found: {path}'.
function NotFound() {
  const { pathname } = useLocation();
  return (
    <ErrorLayout>
      <ErrorPage status={404} message={`Page Not Found: ${pathname}`} />
    </ErrorLayout>
  );
}

function PageLoading() {
  const { t } = useTranslation('common');
  return <Loading label={t('loading')} />;
}

function PageContent({ route }: { route: RouteDefinition }) {
  if ('remote' in route.page) return <RemotePage page={route.page} />;
  const Page = route.page.shell;
  return <Page />;
}

export function App({ routes = appRoutes }: { routes?: RouteDefinition[] }) {
  const location = useLocation();
  const match = matchRoutes(routes, location)?.[0]?.route as RouteDefinition | undefined;
  // An unknown path under a workspace still passes the admin check, which reads the store, before
  // its 404 page: every dashboard path has the store, not only those a route names.
  const storeNeeded = storeLayouts.has(match?.layout) || isDashboardPath(location.pathname);
  const views = useMemo(
    () =>
      routes.map((route) => ({
        route,
        Layout: route.layout === null ? Bare : getLayout(route.layout),
      })),
    [routes],
  );
  return (
    <ColorModeProvider forcedMode={match?.colorMode}>
      <GlobalStyle />
      <NewVersionPrompt />
      <ToastProvider>
        <StoreBoundary needed={storeNeeded}>
          <Routes>
            {views.map(({ route, Layout }) => (
              <Route
                key={route.name}
                path={route.path}
                element={
                  <GuardedRoute routeName={route.name}>
                    <Suspense fallback={<PageLoading />}>
                      <Layout sideMenu={route.sideMenu}>
                        <PageContent route={route} />
                      </Layout>
                    </Suspense>
                  </GuardedRoute>
                }
              />
            ))}
            <Route
              path="*"
              element={
                <GuardedRoute routeName={undefined}>
                  <NotFound />
                </GuardedRoute>
              }
            />
          </Routes>
        </StoreBoundary>
      </ToastProvider>
    </ColorModeProvider>
  );
}

/** product-spec.md §2: "no layout" (the signup page). */
function Bare({ children }: { children: ReactNode }) {
  return <>{children}</>;
}
