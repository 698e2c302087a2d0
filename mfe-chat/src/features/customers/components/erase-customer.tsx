import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CustomerRecord } from 'shared-sdk/schemas';
import { Button, useToast } from 'shared-ui';
import { apiErrorMessage, ConfirmDialog } from 'shared-ui/controls';
import styled from 'styled-components';
import { eraseCustomer } from '../api/customers-api';
import { customerLabel } from '../customer-display';

const Field = styled.div`
  display: grid;
  gap: 6px;
  input {
    min-height: 40px;
    padding: 0 12px;
    font: inherit;
    color: ${({ theme }) => theme.colors.textPrimary};
    background: ${({ theme }) => theme.colors.background};
    border: 1px solid ${({ theme }) => theme.colors.stroke};
    border-radius: ${({ theme }) => theme.radii.md};
  }
`;

/**
 * Erasing a customer: a dialog whose confirm button works only once the customer's name is
 * typed, the way a data-erasure request is confirmed on purpose.
 */
export function EraseCustomer({
  customer,
  onErased,
}: {
  customer: CustomerRecord;
  onErased: () => void;
}) {
  const { t } = useTranslation('customers');
  const { t: tCommon } = useTranslation();
  const toast = useToast();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const name = customerLabel(t, customer);

  return (
    <>
      <Button type="button" $variant="secondary" onClick={() => setOpen(true)}>
        {t('erase.open')}
      </Button>
      <ConfirmDialog
        open={open}
        title={t('erase.confirmTitle', { name })}
        confirmLabel={t('erase.confirm', { name })}
        cancelLabel={t('erase.cancel')}
        busy={busy}
        busyLabel={t('erase.busy')}
        destructive
        error={error}
        initialFocusRef={inputRef}
        onCancel={() => {
          setOpen(false);
          setTyped('');
          setError(null);
        }}
        onConfirm={() => {
          if (typed.trim() !== name) {
            setError(t('erase.mismatch'));
            inputRef.current?.focus();
            return;
          }
          setBusy(true);
          eraseCustomer({ workspaceId: customer.workspaceId, customerId: customer.id }).then(
            (erased) => {
              setBusy(false);
              setOpen(false);
              toast.success(
                t('erase.done', { messages: erased.erasedMessages, files: erased.erasedFiles }),
              );
              onErased();
            },
            (failure: unknown) => {
              setBusy(false);
              setError(apiErrorMessage(tCommon, failure, t('detail.loadFailed')));
            },
          );
        }}
      >
        <p>{t('erase.confirmBody')}</p>
        <Field>
          <label htmlFor={inputId}>{t('erase.typeName', { name })}</label>
          <input
            ref={inputRef}
            id={inputId}
            autoComplete="off"
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
          />
        </Field>
      </ConfirmDialog>
    </>
  );
}
