import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { session, type PasswordPolicy } from 'shared-sdk';
import { Button, Spinner, VisuallyHidden } from 'shared-ui';
import {
  authErrorMessage,
  PasswordPolicyChecklist,
  TextField,
  useSchemaForm,
  apiErrorCode,
  apiErrorMessage,
} from 'shared-ui/controls';
import { FormActions } from '../../../components/settings-page';
import { settingsNamespace } from '../../../i18n/settings-translations';
import { meetsPolicy } from '../utils/password-rules';

const CheckboxLabel = styled.label`
  display: inline-flex;
  align-items: center;
  gap: 8px;
  min-height: 44px;
  cursor: pointer;
  input {
    width: 18px;
    height: 18px;
    accent-color: ${({ theme }) => theme.colors.primaryBlue};
  }
`;

const NewPassword = styled.div`
  display: grid;
  gap: 12px;
`;

const blank = { currentPassword: '', newPassword: '', confirmPassword: '' };

/**
 * product-spec.md §5: the server re-authenticates with the current password, then issues new tokens, which
 * the session adopts so the user stays signed in.
 */
export function ChangePasswordForm({ policy }: { policy: PasswordPolicy }) {
  const { t } = useTranslation('change-password');
  const { t: tSettings } = useTranslation(settingsNamespace);
  const { t: tCommon } = useTranslation('common');
  const [showPasswords, setShowPasswords] = useState(false);

  const { values, state, field, handleSubmit } = useSchemaForm({
    schema: () =>
      import('shared-sdk/schemas').then((schemas) => schemas.changePasswordRequestSchema),
    initialValues: blank,
    fieldMessages: { currentPassword: t('form.currentRequired') },
    check: ({ newPassword, confirmPassword }) => ({
      newPassword:
        newPassword === ''
          ? t('form.newRequired')
          : newPassword.length > policy.maxLength
            ? t('form.tooLong', { max: policy.maxLength })
            : meetsPolicy(policy, newPassword)
              ? undefined
              : tCommon('errors.auth/password-does-not-meet-requirements'),
      confirmPassword:
        confirmPassword === ''
          ? t('form.confirmRequired')
          : confirmPassword === newPassword
            ? undefined
            : t('form.mismatch'),
    }),
    describeFailure: (error) => {
      const code = apiErrorCode(error);
      if (code === 'auth/wrong-password') {
        return { field: 'currentPassword', message: authErrorMessage(tCommon, error) };
      }
      if (code === 'auth/password-does-not-meet-requirements') {
        return { field: 'newPassword', message: authErrorMessage(tCommon, error) };
      }
      return { message: apiErrorMessage(tCommon, error, tSettings('form.unexpectedError')) };
    },
    // The session re-authenticates with whichever provider signs users in (product-spec.md §5).
    send: ({ currentPassword, newPassword }) =>
      session().changePassword({ currentPassword, newPassword }),
    reportDone: (_receipt, toast) => toast.success(t('form.changed')),
    valuesAfterSuccess: () => blank,
  });

  const submitting = state.status === 'submitting';
  const type = showPasswords ? 'text' : 'password';
  return (
    <form noValidate onSubmit={handleSubmit} aria-busy={submitting}>
      <TextField
        label={t('form.currentPassword')}
        type={type}
        autoComplete="current-password"
        required
        {...field('currentPassword')}
      />
      <NewPassword>
        <TextField
          label={t('form.newPassword')}
          type={type}
          autoComplete="new-password"
          required
          {...field('newPassword')}
        />
        <PasswordPolicyChecklist policy={policy} password={values.newPassword} />
      </NewPassword>
      <TextField
        label={t('form.confirmPassword')}
        type={type}
        autoComplete="new-password"
        required
        {...field('confirmPassword')}
      />
      <CheckboxLabel>
        <input
          type="checkbox"
          checked={showPasswords}
          onChange={(event) => setShowPasswords(event.target.checked)}
        />
        {t('form.showPasswords')}
      </CheckboxLabel>
      <FormActions>
        <Button type="submit" disabled={submitting}>
          {submitting ? <Spinner /> : null}
          {submitting ? tSettings('form.saving') : t('form.submit')}
        </Button>
        <VisuallyHidden role="status">{submitting ? tSettings('form.saving') : ''}</VisuallyHidden>
      </FormActions>
    </form>
  );
}
