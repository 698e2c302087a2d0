import { screen } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { buildAuthResponse, buildWorkspaceUser } from '@testing/data-generators';
import { connectFakeApi, renderWithProviders } from '../testing/render-with-providers';
import { makeStore } from '../store/store';
import { fetchWorkspaces } from '../store/workspaces-slice';
import { GuardedRoute } from './guarded-route';

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
    const api = await connectFakeApi((method, path) =>
      path === '/api/auth/login'
        ? { status: 200, body: buildAuthResponse() }
        : path.startsWith('/api/user/is-admin')
          ? { status: 200, body: path.endsWith('ws_fernhill') }
          : { status: 204 },
    );
    await api.session.signIn({ email: 'ada@example.com', password: 'secret1' });
    renderWithProviders(tree, { path: '/dashboard/ws_fernhill' });
    expect(await screen.findByRole('heading', { name: 'Workspace home' })).toBeInTheDocument();
    expect(api.requests.map((request) => request.path)).toContain(
      '/api/user/is-admin?workspaceId=ws_fernhill',
    );
  });

  it('sends a member who is not admin to /dashboard with the redirect query', async () => {
    const api = await connectFakeApi((method, path) =>
      path === '/api/auth/login'
        ? { status: 200, body: buildAuthResponse() }
        : path === '/api/user/workspaces'
          ? { status: 200, body: [buildWorkspaceUser({ workspaceId: 'ws-2', role: 'agent' })] }
          : { status: 204 },
    );
    await api.session.signIn({ email: 'ada@example.com', password: 'secret1' });
    const store = makeStore();
    await store.dispatch(fetchWorkspaces());
    renderWithProviders(tree, { path: '/dashboard/ws-2', store });
    expect(await screen.findByTestId('where')).toHaveTextContent(
      '/dashboard?redirect=%2Fdashboard%2Fws-2',
    );
    // The loaded memberships answered; the server was not asked.
    expect(api.requests.some((request) => request.path.startsWith('/api/user/is-admin'))).toBe(
      false,
    );
  });

  it('sends a signed-out visitor to /login with the redirect query', async () => {
    await connectFakeApi(() => ({ status: 204 }));
    renderWithProviders(tree, { path: '/dashboard/ws_fernhill' });
    expect(await screen.findByTestId('where')).toHaveTextContent(
      '/login?redirect=%2Fdashboard%2Fws_fernhill',
    );
  });
});
