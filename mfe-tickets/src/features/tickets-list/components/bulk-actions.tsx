import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TicketsChangedResponse } from 'shared-sdk/schemas';
import { Button, Spinner, useToast } from 'shared-ui';
import { ConfirmDialog, SelectionBar, apiErrorMessage } from 'shared-ui/controls';
import {
  followUpTickets,
  followUpTicketsAll,
  noQueryLoadedMessage,
  resolveTickets,
  resolveTicketsAll,
  type LoadedTicketsQuery,
} from '../../../api/tickets-api';
import { ticketsNamespace } from '../../../i18n/tickets-translations';
import type { StatusFilter } from '../utils/tickets-search-params';

type Action = 'resolve' | 'followUp';

/**
 * What the selection can become: resolved or marked for follow-up. With "all in this filter"
 * selected, the -all calls change every ticket of the filter (not only this page), after a
 * confirmation; they need the list's query loaded (product-spec.md §5).
 */
export function BulkActions({
  workspaceId,
  status,
  selectedIds,
  allSelected,
  totalInFilter,
  loadedQuery,
  onSelectAll,
  onClear,
}: {
  workspaceId: string;
  status: StatusFilter;
  /** The selected tickets of this page. */
  selectedIds: string[];
  /** Every ticket of the filter is selected. */
  allSelected: boolean;
  /** From the statistics; undefined until they load. */
  totalInFilter: number | undefined;
  loadedQuery: LoadedTicketsQuery | null;
  onSelectAll: () => void;
  onClear: () => void;
}) {
  const { t } = useTranslation('tickets-list');
  const { t: tTickets } = useTranslation(ticketsNamespace);
  const { t: tCommon } = useTranslation('common');
  const toast = useToast();
  const [busy, setBusy] = useState<Action | null>(null);
  const [confirming, setConfirming] = useState<Action | null>(null);
  const [dialogError, setDialogError] = useState<string | undefined>();

  const count = allSelected ? (totalInFilter ?? selectedIds.length) : selectedIds.length;
  // An API answer says what went wrong; so does product-spec.md §5's "no query loaded". Any other failure
  // (a bug, a network fault) gets the general message, never a raw exception text.
  const failure = (error: unknown) =>
    error instanceof Error && error.message === noQueryLoadedMessage
      ? error.message
      : apiErrorMessage(tCommon, error, tTickets('unexpectedError'));
  const success = (action: Action, { changed }: TicketsChangedResponse) =>
    action === 'resolve'
      ? t('bulk.resolved', { count: changed })
      : t('bulk.followedUp', { count: changed });

  async function run(action: Action) {
    if (busy) return;
    if (allSelected) {
      setDialogError(undefined);
      setConfirming(action);
      return;
    }
    setBusy(action);
    try {
      const result =
        action === 'resolve'
          ? await resolveTickets(workspaceId, selectedIds)
          : await followUpTickets(workspaceId, selectedIds);
      toast.success(success(action, result));
      onClear();
    } catch (error) {
      toast.error(failure(error));
    } finally {
      setBusy(null);
    }
  }

  async function confirmAll(action: Action) {
    setBusy(action);
    setDialogError(undefined);
    try {
      const result =
        action === 'resolve'
          ? await resolveTicketsAll(loadedQuery)
          : await followUpTicketsAll(loadedQuery);
      setConfirming(null);
      toast.success(success(action, result));
      onClear();
    } catch (error) {
      setDialogError(failure(error));
    } finally {
      setBusy(null);
    }
  }

  const canSelectAll =
    !allSelected && totalInFilter !== undefined && totalInFilter > selectedIds.length;
  return (
    <SelectionBar
      label={t('bulk.selected', { count })}
      status={
        allSelected && totalInFilter !== undefined
          ? t('bulk.allSelected', { count: totalInFilter })
          : t('bulk.selected', { count })
      }
    >
      {canSelectAll ? (
        <Button type="button" $variant="ghost" onClick={onSelectAll}>
          {t('bulk.selectAll', { count: totalInFilter })}
        </Button>
      ) : null}
      <Button type="button" disabled={busy !== null} onClick={() => void run('resolve')}>
        {busy === 'resolve' && !confirming ? <Spinner /> : null}
        {busy === 'resolve' && !confirming ? t('bulk.resolving') : t('bulk.resolve')}
      </Button>
      <Button
        type="button"
        $variant="secondary"
        disabled={busy !== null}
        onClick={() => void run('followUp')}
      >
        {busy === 'followUp' && !confirming ? <Spinner /> : null}
        {busy === 'followUp' && !confirming ? t('bulk.markingFollowUp') : t('bulk.followUp')}
      </Button>
      <Button type="button" $variant="ghost" disabled={busy !== null} onClick={onClear}>
        {t('bulk.clear')}
      </Button>
      <ConfirmDialog
        open={confirming !== null}
        title={
          confirming === 'followUp'
            ? t(`bulk.followUpAllTitle.${status}`, { count })
            : t(`bulk.resolveAllTitle.${status}`, { count })
        }
        confirmLabel={
          confirming === 'followUp' ? t('bulk.followUpAllConfirm') : t('bulk.resolveAllConfirm')
        }
        cancelLabel={t('bulk.cancel')}
        busy={busy !== null}
        busyLabel={confirming === 'followUp' ? t('bulk.markingFollowUp') : t('bulk.resolving')}
        error={dialogError}
        onConfirm={() => confirming && void confirmAll(confirming)}
        onCancel={() => {
          setConfirming(null);
          setDialogError(undefined);
        }}
      >
        <p>{confirming === 'followUp' ? t('bulk.followUpAllBody') : t('bulk.resolveAllBody')}</p>
      </ConfirmDialog>
    </SelectionBar>
  );
}
