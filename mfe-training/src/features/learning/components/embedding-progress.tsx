import { useTranslation } from 'react-i18next';
import { useLiveDocs } from 'shared-sdk/live';
import type { LiveQuery } from 'shared-sdk/schemas';
import { Card, Stack } from 'shared-ui';
import { ProgressBar } from 'shared-ui/controls';

/** The background job that embeds many new training texts at once (api: training-embeddings). */
interface EmbeddingJob {
  status: 'queued' | 'running' | 'done' | 'failed' | 'cancelled';
  embedded?: number;
  total?: number;
}

const latestEmbeddingJob = (workspaceId: string): LiveQuery => ({
  collection: 'jobs',
  workspaceId,
  where: [{ field: 'kind', op: '==', value: 'training-embeddings' }],
  limit: 1,
});

/**
 * While the bot learns what many new texts mean (an import, a website read), how far it is: it
 * answers from those texts' words meanwhile, and from their meaning once this is gone.
 */
export function EmbeddingProgress({ workspaceId }: { workspaceId: string }) {
  const { t } = useTranslation('training');
  const { docs } = useLiveDocs<EmbeddingJob>(latestEmbeddingJob(workspaceId));
  const job = docs[0];
  if (!job || (job.status !== 'queued' && job.status !== 'running')) return null;
  const embedded = job.embedded ?? 0;
  const total = job.total ?? 0;
  return (
    <Card role="status">
      <Stack $gap={2}>
        <p>{t('learning.progress', { embedded, total })}</p>
        <ProgressBar label={t('learning.label')} value={total > 0 ? embedded : null} max={total} />
      </Stack>
    </Card>
  );
}
