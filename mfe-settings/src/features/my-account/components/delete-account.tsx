import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { useNavigate } from 'react-router-dom';
import { session } from 'shared-sdk';
import { Button } from 'shared-ui';
import { apiErrorCode, apiErrorMessage, authErrorMessage } from 'shared-ui/controls';
import { PasswordDialog } from '../../../components/password-dialog';
import { SectionCard } from '../../../components/settings-page';

const Warning = styled.div`
  display: grid;
  gap: 8px;
  p,
  ul {
    margin: 0;
  }
  ul {
    padding-left: 1.25rem;
  }
`;

/** What the login page says to someone whose account was just deleted (the shell reads it). */
export const accountDeletedNotice = { notice: 'account-deleted' } as const;

/**
 * "Delete account" on My account: says what goes with the account (the API's deletion: the
 * sign-in, memberships, and the workspaces nobody else is a member of), then asks for the
 * password. The session deletes it with whichever provider signs the user in, and signs out.
 */
export function DeleteAccountSection() {
  const { t } = useTranslation('my-account');
  const { t: tCommon } = useTranslation('common');
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [passwordError, setPasswordError] = useState<string>();
  const [error, setError] = useState<string>();
  const titleId = useId();

  function start() {
    setPasswordError(undefined);
    setError(undefined);
    setOpen(true);
  }

  async function remove(password: string) {
    setBusy(true);
    setPasswordError(undefined);
    setError(undefined);
    try {
      await session().deleteAccount(password);
    } catch (failure) {
      setBusy(false);
      if (apiErrorCode(failure) === 'auth/wrong-password') {
        setPasswordError(authErrorMessage(tCommon, failure));
      } else {
        // The server's own words for a refusal, e.g. the last admin of a workspace with members.
        setError(apiErrorMessage(tCommon, failure, t('delete.failed')));
      }
      return;
    }
    navigate('/login', { replace: true, state: accountDeletedNotice });
  }

  return (
    <SectionCard as="section" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('delete.title')}</h2>
      <Warning>
        <p>{t('delete.lead')}</p>
        <ul>
          <li>{t('delete.loseSignIn')}</li>
          <li>{t('delete.loseMemberships')}</li>
          <li>{t('delete.loseWorkspaces')}</li>
        </ul>
        <p>{t('delete.lastAdmin')}</p>
      </Warning>
      <div>
        <Button type="button" $variant="secondary" onClick={start}>
          {t('delete.open')}
        </Button>
      </div>
      <PasswordDialog
        open={open}
        destructive
        title={t('delete.dialogTitle')}
        confirmLabel={t('delete.confirm')}
        busyLabel={t('delete.busy')}
        busy={busy}
        passwordError={passwordError}
        error={error}
        onConfirm={(password) => void remove(password)}
        onCancel={() => setOpen(false)}
      >
        <p>{t('delete.dialogBody')}</p>
      </PasswordDialog>
    </SectionCard>
  );
}
