import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CannedResponse } from 'shared-sdk/schemas';
import { Button, useToast } from 'shared-ui';
import { apiErrorMessage, ConfirmDialog } from 'shared-ui/controls';
import { deleteCannedResponse } from '../api/canned-responses-api';

/** "Delete", after a confirmation; the live list drops the reply. */
export function DeleteCannedResponse({ response }: { response: CannedResponse }) {
  const { t } = useTranslation('canned-responses');
  const { t: tCommon } = useTranslation('common');
  const toast = useToast();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const { shortcut } = response;

  async function remove() {
    setBusy(true);
    setError(undefined);
    try {
      await deleteCannedResponse(response.workspaceId, response.id);
      setOpen(false);
      toast.success(t('delete.done', { shortcut }));
    } catch (failure) {
      setError(apiErrorMessage(tCommon, failure, t('delete.failed')));
    }
    setBusy(false);
  }

  return (
    <>
      <Button
        type="button"
        $variant="ghost"
        aria-label={t('list.delete', { shortcut })}
        onClick={() => setOpen(true)}
      >
        {t('list.deleteShort')}
      </Button>
      <ConfirmDialog
        open={open}
        title={t('delete.title', { shortcut })}
        confirmLabel={t('delete.confirm')}
        cancelLabel={t('delete.cancel')}
        busy={busy}
        busyLabel={t('delete.busy')}
        error={error}
        onConfirm={() => void remove()}
        onCancel={() => {
          setOpen(false);
          setError(undefined);
        }}
      >
        <p>{t('delete.body')}</p>
      </ConfirmDialog>
    </>
  );
}
