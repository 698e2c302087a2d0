import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { getLinksTimeoutMinutes } from 'shared-sdk';
import type { GetLinksJob } from 'shared-sdk/schemas';
import { Alert, Button, Muted, Spinner, Stack } from 'shared-ui';
import { ProgressBar } from 'shared-ui/controls';
import { useElapsedSeconds } from '../hooks/use-elapsed-seconds';
import { formatElapsed } from '../utils/elapsed';
import { siteName } from '../utils/website-summary';

const Counts = styled.p`
  display: flex;
  flex-wrap: wrap;
  gap: 4px 16px;
  margin: 0;
  font-variant-numeric: tabular-nums;
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 12px;
`;

/** The bar: pages read of pages found, as the crawler knows no total until it is done. */
function barOf(job: GetLinksJob | undefined) {
  const running = !job || job.status === 'queued' || job.status === 'running';
  if (!job || job.pagesFound === 0) return { value: running ? null : 0, max: 1 };
  return { value: job.pagesFetched, max: job.pagesFound };
}

/**
 * How a search for a website's pages is going, live: its status, a progress bar, the pages
 * found and read, and the time it has taken. Only the status line is a live region: the
 * counts change several times a second and would drown it.
 */
export function DiscoveryProgress({
  job,
  cancelling,
  onCancel,
  onRetry,
  retrying,
  finishedActions,
}: {
  /** Undefined until the first news of the job arrives. */
  job: GetLinksJob | undefined;
  cancelling: boolean;
  onCancel: () => void;
  onRetry: () => void;
  retrying: boolean;
  /** What may be done once the search has ended (discard it, say). */
  finishedActions: ReactNode;
}) {
  const { t } = useTranslation('websites');
  const status = job?.status ?? 'queued';
  const elapsed = useElapsedSeconds(
    job ? (job.startedAt ?? job.createdAt) : null,
    job?.finishedAt ?? null,
  );
  const site = job ? siteName(job.baseUrl) : '';
  const running = status === 'queued' || status === 'running';
  const bar = barOf(job);

  const phase = {
    queued: t('discovery.queued'),
    running: t('discovery.running', { site }),
    done: t('discovery.done', { count: job?.links.length ?? 0, site }),
    failed: t('discovery.failed', { site }),
    cancelled: t('discovery.cancelled', { count: job?.links.length ?? 0 }),
  }[status];

  return (
    <Stack $gap={3} aria-busy={running}>
      <p role="status">{phase}</p>
      <ProgressBar label={t('discovery.progressLabel')} value={bar.value} max={bar.max} />
      <Counts>
        <span>
          {t('discovery.counts', {
            count: job?.pagesFound ?? 0,
            read: job?.pagesFetched ?? 0,
          })}
        </span>
        {elapsed === null ? null : (
          <span>
            {t('discovery.elapsed')} <time>{formatElapsed(elapsed)}</time>
          </span>
        )}
      </Counts>
      {running ? (
        <Muted>{t('discovery.timeLimit', { minutes: getLinksTimeoutMinutes })}</Muted>
      ) : null}
      {status === 'done' && job?.error ? (
        <Alert tone="info">
          <Stack $gap={1}>
            <span>{t('discovery.stoppedEarly')}</span>
            <span>{job.error}</span>
          </Stack>
        </Alert>
      ) : null}
      {status === 'failed' ? (
        <Alert tone="error">
          <Stack $gap={3}>
            <span>{job?.error ?? t('discovery.failedUnknown')}</span>
            <div>
              <Button type="button" $variant="secondary" disabled={retrying} onClick={onRetry}>
                {retrying ? <Spinner /> : null}
                {t('discovery.retry')}
              </Button>
            </div>
          </Stack>
        </Alert>
      ) : null}
      <Actions>
        {running ? (
          <Button type="button" $variant="secondary" disabled={cancelling} onClick={onCancel}>
            {cancelling ? <Spinner /> : null}
            {cancelling ? t('discovery.cancelling') : t('discovery.cancel')}
          </Button>
        ) : (
          finishedActions
        )}
      </Actions>
    </Stack>
  );
}
