import { screen, within } from '@testing-library/react';
import { errorReply, fakeApi, notFoundReply, type FakeRequest } from '@testing/fake-api';
import { connectFakeLive } from '@testing/fake-live-server';
import { renderPage } from '@testing/render-page';
import { signIn } from '@testing/sign-in';
import { buildReport, buildReportConversation } from '../testing/build-report';
import { ReportsPage } from './reports-page';

// chart.js needs a real canvas; the numbers are asserted through the figures and the tables.
jest.mock('./line-chart', () => ({
  LineChart: ({ title }: { title: string }) => <div role="img" aria-label={title} />,
}));

jest.setTimeout(15_000);

const route = '/dashboard/ws_fernhill/reports';
const path = '/dashboard/:workspaceId/reports';

async function renderReports(answer: (request: FakeRequest) => ReturnType<typeof notFoundReply>) {
  const api = fakeApi(answer);
  await signIn();
  connectFakeLive(() => []);
  return { api, ...renderPage(<ReportsPage />, { route, path }) };
}

const reportsAnswer = (request: FakeRequest) => {
  if (request.url.startsWith('/api/user/reports?')) return { status: 200, body: buildReport() };
  if (request.url.startsWith('/api/user/report-conversations?')) {
    return {
      status: 200,
      body: { conversations: [buildReportConversation()], truncated: false },
    };
  }
  if (request.url.startsWith('/api/user/unanswered-questions?')) {
    return { status: 200, body: { groups: [], truncated: false } };
  }
  return notFoundReply(request);
};

describe('Reports', () => {
  it('asks for the last 7 days and shows each figure beside the previous period', async () => {
    const { api } = await renderReports(reportsAnswer);
    const conversations = await screen.findByRole('region', { name: 'Conversations' });
    const figure = within(conversations).getByText('New', { selector: 'dt' }).closest('div')!;
    expect(figure).toHaveTextContent('12');
    expect(figure).toHaveTextContent('Previous period: 8');
    expect(api.requests.map((request) => request.url)).toContain(
      '/api/user/reports?workspaceId=ws_fernhill&days=7',
    );
    const speed = screen.getByRole('region', { name: 'Speed' });
    expect(
      within(speed).getByText('First response, median', { selector: 'dt' }).closest('div'),
    ).toHaveTextContent('2 min 30 s');
  });

  it('shows a chart as a table, and a day’s conversations linked to chat takeover', async () => {
    const { user } = await renderReports(reportsAnswer);
    const conversations = await screen.findByRole('region', { name: 'Conversations' });
    await user.click(within(conversations).getByRole('button', { name: 'View as table' }));
    const table = within(conversations).getByRole('table', {
      name: 'New and resolved conversations per day',
    });
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('2026-03-29752');
    await user.click(
      within(table).getByRole('button', { name: 'Show the conversations of 2026-03-29' }),
    );
    const list = await screen.findByRole('region', {
      name: 'Conversations: created on 2026-03-29',
    });
    expect(await within(list).findByRole('link', { name: 'Maya Patel' })).toHaveAttribute(
      'href',
      '/dashboard/ws_fernhill/chat-takeover/cnv_maya',
    );
  });

  it('downloads one row per conversation through a link that streams the file', async () => {
    await renderReports(reportsAnswer);
    expect(
      await screen.findByRole('link', { name: 'One row per conversation (CSV)' }),
    ).toHaveAttribute(
      'href',
      '/api/user/report-conversations.csv?workspaceId=ws_fernhill&from=2026-03-29&to=2026-03-30',
    );
  });

  it('tells an agent that reports are for admins', async () => {
    await renderReports(() => errorReply(403, 'permission-denied', 'Only admins may do this'));
    expect(
      await screen.findByText('Only admins of this workspace can read its reports.'),
    ).toBeInTheDocument();
  });
});
