import { useEffect, useState } from 'react';
import { ApiError, type NewsArticle } from 'shared-sdk';
import { fetchNewsArticle } from '../api/news-api';

export type NewsArticleState =
  | { status: 'loading' }
  | { status: 'loaded'; article: NewsArticle }
  | { status: 'not-found' }
  | { status: 'failed' };

/** One article by slug. "not-found" is for the page to turn into the shell's 404. */
export function useNewsArticle(slug: string) {
  const [attempt, setAttempt] = useState(0);
  const key = `${attempt}:${slug}`;
  const [result, setResult] = useState<{ key: string; state: NewsArticleState } | null>(null);

  useEffect(() => {
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
  }, [key, slug]);

  const state: NewsArticleState =
    result && result.key === key ? result.state : { status: 'loading' };
  return { state, retry: () => setAttempt((previous) => previous + 1) };
}
