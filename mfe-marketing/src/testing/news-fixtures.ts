import type { NewsArticle, NewsArticleSummary } from 'shared-sdk';

export function buildNewsArticle(overrides: Partial<NewsArticle> = {}): NewsArticle {
  return {
    slug: 'chat-takeover-now-shows-pending-first',
    title: 'Chat takeover now shows pending conversations first',
    summary: 'Conversations waiting for a human now sit at the top of the list.',
    publishedAt: '2025-03-04',
    author: 'Parley product team',
    html: '<p>Conversations that wait for an agent now come <strong>first</strong>.</p>',
    ...overrides,
  };
}

export function buildNewsSummary(overrides: Partial<NewsArticleSummary> = {}): NewsArticleSummary {
  const { slug, title, summary, publishedAt, author } = buildNewsArticle(overrides);
  return { slug, title, summary, publishedAt, author };
}
