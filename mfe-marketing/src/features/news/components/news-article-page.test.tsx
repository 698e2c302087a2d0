import { screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { PageError } from 'shared-sdk';
import { CaptureErrors } from '@testing/capture-errors';
import { errorReply, fakeApi } from '@testing/fake-api';
import { buildNewsArticle } from '@testing/data-generators';
import { renderPage } from '@testing/render-page';
import { NewsArticlePage } from './news-article-page';

const article = buildNewsArticle({
  slug: 'chat-takeover-now-shows-pending-first',
  title: 'Chat takeover now shows pending conversations first',
  author: 'Parley product team',
  publishedAt: '2025-03-04',
  html: '<h2>What changed</h2><p>Waiting conversations come <strong>first</strong>.</p>',
});

function renderArticle(slug: string, onError?: (error: unknown) => void) {
  return renderPage(
    <CaptureErrors onError={onError}>
      <NewsArticlePage />
    </CaptureErrors>,
    { route: `/news/${slug}`, path: '/news/:slug' },
  );
}

describe('NewsArticlePage', () => {
  afterEach(() => jest.restoreAllMocks());

  it('fetches the article for the slug in the URL and renders its HTML', async () => {
    const { requests } = fakeApi(({ url }) =>
      url === `/api/news/${article.slug}`
        ? { status: 200, body: article }
        : errorReply(404, 'not-found', 'Page Not Found'),
    );
    renderArticle(article.slug);

    expect(screen.getByRole('status')).toHaveTextContent('Loading article…');
    expect(
      await screen.findByRole('heading', { level: 1, name: article.title }),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'What changed' })).toBeInTheDocument();
    expect(screen.getByText('first', { selector: 'strong' })).toBeInTheDocument();
    expect(screen.getByText('March 4, 2025')).toHaveAttribute('datetime', '2025-03-04');
    expect(screen.getByText('By Parley product team')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /All news and resources/ })).toHaveAttribute(
      'href',
      '/resources',
    );
    await waitFor(() => expect(document.title).toBe(`${article.title} · Parley`));
    expect(requests.map((request) => request.url)).toEqual([`/api/news/${article.slug}`]);
  });

  it('follows links to our own pages inside the article without reloading', async () => {
    fakeApi(() => ({
      status: 200,
      body: { ...article, html: '<p>See <a href="/pricing">our plans</a>.</p>' },
    }));
    const { user } = renderPage(
      <Routes>
        <Route path="/news/:slug" element={<NewsArticlePage />} />
        <Route path="/pricing" element={<p>Pricing page</p>} />
      </Routes>,
      { route: `/news/${article.slug}` },
    );

    await user.click(await screen.findByRole('link', { name: 'our plans' }));

    expect(screen.getByText('Pricing page')).toBeInTheDocument();
  });

  it('throws a 404 PageError for a slug the API does not know', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    fakeApi(() => errorReply(404, 'not-found', 'Page Not Found: /news/no-such-story'));
    const caught: unknown[] = [];
    renderArticle('no-such-story', (error) => caught.push(error));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Page Not Found: /news/no-such-story',
    );
    expect(caught).toHaveLength(1);
    expect(caught[0]).toBeInstanceOf(PageError);
    expect((caught[0] as PageError).status).toBe(404);
    expect((caught[0] as PageError).message).toBe('Page Not Found: /news/no-such-story');
  });

  it('shows an error with a retry button when loading fails for another reason', async () => {
    let fail = true;
    fakeApi(() =>
      fail ? errorReply(503, 'unavailable', 'Try later') : { status: 200, body: article },
    );
    const caught: unknown[] = [];
    const { user } = renderArticle(article.slug, (error) => caught.push(error));

    expect(
      await screen.findByRole('heading', { level: 1, name: "This article didn't load" }),
    ).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: article.title }),
    ).toBeInTheDocument();
    expect(caught).toEqual([]);
  });
});
