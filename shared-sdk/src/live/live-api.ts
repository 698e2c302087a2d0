import { useCallback, useMemo } from 'react';
import { createApi, fakeBaseQuery } from '@reduxjs/toolkit/query/react';
import type { LiveDoc, LiveQuery } from '../schemas/live';
import { liveClient, type LiveState } from './live-client';
import { liveQueryKey } from './live-docs';

const loading: LiveState = { status: 'loading', docs: [] };

/**
 * Live reads in the Redux store: one cache entry per query, holding the documents the server
 * streams. The entry subscribes through the page's live client when it is added and unsubscribes
 * when it is removed (no component has used it for `keepUnusedDataFor` seconds).
 */
export const liveApi = createApi({
  reducerPath: 'live',
  baseQuery: fakeBaseQuery<LiveState['error']>(),
  // A live subscription costs the server work: let it go soon after its last reader.
  keepUnusedDataFor: 5,
  endpoints: (build) => ({
    liveQuery: build.query<LiveState, LiveQuery>({
      queryFn: () => ({ data: loading }),
      async onCacheEntryAdded(query, { updateCachedData, cacheDataLoaded, cacheEntryRemoved }) {
        try {
          await cacheDataLoaded;
        } catch {
          // Removed before it was ever read.
          return;
        }
        let unsubscribe: () => void;
        try {
          unsubscribe = liveClient().subscribe(query, (state) => updateCachedData(() => state));
        } catch (cause) {
          // The page configured no live client: say so in the cache rather than reject unseen.
          const message = cause instanceof Error ? cause.message : String(cause);
          updateCachedData(() => ({
            status: 'error',
            docs: [],
            error: { code: 'internal', message },
          }));
          return;
        }
        await cacheEntryRemoved;
        unsubscribe();
      },
    }),
  }),
});

export type LiveApi = typeof liveApi;

export type LiveQueryResult<T = Record<string, unknown>> = Omit<LiveState, 'docs'> & {
  docs: (T & { id: string })[];
  /** Subscribes again after the server ended the subscription with an error. */
  retry: () => void;
};

/**
 * The query's documents, live: re-renders on every change the server sends. Needs `liveApi` in
 * the store (reducer and middleware). The query may be a new object on every render.
 */
export function useLiveQuery<T = Record<string, unknown>>(query: LiveQuery): LiveQueryResult<T> {
  const key = liveQueryKey(query);
  // The key is the query's content: renders with an equal query reuse the same argument.
  const stableQuery = useMemo(() => JSON.parse(key) as LiveQuery, [key]);
  const { data = loading } = liveApi.useLiveQueryQuery(stableQuery);
  const retry = useCallback(() => liveClient().retry(stableQuery), [stableQuery]);
  return { ...data, docs: data.docs as (T & LiveDoc)[], retry };
}
