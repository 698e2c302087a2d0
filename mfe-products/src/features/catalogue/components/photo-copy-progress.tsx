import { useTranslation } from 'react-i18next';
import { useLiveDocs } from 'shared-sdk/live';
import type { ProductPhotosJob } from 'shared-sdk/schemas';
import { Alert, Button, Card, Muted, Stack } from 'shared-ui';
import { LoadFailed, ProgressBar } from 'shared-ui/controls';
import { photoCopyQuery } from '../api/products-api';

/**
 * How the copying in of an import's photos goes, live: copied so far of how many, then which
 * could not be copied and why. The products themselves stay processing until theirs is done.
 */
export function PhotoCopyProgress({
  workspaceId,
  jobId,
  count,
  onClose,
}: {
  workspaceId: string;
  jobId: string;
  count: number;
  onClose: () => void;
}) {
  const { t } = useTranslation('catalogue');
  const live = useLiveDocs<ProductPhotosJob>(photoCopyQuery(workspaceId, jobId));
  const job = live.docs[0];
  const status = job?.status ?? 'queued';
  const running = status === 'queued' || status === 'running';
  const total = job?.total ?? count;
  const failed = job?.failed ?? [];

  return (
    <Card as="section" aria-labelledby="photo-copy-title">
      <Stack $gap={3} aria-busy={running}>
        <h2 id="photo-copy-title">{t('photos.title')}</h2>
        {live.status === 'error' ? (
          <LoadFailed message={t('photos.loadFailed')} onRetry={live.retry} />
        ) : (
          <>
            <p role="status">
              {running
                ? t('photos.running', { done: job?.done ?? 0, total })
                : status === 'done'
                  ? t('photos.done', { count: total - failed.length, total })
                  : t('photos.stopped')}
            </p>
            <ProgressBar
              label={t('photos.progressLabel')}
              value={job ? job.done : null}
              max={total}
            />
          </>
        )}
        {status === 'failed' ? (
          <Alert tone="error">{t('photos.failed', { reason: job?.error ?? '' })}</Alert>
        ) : null}
        {failed.length > 0 ? (
          <Stack $gap={1}>
            <Muted>{t('photos.notCopied', { count: failed.length })}</Muted>
            <ul aria-label={t('photos.notCopiedLabel')}>
              {failed.map(({ sku, reason }) => (
                <li key={sku}>
                  <strong>{sku}</strong>: {reason}
                </li>
              ))}
            </ul>
          </Stack>
        ) : null}
        {running ? null : (
          <div>
            <Button type="button" $variant="secondary" onClick={onClose}>
              {t('photos.close')}
            </Button>
          </div>
        )}
      </Stack>
    </Card>
  );
}
