import { act, screen, waitFor, within } from '@testing-library/react';
import type { LiveDoc } from 'shared-sdk/live';
import { connectFakeLive } from '@testing/fake-live-server';
import { renderPage } from '@testing/render-page';
import { Provider } from 'react-redux';
import { makeStore } from '../../store/store';
import { StatisticsPanel } from './statistics-panel';
import '../../i18n/shell';

// chart.js needs a real canvas; the numbers are asserted through the cards and the table.
jest.mock('./statistics-chart', () => ({ StatisticsChart: () => <div data-testid="chart" /> }));

const statistics = (overrides: Partial<Record<string, unknown>> = {}): LiveDoc => ({
  id: 'ws-1',
  workspaceId: 'ws-1',
  tickets: { open: 3, closed: 4 },
  products: { all: 6, active: 3, disabled: 2, processing: 1 },
  conversations: { all: 9, resolved: 5, pending: 4 },
  aiTrainingQnas: { count: 12 },
  ratings: { count: 0, sum: 0, average: null },
  ...overrides,
});

const row = (name: string) =>
  within(screen.getByRole('table', { name: 'Workspace statistics' })).getByRole('row', { name });

/** Renders the panel; live queries load first (the panel suspends meanwhile). */
async function renderPanel() {
  let view: ReturnType<typeof renderPage> | undefined;
  await act(async () => {
    view = renderPage(
      <Provider store={makeStore()}>
        <StatisticsPanel workspaceId="ws-1" />
      </Provider>,
    );
  });
  return view!;
}

describe('StatisticsPanel', () => {
  it("reads the workspace's statistics document live and shows it as numbers, chart and table", async () => {
    const live = connectFakeLive(() => [statistics()]);
    await renderPanel();
    expect(screen.getByRole('status')).toHaveTextContent('Loading');

    expect(await screen.findByTestId('stat-tickets')).toHaveTextContent('7');
    expect(screen.getByTestId('stat-conversations')).toHaveTextContent('9');
    expect(screen.getByTestId('stat-products')).toHaveTextContent('6');
    expect(screen.getByTestId('stat-qnas')).toHaveTextContent('12');
    expect(row('Conversations: Unresolved 4')).toBeInTheDocument();
    expect(await screen.findByTestId('chart')).toBeInTheDocument();
    expect(live.subscriptions.map((item) => item.query)).toEqual([
      { collection: 'statistics', workspaceId: 'ws-1' },
    ]);
  });

  it('updates the numbers when a change arrives, without reloading', async () => {
    const live = connectFakeLive(() => [statistics()]);
    await renderPanel();
    expect(await screen.findByTestId('stat-tickets')).toHaveTextContent('7');

    // A ticket is opened and a conversation resolved elsewhere.
    await live.commit('statistics', [
      {
        type: 'modified',
        doc: statistics({
          tickets: { open: 4, closed: 4 },
          conversations: { all: 9, resolved: 6, pending: 3 },
        }),
      },
    ]);
    await waitFor(() => expect(screen.getByTestId('stat-tickets')).toHaveTextContent('8'));
    expect(row('Tickets: Open 4')).toBeInTheDocument();
    expect(row('Conversations: Unresolved 3')).toBeInTheDocument();
    expect(live.subscriptions).toHaveLength(1);
  });

  it("shows the customers' average rating once there is one, live", async () => {
    const live = connectFakeLive(() => [statistics()]);
    await renderPanel();
    expect(await screen.findByTestId('stat-satisfaction')).toHaveTextContent('—');
    expect(screen.getByText(/No ratings yet/)).toBeInTheDocument();

    await live.commit('statistics', [
      { type: 'modified', doc: statistics({ ratings: { count: 3, sum: 13, average: 13 / 3 } }) },
    ]);
    await waitFor(() =>
      expect(screen.getByTestId('stat-satisfaction')).toHaveTextContent('4.3 / 5'),
    );
    expect(screen.getByText('Average of 3 ratings')).toBeInTheDocument();
    expect(row('Customer satisfaction: Ratings 3')).toBeInTheDocument();
  });

  it('says when the statistics cannot be read, and tries again on request', async () => {
    let answer: LiveDoc[] = [];
    const live = connectFakeLive(() => answer);
    const { user } = await renderPanel();
    await waitFor(() => expect(live.subscriptions).toHaveLength(1));
    await live.refuse('statistics', 'permission-denied', 'Not a member of this workspace');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "We couldn't load this workspace's statistics.",
    );
    expect(screen.queryByTestId('stat-tickets')).not.toBeInTheDocument();

    answer = [statistics()];
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('stat-tickets')).toHaveTextContent('7');
    expect(live.received.filter((message) => message.type === 'subscribe')).toHaveLength(2);
  });
});
