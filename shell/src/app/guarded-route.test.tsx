import { screen } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { buildAuthResponse, buildWorkspaceUser } from '@testing/data-generators';
import { fakeApi } from '@testing/fake-api';
import { startSession } from '@testing/sign-in';
import { renderPage } from '@testing/render-page';
import { Provider } from 'react-redux';
import { makeStore } from '../store/store';
import { fetchWorkspaces } from '../store/workspaces-slice';
import { GuardedRoute } from './guarded-route';
import '../i18n/shell';

function Where() {
  const { pathname, search } = useLocation();
  return <p data-testid="where">{`${pathname}${search}`}</p>;
}

const tree = (
  <Routes>
    <Route
      path="/dashboard/:workspaceId"
      element={
        <GuardedRoute routeName="dashboard-workspaceId">
          <h1>Workspace home</h1>
        </GuardedRoute>
      }
    />
    <Route path="*" element={<Where />} />
  </Routes>
);

describe('GuardedRoute', () => {
  it('asks the server whether the user is admin when memberships are not loaded', async () => {
    const api = fakeApi(({ url: path }) =>
      path === '/api/auth/login'
        ? { status: 200, body: buildAuthResponse() }
        : path.startsWith('/api/user/is-admin')
          ? { status: 200, body: path.endsWith('ws_fernhill') }
          : { status: 204 },
    );
    const session = await startSession();
    await session.signIn({ email: 'ada@example.com', password: 'secret1' });
    renderPage(<Provider store={makeStore()}>{tree}</Provider>, {
      route: '/dashboard/ws_fernhill',
    });
    expect(await screen.findByRole('heading', { name: 'Workspace home' })).toBeInTheDocument();
    expect(api.requests.map((request) => request.url)).toContain(
      '/api/user/is-admin?workspaceId=ws_fernhill',
    );
  });

  it('sends a member who is not admin to /dashboard with the redirect query', async () => {
    const api = fakeApi(({ url: path }) =>
      path === '/api/auth/login'
        ? { status: 200, body: buildAuthResponse() }
        : path === '/api/user/workspaces'
          ? { status: 200, body: [buildWorkspaceUser({ workspaceId: 'ws-2', role: 'agent' })] }
          : { status: 204 },
    );
    const session = await startSession();
    await session.signIn({ email: 'ada@example.com', password: 'secret1' });
    const store = makeStore();
    await store.dispatch(fetchWorkspaces());
    renderPage(<Provider store={store}>{tree}</Provider>, { route: '/dashboard/ws-2' });
    expect(await screen.findByTestId('where')).toHaveTextContent(
      '/dashboard?redirect=%2Fdashboard%2Fws-2',
    );
    // The loaded memberships answered; the server was not asked.
    expect(api.requests.some((request) => request.url.startsWith('/api/user/is-admin'))).toBe(
      false,
    );
  });

  it('sends a signed-out visitor to /login with the redirect query', async () => {
    fakeApi(() => ({ status: 204 }));
    await startSession();
    renderPage(<Provider store={makeStore()}>{tree}</Provider>, {
      route: '/dashboard/ws_fernhill',
    });
    expect(await screen.findByTestId('where')).toHaveTextContent(
      '/login?redirect=%2Fdashboard%2Fws_fernhill',
    );
  });
});
