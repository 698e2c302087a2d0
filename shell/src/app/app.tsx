import { useMemo } from 'react';
import { matchRoutes, Route, Routes, useLocation } from 'react-router-dom';
import { ColorModeProvider, GlobalStyle } from 'shared-ui';
import { ErrorPage } from '../features/error-page/error-page';
import { RemotePage } from '../features/remotes/remote-page';
import { ErrorLayout } from '../layouts/error-layout';
import { getLayout } from '../layouts/layouts';
import { routes as appRoutes, type RouteDefinition } from './routes';

// spec §8: unknown paths show the 404 page with 'Page Not Found: {path}'.
function NotFound() {
  const { pathname } = useLocation();
  return (
    <ErrorLayout>
      <ErrorPage status={404} message={`Page Not Found: ${pathname}`} />
    </ErrorLayout>
  );
}

export function App({ routes = appRoutes }: { routes?: RouteDefinition[] }) {
  const location = useLocation();
  const match = matchRoutes(routes, location)?.[0]?.route as RouteDefinition | undefined;
  const views = useMemo(
    () => routes.map((route) => ({ route, Layout: getLayout(route.layout) })),
    [routes],
  );
  return (
    <ColorModeProvider forcedMode={match?.colorMode}>
      <GlobalStyle />
      <Routes>
        {views.map(({ route, Layout }) => (
          <Route
            key={route.name}
            path={route.path}
            element={
              <Layout>
                <RemotePage page={route.page} />
              </Layout>
            }
          />
        ))}
        <Route path="*" element={<NotFound />} />
      </Routes>
    </ColorModeProvider>
  );
}
