import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { AiTrainingWebpage, AiTrainingWebsite } from 'shared-sdk/schemas';
import { Badge, Button, Card, Muted, Spinner, useToast } from 'shared-ui';
import { ConfirmDialog, FormattedDateTime, ProgressBar, apiErrorMessage } from 'shared-ui/controls';
import { deleteWebsite, resyncWebsite, updateWebsiteLinks } from '../api/websites-api';
import { useDiscovery } from '../hooks/use-discovery';
import { countPages, lastSyncedAt, readingProgress, siteName } from '../utils/website-summary';
import { AddPages } from './add-pages';
import { WebsitePages } from './website-pages';

const Item = styled(Card)`
  display: grid;
  gap: 16px;
  min-width: 0;
  h3 {
    margin: 0;
    font-size: 1.0625rem;
    overflow-wrap: anywhere;
  }
`;

const Counts = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Reading = styled.div`
  display: grid;
  gap: 8px;
  p {
    margin: 0;
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
`;

type Confirming = { kind: 'delete' } | { kind: 'remove'; page: AiTrainingWebpage } | null;

/**
 * One website the bot answers from: how its pages stand, whether they are being read, and
 * what can be done with it. Removing a page or the website asks first; the list follows live.
 */
export function WebsiteCard({
  workspaceId,
  website,
  onDeleted,
}: {
  workspaceId: string;
  website: AiTrainingWebsite;
  /** Told once the website is gone, so focus can go somewhere that stays. */
  onDeleted: () => void;
}) {
  const { t } = useTranslation('websites');
  const { t: tCommon } = useTranslation('common');
  const toast = useToast();
  const headingId = useId();
  const pagesId = useId();
  const [expanded, setExpanded] = useState(false);
  const [busy, setBusy] = useState<'resync' | 'addPages' | null>(null);
  const [confirming, setConfirming] = useState<Confirming>(null);
  const [confirmState, setConfirmState] = useState<{ busy: boolean; error?: string }>({
    busy: false,
  });
  const addPages = useDiscovery(workspaceId, website.id);
  const site = siteName(website.baseUrl);
  const counts = countPages(website.pages);
  const synced = lastSyncedAt(website.pages);
  const reading = readingProgress(website.pages);

  async function act(kind: 'resync' | 'addPages') {
    setBusy(kind);
    try {
      if (kind === 'resync') {
        await resyncWebsite(workspaceId, website.id);
        toast.success(t('card.resynced', { count: website.links.length, site }));
      } else {
        await addPages.start(website.baseUrl);
      }
    } catch (error) {
      toast.error(apiErrorMessage(tCommon, error, t(`card.${kind}Failed`)));
    } finally {
      setBusy(null);
    }
  }

  const ask = (next: Confirming) => {
    setConfirmState({ busy: false });
    setConfirming(next);
  };

  async function confirm() {
    if (!confirming) return;
    setConfirmState({ busy: true });
    try {
      if (confirming.kind === 'delete') {
        await deleteWebsite(workspaceId, website.id);
        toast.success(t('delete.done', { site }));
        setConfirming(null);
        onDeleted();
      } else {
        const { page } = confirming;
        const links = website.links.filter((url) => url !== page.url);
        await updateWebsiteLinks(workspaceId, website.id, links);
        toast.success(t('remove.done', { title: page.title || page.url }));
        setConfirming(null);
      }
      setConfirmState({ busy: false });
    } catch (error) {
      const fallback = t(confirming.kind === 'delete' ? 'delete.failed' : 'remove.failed');
      setConfirmState({ busy: false, error: apiErrorMessage(tCommon, error, fallback) });
    }
  }

  return (
    <Item as="article" aria-labelledby={headingId}>
      <div>
        <h3 id={headingId}>{website.baseUrl}</h3>
        <Muted>
          {synced ? (
            <>
              {t('card.lastSynced')} <FormattedDateTime timestamp={synced} />
            </>
          ) : (
            t('card.neverSynced')
          )}
        </Muted>
      </div>
      <Counts aria-label={t('card.counts')}>
        {(['indexed', 'pending', 'skipped', 'failed'] as const).map((state) => (
          <li key={state}>
            <Badge $tone={state === 'indexed' && counts.indexed > 0 ? 'open' : 'neutral'}>
              {t(`card.count.${state}`, { count: counts[state] })}
            </Badge>
          </li>
        ))}
      </Counts>
      {reading ? (
        <Reading>
          <p>{t('card.reading', { done: reading.done, total: reading.total })}</p>
          <ProgressBar label={t('card.readingLabel')} value={reading.done} max={reading.total} />
        </Reading>
      ) : null}
      <Actions>
        <Button
          type="button"
          $variant="secondary"
          aria-expanded={expanded}
          aria-controls={pagesId}
          onClick={() => setExpanded(!expanded)}
        >
          {t(expanded ? 'card.hidePages' : 'card.showPages', { count: website.pages.length })}
        </Button>
        <Button
          type="button"
          $variant="secondary"
          aria-label={t('card.addPagesLabel', { site })}
          disabled={busy !== null || addPages.jobId !== null}
          onClick={() => void act('addPages')}
        >
          {busy === 'addPages' ? <Spinner /> : null}
          {t('card.addPages')}
        </Button>
        <Button
          type="button"
          $variant="secondary"
          aria-label={t('card.resyncLabel', { site })}
          disabled={busy !== null}
          onClick={() => void act('resync')}
        >
          {busy === 'resync' ? <Spinner /> : null}
          {t('card.resync')}
        </Button>
        <Button
          type="button"
          $variant="ghost"
          aria-label={t('card.deleteLabel', { site })}
          onClick={() => ask({ kind: 'delete' })}
        >
          {t('card.delete')}
        </Button>
      </Actions>
      {addPages.jobId ? (
        <AddPages workspaceId={workspaceId} website={website} discovery={addPages} />
      ) : null}
      {expanded ? (
        <WebsitePages
          id={pagesId}
          label={t('pages.label', { site })}
          pages={website.pages}
          onRemove={website.links.length > 1 ? (page) => ask({ kind: 'remove', page }) : undefined}
        />
      ) : null}
      <ConfirmDialog
        open={confirming !== null}
        title={confirming?.kind === 'remove' ? t('remove.title') : t('delete.title', { site })}
        confirmLabel={t(confirming?.kind === 'remove' ? 'remove.confirm' : 'delete.confirm')}
        cancelLabel={t('delete.cancel')}
        busy={confirmState.busy}
        busyLabel={t(confirming?.kind === 'remove' ? 'remove.busy' : 'delete.busy')}
        destructive
        error={confirmState.error}
        onConfirm={() => void confirm()}
        onCancel={() => setConfirming(null)}
      >
        {confirming?.kind === 'remove'
          ? t('remove.body', { title: confirming.page.title || confirming.page.url })
          : t('delete.body', { count: website.links.length })}
      </ConfirmDialog>
    </Item>
  );
}
