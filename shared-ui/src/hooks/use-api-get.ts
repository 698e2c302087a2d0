import { useEffect, useState } from 'react';
import { apiClient } from 'shared-sdk';

export type ApiGetState<T> =
  { status: 'loading' } | { status: 'loaded'; data: T } | { status: 'failed'; error: unknown };

/**
 * GET `path` once per path (and again on `retry`). `setData` replaces what was loaded, e.g. with
 * what a later PATCH answered, without asking again.
 */
export function useApiGet<T>(path: string) {
  const [attempt, setAttempt] = useState(0);
  const key = `${attempt}:${path}`;
  const [result, setResult] = useState<{ key: string; state: ApiGetState<T> } | null>(null);

  useEffect(() => {
    let current = true;
    apiClient()
      .get<T>(path)
      .then(
        (data) => current && setResult({ key, state: { status: 'loaded', data } }),
        (error: unknown) => {
          if (current) setResult({ key, state: { status: 'failed', error } });
        },
      );
    return () => {
      current = false;
    };
  }, [key, path]);

  const state: ApiGetState<T> = result && result.key === key ? result.state : { status: 'loading' };
  return {
    state,
    retry: () => setAttempt((previous) => previous + 1),
    setData: (update: (data: T) => T) =>
      setResult((previous) =>
        previous?.key === key && previous.state.status === 'loaded'
          ? { key, state: { status: 'loaded', data: update(previous.state.data) } }
          : previous,
      ),
  };
}
