import { useEffect, useState } from 'react';
import { ApiError, type NewsArticle } from 'shared-sdk';
import { prerenderedData } from 'shared-ui';
import { fetchNewsArticle } from '../api/news-api';

export type NewsArticleState =
  | { status: 'loading' }
  | { status: 'loaded'; article: NewsArticle }
  | { status: 'not-found' }
  | { status: 'failed' };

/** The key an article is prerendered under (the build's prerender step writes it). */
export const newsArticleDataKey = (slug: string) => `news/${slug}`;

/** One article by slug. "not-found" is for the page to turn into the shell's 404. */
export function useNewsArticle(slug: string) {
  const [attempt, setAttempt] = useState(0);
  const key = `${attempt}:${slug}`;
  const [result, setResult] = useState<{ key: string; state: NewsArticleState } | null>(() => {
    // A prerendered article page hydrates with the article it was built with.
    const article = prerenderedData<NewsArticle>(newsArticleDataKey(slug));
    return article ? { key, state: { status: 'loaded', article } } : null;
  });

  useEffect(() => {
    if (result?.key === key) return;
    let current = true;
    fetchNewsArticle(slug).then(
      (article) => current && setResult({ key, state: { status: 'loaded', article } }),
      (error: unknown) => {
        if (!current) return;
        // The API answers 400 for a slug that cannot exist (bad characters): no such page either.
        const missing = error instanceof ApiError && (error.status === 404 || error.status === 400);
        setResult({ key, state: { status: missing ? 'not-found' : 'failed' } });
      },
    );
    return () => {
      current = false;
    };
    // `result` is read only to skip the request when the article came with the page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, slug]);

  const state: NewsArticleState =
    result && result.key === key ? result.state : { status: 'loading' };
  return { state, retry: () => setAttempt((previous) => previous + 1) };
}
