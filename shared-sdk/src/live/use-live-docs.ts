import { useCallback, useEffect, useMemo, useState } from 'react';
import type { LiveDoc, LiveQuery } from '../schemas/live';
import {
  configuredLiveClient,
  liveClientReady,
  type LiveClient,
  type LiveState,
} from './live-client';
import { liveQueryKey } from './live-docs';

export interface LiveDocs<T> extends Omit<LiveState, 'docs'> {
  docs: (T & LiveDoc)[];
  /** Subscribes again after the server ended the subscription with an error. */
  retry: () => void;
}

const loading: LiveState = { status: 'loading', docs: [] };

/**
 * The documents of a live query, in its order, re-rendering on every change the server sends
 * (product-spec.md §4: lists refresh when items are added, changed or removed), straight from the page's
 * live client: what the remotes' pages read, without the shell's store. `null` reads nothing.
 * The query may be a new object on every render: equal queries keep one subscription.
 */
export function useLiveDocs<T>(query: LiveQuery | null): LiveDocs<T> {
  const key = query ? liveQueryKey(query) : null;
  const stableQuery = useMemo(() => (key ? (JSON.parse(key) as LiveQuery) : null), [key]);
  const [result, setResult] = useState<{ key: string; state: LiveState } | null>(null);

  useEffect(() => {
    if (!stableQuery || !key) return;
    let unsubscribe: (() => void) | undefined;
    let current = true;
    const subscribe = (client: LiveClient) => {
      unsubscribe = client.subscribe(stableQuery, (state) => setResult({ key, state }));
    };
    // Usually the client exists: subscribe at once (its listener hears the known state now).
    const client = configuredLiveClient();
    if (client) subscribe(client);
    else
      void liveClientReady().then((ready) => {
        if (current) subscribe(ready);
      });
    return () => {
      current = false;
      unsubscribe?.();
    };
  }, [key, stableQuery]);

  const retry = useCallback(() => {
    if (stableQuery) configuredLiveClient()?.retry(stableQuery);
  }, [stableQuery]);
  const state = result && result.key === key ? result.state : loading;
  return { ...state, docs: state.docs as (T & LiveDoc)[], retry };
}
