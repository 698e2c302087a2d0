import { call, siteEndpoints, type NewsArticle, type NewsList } from 'shared-sdk';

// The API validates its responses against the shared schemas; reading them here as typed data
// keeps zod (shared-sdk/schemas) out of the news pages.

/** GET /api/news: summaries, newest first. */
export async function fetchNewsList(): Promise<NewsList['articles']> {
  return (await call(siteEndpoints.newsList)).articles;
}

/** GET /api/news/:slug: one article with its server-rendered HTML. */
export function fetchNewsArticle(slug: string): Promise<NewsArticle> {
  return call(siteEndpoints.newsArticle, { slug });
}
