import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, useToast } from 'shared-ui';
import { ConfirmDialog, apiErrorMessage } from 'shared-ui/controls';
import { resolveConversation } from '../api/conversation-api';

/** "Resolve", after a confirmation (product-spec.md §4: conversations can be resolved). */
export function ResolveConversation({
  workspaceId,
  conversationId,
  customer,
}: {
  workspaceId: string;
  conversationId: string;
  /** The customer's name as shown on the page. */
  customer: string;
}) {
  const { t } = useTranslation('conversation');
  const { t: tCommon } = useTranslation('common');
  const toast = useToast();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();

  async function resolve() {
    setBusy(true);
    setError(undefined);
    try {
      await resolveConversation({ workspaceId, conversationId });
      // The live conversation shows the new status; the toast says it happened.
      setOpen(false);
      toast.success(t('resolve.done', { name: customer }));
    } catch (failure) {
      setError(apiErrorMessage(tCommon, failure, t('resolve.failed')));
    }
    setBusy(false);
  }

  return (
    <>
      <Button
        type="button"
        $variant="secondary"
        data-shortcut="resolve"
        onClick={() => setOpen(true)}
      >
        {t('resolve.button')}
      </Button>
      <ConfirmDialog
        open={open}
        title={t('resolve.dialogTitle', { name: customer })}
        confirmLabel={t('resolve.confirm')}
        cancelLabel={t('resolve.cancel')}
        busy={busy}
        busyLabel={t('resolve.busy')}
        error={error}
        onConfirm={() => void resolve()}
        onCancel={() => {
          setOpen(false);
          setError(undefined);
        }}
      >
        <p>{t('resolve.body')}</p>
      </ConfirmDialog>
    </>
  );
}
