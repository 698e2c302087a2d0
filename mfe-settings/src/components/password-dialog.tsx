import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Stack } from 'shared-ui';
import { ConfirmDialog, TextField } from 'shared-ui/controls';
import { settingsNamespace } from '../i18n/settings-translations';

export interface PasswordDialogProps {
  open: boolean;
  title: string;
  /** What confirming does, above the password field. */
  children?: ReactNode;
  confirmLabel: string;
  busyLabel: string;
  busy: boolean;
  destructive?: boolean;
  /** A refused password, shown on the field (which takes focus again). */
  passwordError?: string;
  /** Any other failure, shown in the dialog. */
  error?: string;
  onConfirm: (password: string) => void;
  onCancel: () => void;
}

/**
 * A confirmation that asks for the current password (product-spec.md §5: sensitive changes re-authenticate).
 * Focus starts in the password field; Enter there confirms, like the button.
 */
export function PasswordDialog(props: PasswordDialogProps) {
  // Mounted only while open, so each opening starts with an empty field.
  return props.open ? <OpenPasswordDialog {...props} /> : null;
}

function OpenPasswordDialog({
  title,
  children,
  confirmLabel,
  busyLabel,
  busy,
  destructive,
  passwordError,
  error,
  onConfirm,
  onCancel,
}: PasswordDialogProps) {
  const { t } = useTranslation(settingsNamespace);
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState(false);
  const fieldRef = useRef<HTMLInputElement | null>(null);

  useEffect(() => {
    if (passwordError) fieldRef.current?.focus();
  }, [passwordError]);

  function confirm() {
    if (busy) return;
    if (password === '') {
      setMissing(true);
      fieldRef.current?.focus();
      return;
    }
    onConfirm(password);
  }

  return (
    <ConfirmDialog
      open
      title={title}
      confirmLabel={confirmLabel}
      cancelLabel={t('passwordDialog.cancel')}
      busy={busy}
      busyLabel={busyLabel}
      destructive={destructive}
      error={error}
      initialFocusRef={fieldRef}
      onConfirm={confirm}
      onCancel={onCancel}
    >
      <Stack $gap={4}>
        {children}
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            // The dialog is portalled: its submit must not reach a form it was opened from.
            event.stopPropagation();
            confirm();
          }}
        >
          <div
            ref={(node) => {
              fieldRef.current = node?.querySelector('input') ?? null;
            }}
          >
            <TextField
              label={t('passwordDialog.password')}
              type="password"
              autoComplete="current-password"
              required
              value={password}
              error={missing ? t('passwordDialog.required') : passwordError}
              onChange={(event) => {
                setPassword(event.target.value);
                setMissing(false);
              }}
            />
          </div>
        </form>
      </Stack>
    </ConfirmDialog>
  );
}
