import { useTranslation } from 'react-i18next';
import type { WorkspaceUser } from 'shared-sdk';
import { workspaceRoles, workspaceUserStatuses } from 'shared-sdk';
import { Button, Spinner, VisuallyHidden } from 'shared-ui';
import { SelectField, useSchemaForm, apiErrorMessage } from 'shared-ui/controls';
import { FieldRow, FormActions } from '../../../components/settings-page';
import { settingsNamespace } from '../../../i18n/settings-translations';
import { isLastAdminError, updateWorkspaceUser } from '../api/workspace-users-api';

/** product-spec.md §6: an admin changes a member's role and status; only what changed is sent. */
export function MemberAccessForm({
  member,
  isSelf,
  onSaved,
}: {
  member: WorkspaceUser;
  isSelf: boolean;
  onSaved: (member: WorkspaceUser) => void;
}) {
  const { t } = useTranslation('manage-users');
  const { t: tSettings } = useTranslation(settingsNamespace);
  const { t: tCommon } = useTranslation('common');
  const { state, field, handleSubmit } = useSchemaForm({
    schema: () =>
      import('shared-sdk/schemas').then((schemas) => schemas.updateWorkspaceUserRequestSchema),
    initialValues: { role: member.role, status: member.status },
    toInput: (values) => ({ workspaceUserId: member.id, ...values }),
    describeFailure: (error) => ({
      message: isLastAdminError(error)
        ? t('member.lastAdmin')
        : apiErrorMessage(tCommon, error, tSettings('form.unexpectedError')),
    }),
    send: async ({ workspaceUserId, role, status }) => {
      const changes = {
        role: role === member.role ? undefined : role,
        status: status === member.status ? undefined : status,
      };
      if (changes.role === undefined && changes.status === undefined) return null;
      const updated = await updateWorkspaceUser({ workspaceUserId, ...changes });
      onSaved(updated);
      return updated;
    },
    reportDone: (updated, toast) =>
      updated ? toast.success(t('member.access.saved')) : toast.info(tSettings('form.noChanges')),
  });

  const submitting = state.status === 'submitting';
  return (
    <form noValidate onSubmit={handleSubmit} aria-busy={submitting}>
      <FieldRow>
        <SelectField
          label={t('member.access.role')}
          hint={
            isSelf && member.role === 'admin'
              ? t('member.access.selfRoleHint')
              : t('member.access.roleHint')
          }
          {...field('role')}
        >
          {workspaceRoles.map((role) => (
            <option key={role} value={role}>
              {tSettings(`roles.${role}`)}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t('member.access.status')}
          hint={t('member.access.statusHint')}
          {...field('status')}
        >
          {workspaceUserStatuses.map((status) => (
            <option key={status} value={status}>
              {tSettings(`statuses.${status}`)}
            </option>
          ))}
        </SelectField>
      </FieldRow>
      <FormActions>
        <Button type="submit" disabled={submitting}>
          {submitting ? <Spinner /> : null}
          {submitting ? tSettings('form.saving') : t('member.access.submit')}
        </Button>
        <VisuallyHidden role="status">{submitting ? tSettings('form.saving') : ''}</VisuallyHidden>
      </FormActions>
    </form>
  );
}
