import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { forwardConversationRequestSchema } from 'shared-sdk/schemas';
import { Button, Stack, useToast } from 'shared-ui';
import { apiErrorMessage, ConfirmDialog, TextAreaField, TextField } from 'shared-ui/controls';
import { forwardConversation } from '../api/email-api';

/**
 * "Forward": an e-mail conversation's mail sent on to an address (a colleague, a supplier), with
 * the agent's note above it. The address is checked with the call's own schema before sending,
 * so a typo is said beside the field rather than after a round trip.
 */
export function ForwardConversation({
  workspaceId,
  conversationId,
}: {
  workspaceId: string;
  conversationId: string;
}) {
  const { t } = useTranslation('conversation');
  const { t: tCommon } = useTranslation('common');
  const toast = useToast();
  const [open, setOpen] = useState(false);
  const [to, setTo] = useState('');
  const [note, setNote] = useState('');
  const [addressError, setAddressError] = useState<string | undefined>();
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const addressRef = useRef<HTMLInputElement>(null);

  function start() {
    setTo('');
    setNote('');
    setAddressError(undefined);
    setError(undefined);
    setOpen(true);
  }

  async function send() {
    setError(undefined);
    const request = forwardConversationRequestSchema.safeParse({
      workspaceId,
      conversationId,
      to: to.trim(),
      note,
    });
    if (!request.success) {
      setAddressError(t('forward.invalidAddress'));
      addressRef.current?.focus();
      return;
    }
    setAddressError(undefined);
    setBusy(true);
    try {
      await forwardConversation(request.data);
      setOpen(false);
      toast.success(t('forward.sent', { to: request.data.to }));
    } catch (failure) {
      setError(apiErrorMessage(tCommon, failure, t('forward.failed')));
    }
    setBusy(false);
  }

  return (
    <>
      <Button type="button" $variant="secondary" onClick={start}>
        {t('forward.button')}
      </Button>
      <ConfirmDialog
        open={open}
        title={t('forward.dialogTitle')}
        confirmLabel={t('forward.confirm')}
        cancelLabel={t('forward.cancel')}
        busy={busy}
        busyLabel={t('forward.busy')}
        error={error}
        initialFocusRef={addressRef}
        onConfirm={() => void send()}
        onCancel={() => setOpen(false)}
      >
        <Stack $gap={4}>
          <p>{t('forward.body')}</p>
          {/* The field's input, where the dialog puts focus and a wrong address sends it back. */}
          <div
            ref={(node) => {
              addressRef.current = node?.querySelector('input') ?? null;
            }}
          >
            <TextField
              label={t('forward.to')}
              type="email"
              name="to"
              autoComplete="email"
              value={to}
              maxLength={254}
              error={addressError}
              onChange={(event) => setTo(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter') {
                  event.preventDefault();
                  void send();
                }
              }}
            />
          </div>
          <TextAreaField
            label={t('forward.note')}
            name="note"
            rows={4}
            maxLength={5000}
            value={note}
            onChange={(event) => setNote(event.target.value)}
          />
        </Stack>
      </ConfirmDialog>
    </>
  );
}
