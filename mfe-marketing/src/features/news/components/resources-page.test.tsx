import { screen, within } from '@testing-library/react';
import { errorReply, fakeApi } from '@testing/fake-api';
import { buildNewsSummary } from '@testing/data-generators';
import { renderPage } from '@testing/render-page';
import { ResourcesPage } from './resources-page';

const articles = [
  buildNewsSummary({
    slug: 'tickets-can-now-be-forwarded-by-e-mail',
    title: 'Tickets can now be forwarded by e-mail',
    summary: 'Send every new ticket to your support inbox.',
    publishedAt: '2025-06-30',
    author: 'Parley product team',
  }),
  buildNewsSummary({
    slug: 'teach-your-bot-from-your-website',
    title: 'Teach your bot from your website',
    summary: 'Give us your address; we find the pages.',
    publishedAt: '2025-01-02',
    author: 'Parley engineering',
  }),
];

describe('ResourcesPage', () => {
  it('lists the articles from GET /api/news with links, dates and authors', async () => {
    const { requests } = fakeApi(() => ({ status: 200, body: { articles } }));
    renderPage(<ResourcesPage />, { route: '/resources' });

    expect(screen.getByRole('status')).toHaveTextContent('Loading articles…');
    const first = await screen.findByRole('link', {
      name: 'Tickets can now be forwarded by e-mail',
    });
    expect(first).toHaveAttribute('href', '/news/tickets-can-now-be-forwarded-by-e-mail');
    expect(screen.getByRole('link', { name: 'Teach your bot from your website' })).toHaveAttribute(
      'href',
      '/news/teach-your-bot-from-your-website',
    );

    const item = first.closest('li') as HTMLElement;
    expect(within(item).getByText('June 30, 2025')).toHaveAttribute('datetime', '2025-06-30');
    expect(within(item).getByText('By Parley product team')).toBeInTheDocument();
    expect(
      within(item).getByText('Send every new ticket to your support inbox.'),
    ).toBeInTheDocument();
    expect(screen.getByText('January 2, 2025')).toBeInTheDocument();
    expect(requests).toEqual([{ method: 'GET', url: '/api/news', body: undefined }]);
  });

  it('shows an error with a retry button when the list fails, and loads on retry', async () => {
    let fail = true;
    fakeApi(() =>
      fail ? errorReply(500, 'internal', 'Database offline') : { status: 200, body: { articles } },
    );
    const { user } = renderPage(<ResourcesPage />, { route: '/resources' });

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("We couldn't load the latest articles.");
    expect(screen.queryByRole('link', { name: articles[0]!.title })).not.toBeInTheDocument();

    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));

    expect(await screen.findByRole('link', { name: articles[0]!.title })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says so when there are no articles', async () => {
    fakeApi(() => ({ status: 200, body: { articles: [] } }));
    renderPage(<ResourcesPage />, { route: '/resources' });
    expect(await screen.findByText(/There are no articles to show right now/)).toBeInTheDocument();
  });
});
