import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { WorkspaceUser } from 'shared-sdk';
import { Button, Muted } from 'shared-ui';
import { ConfirmDialog, apiErrorMessage } from 'shared-ui/controls';
import { settingsNamespace } from '../../../i18n/settings-translations';
import { isLastAdminError, memberName, removeWorkspaceUser } from '../api/workspace-users-api';

const DangerButton = styled(Button)`
  justify-self: start;
  color: ${({ theme }) => theme.colors.red};
  border-color: ${({ theme }) => theme.colors.red};
`;

/** product-spec.md §6: an admin removes a member, after confirming in a dialog that names them. */
export function RemoveMember({
  member,
  isSelf,
  onRemoved,
}: {
  member: WorkspaceUser;
  isSelf: boolean;
  onRemoved: () => void;
}) {
  const { t } = useTranslation('manage-users');
  const { t: tSettings } = useTranslation(settingsNamespace);
  const { t: tCommon } = useTranslation('common');
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const name = memberName(member);
  const workspace = member.workspace.name;

  async function remove() {
    setBusy(true);
    setError(undefined);
    try {
      await removeWorkspaceUser(member.id);
      onRemoved();
    } catch (failure) {
      setError(
        isLastAdminError(failure)
          ? t('member.lastAdmin')
          : apiErrorMessage(tCommon, failure, tSettings('form.unexpectedError')),
      );
      setBusy(false);
    }
  }

  return (
    <>
      <Muted>
        {isSelf
          ? t('member.remove.selfBody', { workspace })
          : t('member.remove.body', { name, workspace })}
      </Muted>
      <DangerButton type="button" $variant="secondary" onClick={() => setOpen(true)}>
        {isSelf ? t('member.remove.selfButton') : t('member.remove.button', { name })}
      </DangerButton>
      <ConfirmDialog
        open={open}
        destructive
        title={
          isSelf
            ? t('member.remove.selfDialogTitle', { workspace })
            : t('member.remove.dialogTitle', { name, workspace })
        }
        confirmLabel={
          isSelf ? t('member.remove.selfConfirm') : t('member.remove.confirm', { name })
        }
        cancelLabel={t('member.remove.cancel')}
        busy={busy}
        busyLabel={t('member.remove.removing')}
        error={error}
        onConfirm={() => void remove()}
        onCancel={() => {
          setOpen(false);
          setError(undefined);
        }}
      >
        <p>
          {isSelf
            ? t('member.remove.selfBody', { workspace })
            : t('member.remove.body', { name, workspace })}
        </p>
      </ConfirmDialog>
    </>
  );
}
