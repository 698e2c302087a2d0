import { act, screen, within } from '@testing-library/react';
import { buildAuthResponse, buildWorkspaceUser } from '@testing/data-generators';
import { connectFakeLive } from '@testing/fake-live-server';
import { fakeApi } from '@testing/fake-api';
import { startSession } from '@testing/sign-in';
import { renderPage } from '@testing/render-page';
import { Provider } from 'react-redux';
import { makeStore } from '../../store/store';
import { fetchWorkspaces } from '../../store/workspaces-slice';
import { DashboardHomePage } from './dashboard-home-page';
import '../../i18n/shell';

// chart.js needs a real canvas; the numbers are asserted through the table.
jest.mock('./statistics-chart', () => ({ StatisticsChart: () => <div data-testid="chart" /> }));

const statistics = {
  id: 'ws_fernhill',
  workspaceId: 'ws_fernhill',
  tickets: { open: 3, closed: 4 },
  products: { all: 6, active: 3, disabled: 2, processing: 1 },
  conversations: { all: 9, resolved: 5, pending: 4 },
  aiTrainingQnas: { count: 12 },
  ratings: { count: 0, sum: 0, average: null },
};

async function signedInWith(memberships: ReturnType<typeof buildWorkspaceUser>[]) {
  const api = fakeApi(({ method, url: path, body }) => {
    if (path === '/api/auth/login') return { status: 200, body: buildAuthResponse() };
    if (path === '/api/user/workspaces' && method === 'GET')
      return { status: 200, body: memberships };
    if (path === '/api/user/workspaces' && method === 'POST') {
      const { workspaceName, websiteUrl } = body as { workspaceName: string; websiteUrl: string };
      return {
        status: 201,
        body: buildWorkspaceUser({
          workspace: {
            ...buildWorkspaceUser().workspace,
            id: 'ws-new',
            name: workspaceName,
            url: websiteUrl,
          },
        }),
      };
    }
    return { status: 204 };
  });
  const session = await startSession();
  await session.signIn({ email: 'ada@example.com', password: 'secret1' });
  // The statistics are read live.
  connectFakeLive((query) => (query.collection === 'statistics' ? [statistics] : []));
  const store = makeStore();
  await store.dispatch(fetchWorkspaces());
  return { api, store };
}

describe('dashboard home', () => {
  beforeEach(() => window.localStorage.clear());

  it("shows the current workspace's statistics as numbers and a chart (product-spec.md §3)", async () => {
    const { store } = await signedInWith([buildWorkspaceUser()]);
    // The statistics suspend while live queries load: an awaited act lets them resume.
    await act(async () => {
      renderPage(
        <Provider store={store}>
          <DashboardHomePage />
        </Provider>,
        { route: '/dashboard' },
      );
    });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Hello, Ada');
    expect(await screen.findByTestId('stat-tickets')).toHaveTextContent('7');
    expect(screen.getByTestId('stat-conversations')).toHaveTextContent('9');
    expect(screen.getByTestId('stat-products')).toHaveTextContent('6');
    expect(screen.getByTestId('stat-qnas')).toHaveTextContent('12');
    const table = screen.getByRole('table', { name: 'Workspace statistics' });
    expect(
      within(table).getByRole('row', { name: 'Conversations: Unresolved 4' }),
    ).toBeInTheDocument();
    expect(await screen.findByTestId('chart')).toBeInTheDocument();
  });

  it('prompts a user without a workspace to add one (product-spec.md §4), then opens it', async () => {
    const { api, store } = await signedInWith([]);
    const { user } = renderPage(
      <Provider store={store}>
        <DashboardHomePage />
      </Provider>,
      { route: '/dashboard' },
    );
    expect(screen.getByRole('heading', { name: 'Add a workspace' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Workspace name'), 'Harbor Books');
    await user.type(screen.getByLabelText('Website'), 'https://harbor.example');
    await user.click(screen.getByRole('button', { name: 'Create workspace' }));
    expect(
      api.requests.find(
        (request) => request.method === 'POST' && request.url === '/api/user/workspaces',
      )?.body,
    ).toEqual({
      workspaceName: 'Harbor Books',
      websiteUrl: 'https://harbor.example',
    });
    expect(store.getState().workspaces.memberships.map((link) => link.workspaceId)).toEqual([
      'ws-new',
    ]);
  });

  it("says product-spec.md §8's 'Cannot fetch workspaces data' when the list fails, and tries again", async () => {
    let available = false;
    fakeApi(({ url: path }) => {
      if (path === '/api/auth/login') return { status: 200, body: buildAuthResponse() };
      if (path === '/api/user/workspaces') {
        return available ? { status: 200, body: [buildWorkspaceUser()] } : { status: 503 };
      }
      return { status: 204 };
    });
    const session = await startSession();
    await session.signIn({ email: 'ada@example.com', password: 'secret1' });
    connectFakeLive((query) => (query.collection === 'statistics' ? [statistics] : []));
    const store = makeStore();
    await store.dispatch(fetchWorkspaces());
    const { user } = renderPage(
      <Provider store={store}>
        <DashboardHomePage />
      </Provider>,
      { route: '/dashboard' },
    );

    expect(screen.getByRole('alert')).toHaveTextContent('Cannot fetch workspaces data');
    available = true;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('stat-tickets')).toHaveTextContent('7');
  });

  it('tells a member without admin rights whom to ask', async () => {
    const { store } = await signedInWith([buildWorkspaceUser({ role: 'agent' })]);
    renderPage(
      <Provider store={store}>
        <DashboardHomePage />
      </Provider>,
      { route: '/dashboard' },
    );
    expect(screen.getByText(/Ask an admin for admin rights/)).toBeInTheDocument();
    expect(screen.queryByTestId('stat-tickets')).not.toBeInTheDocument();
  });
});
