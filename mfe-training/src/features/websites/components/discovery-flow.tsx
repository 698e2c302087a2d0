import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Stack, useToast } from 'shared-ui';
import { LoadFailed, apiErrorMessage } from 'shared-ui/controls';
import type { Discovery } from '../hooks/use-discovery';
import { DiscoveryProgress } from './discovery-progress';
import { LinkPicker } from './link-picker';

/**
 * A search for a website's pages from start to choice: its progress while it runs, then the
 * links it found to choose from (also after a cancel, which keeps what was found). `save`
 * stores the chosen links and throws if it could not; `exclude` leaves out links already chosen.
 */
export function DiscoveryFlow({
  discovery,
  exclude,
  limit,
  caption,
  saveLabel,
  nothingNew,
  save,
}: {
  discovery: Discovery;
  exclude?: ReadonlySet<string>;
  limit: number;
  caption: string;
  saveLabel: string;
  /** Said when every link found is excluded. */
  nothingNew?: string;
  save: (urls: string[]) => Promise<void>;
}) {
  const { t } = useTranslation('websites');
  const { t: tCommon } = useTranslation('common');
  const toast = useToast();
  const [busy, setBusy] = useState<'cancel' | 'retry' | 'save' | null>(null);
  const { job } = discovery;
  const found = job?.links;
  const links = useMemo(
    () => (found && exclude ? found.filter((link) => !exclude.has(link.url)) : (found ?? [])),
    [found, exclude],
  );

  async function run(kind: 'cancel' | 'retry' | 'save', action: () => Promise<void>) {
    setBusy(kind);
    try {
      await action();
    } catch (error) {
      toast.error(apiErrorMessage(tCommon, error, t(`discovery.${kind}Failed`)));
    } finally {
      setBusy(null);
    }
  }

  if (discovery.liveStatus === 'error') {
    return <LoadFailed message={t('discovery.loadFailed')} onRetry={discovery.retry} />;
  }
  const discard = (
    <Button type="button" $variant="secondary" onClick={discovery.close}>
      {t('discovery.discard')}
    </Button>
  );
  if (discovery.liveStatus !== 'loading' && !job) {
    // The server no longer has the job (kept for a while only): nothing left to follow.
    return (
      <Stack $gap={3}>
        <Alert tone="info">{t('discovery.gone')}</Alert>
        <div>{discard}</div>
      </Stack>
    );
  }

  const ready = job?.status === 'done' || (job?.status === 'cancelled' && links.length > 0);
  return (
    <Stack $gap={5}>
      <DiscoveryProgress
        job={job}
        cancelling={busy === 'cancel'}
        onCancel={() => void run('cancel', discovery.cancel)}
        retrying={busy === 'retry'}
        onRetry={() => job && void run('retry', () => discovery.start(job.baseUrl))}
        finishedActions={discard}
      />
      {ready && links.length === 0 && found && found.length > 0 && nothingNew ? (
        <Alert tone="info">{nothingNew}</Alert>
      ) : null}
      {ready && links.length > 0 ? (
        <LinkPicker
          links={links}
          unticked={discovery.unticked}
          onUntickedChange={discovery.setUnticked}
          limit={limit}
          caption={caption}
          saveLabel={saveLabel}
          saving={busy === 'save'}
          onSave={(urls) => void run('save', () => save(urls))}
        />
      ) : null}
    </Stack>
  );
}
