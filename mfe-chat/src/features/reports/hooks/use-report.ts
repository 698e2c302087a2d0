import { useEffect, useRef, useState } from 'react';
import { call, reportEndpoints } from 'shared-sdk';
import type { Conversation, Report, ReportQuery } from 'shared-sdk/schemas';
import { useLiveDocs } from 'shared-sdk/live';

export type ReportState =
  | { status: 'loading' }
  | { status: 'loaded'; report: Report }
  | { status: 'failed'; error: unknown };

/** Changes that arrive together are one reload. */
const settleMs = 1000;

/** Today in `timeZone`, YYYY-MM-DD (en-CA writes dates that way). */
export function todayIn(timeZone: string, now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

/**
 * The report of `query`. While its range reaches today, it is read again whenever one of the
 * workspace's conversations changes (the live query of the latest changed conversation, on the
 * page's one socket); the figures on screen stay until the new ones arrive.
 */
export function useReport(query: ReportQuery) {
  const key = JSON.stringify(query);
  // Kept with the query it answers: a new range starts from its own loading state, while a
  // reload of the same range keeps the figures on screen until the new ones arrive.
  const [result, setResult] = useState<{ key: string; state: ReportState } | null>(null);
  const [attempt, setAttempt] = useState(0);
  const state: ReportState = result?.key === key ? result.state : { status: 'loading' };
  const loaded = state.status === 'loaded' ? state.report : null;
  const live = loaded !== null && loaded.to >= todayIn(loaded.timeZone);

  useEffect(() => {
    let current = true;
    call(reportEndpoints.report, JSON.parse(key) as ReportQuery).then(
      (report) => current && setResult({ key, state: { status: 'loaded', report } }),
      (error: unknown) => current && setResult({ key, state: { status: 'failed', error } }),
    );
    return () => {
      current = false;
    };
  }, [key, attempt]);

  const latest = useLiveDocs<Conversation>(
    live
      ? {
          collection: 'conversations',
          workspaceId: query.workspaceId,
          orderBy: [{ field: 'updatedAt', direction: 'desc' }],
          limit: 1,
        }
      : null,
  );
  const change = latest.docs[0] ? `${latest.docs[0].id}:${latest.docs[0].updatedAt}` : '';
  const seen = useRef<string | null>(null);
  useEffect(() => {
    if (!live || !change) return;
    if (seen.current === null || seen.current === change) {
      seen.current = change;
      return;
    }
    seen.current = change;
    const timer = setTimeout(() => setAttempt((count) => count + 1), settleMs);
    return () => clearTimeout(timer);
  }, [live, change]);

  return { state, live, retry: () => setAttempt((count) => count + 1) };
}
