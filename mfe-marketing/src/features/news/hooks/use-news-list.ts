import { useEffect, useState } from 'react';
import type { NewsArticleSummary } from 'shared-sdk';
import { fetchNewsList } from '../api/news-api';

export type NewsListState =
  | { status: 'loading' }
  | { status: 'loaded'; articles: NewsArticleSummary[] }
  | { status: 'failed' };

/** The news list, fetched on mount and again on `retry()`. */
export function useNewsList() {
  const [attempt, setAttempt] = useState(0);
  // Keyed by attempt, so a retry shows loading again without resetting state inside the effect.
  const [result, setResult] = useState<{ attempt: number; state: NewsListState } | null>(null);

  useEffect(() => {
    let current = true;
    fetchNewsList().then(
      (articles) => current && setResult({ attempt, state: { status: 'loaded', articles } }),
      () => current && setResult({ attempt, state: { status: 'failed' } }),
    );
    return () => {
      current = false;
    };
  }, [attempt]);

  const state: NewsListState =
    result && result.attempt === attempt ? result.state : { status: 'loading' };
  return { state, retry: () => setAttempt((previous) => previous + 1) };
}
