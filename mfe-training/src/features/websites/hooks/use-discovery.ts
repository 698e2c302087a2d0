import { useCallback } from 'react';
import { useLiveDocs } from 'shared-sdk/live';
import type { GetLinksJob } from 'shared-sdk/schemas';
import { useSessionState } from '../../../hooks/use-session-state';
import { cancelGetLinks, getLinksJobQuery, startGetLinks } from '../api/get-links-api';

/** The job being followed, and the links found that the admin unticked. */
interface DiscoveryState {
  jobId: string | null;
  unticked: string[];
}

const none: DiscoveryState = { jobId: null, unticked: [] };

const isDiscoveryState = (value: unknown): value is DiscoveryState =>
  typeof value === 'object' &&
  value !== null &&
  'jobId' in value &&
  (typeof value.jobId === 'string' || value.jobId === null) &&
  'unticked' in value &&
  Array.isArray(value.unticked) &&
  value.unticked.every((url) => typeof url === 'string');

/**
 * One search for a website's pages (product-spec.md §7 getLinks, up to 30 minutes), followed live. It is
 * kept for the browser tab, so the admin may look at another tab of the page, or reload, and
 * come back to it. `purpose` keeps the searches apart: 'new' for a new website, or the id of the
 * website that pages are being added to.
 */
export function useDiscovery(workspaceId: string, purpose: string) {
  const [state, setState] = useSessionState(
    `parley.training.get-links.${workspaceId}.${purpose}`,
    none,
    isDiscoveryState,
  );
  const { jobId } = state;
  const live = useLiveDocs<GetLinksJob>(jobId ? getLinksJobQuery(workspaceId, jobId) : null);

  const start = useCallback(
    async (baseUrl: string) => {
      const started = await startGetLinks(workspaceId, baseUrl);
      setState({ jobId: started.jobId, unticked: [] });
    },
    [workspaceId, setState],
  );

  const cancel = useCallback(async () => {
    if (jobId) await cancelGetLinks(workspaceId, jobId);
  }, [workspaceId, jobId]);

  /** Forgets the search (the links were saved, or the admin discarded them). */
  const close = useCallback(() => setState(none), [setState]);

  const setUnticked = useCallback(
    (change: (unticked: string[]) => string[]) =>
      setState((current) => ({ ...current, unticked: change(current.unticked) })),
    [setState],
  );

  return {
    jobId,
    /** Undefined until the job's first snapshot, or when the job is gone from the server. */
    job: live.docs[0],
    liveStatus: live.status,
    retry: live.retry,
    unticked: state.unticked,
    setUnticked,
    start,
    cancel,
    close,
  };
}

export type Discovery = ReturnType<typeof useDiscovery>;
