import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { session } from 'shared-sdk';
import { Alert, Button, usePageTitle } from 'shared-ui';
import {
  authErrorMessage,
  checkPassword,
  PasswordPolicyChecklist,
  TextField,
  useSchemaForm,
} from 'shared-ui/controls';
import { AuthForm, AuthLead, AuthTitle } from './auth-page-parts';
import { usePasswordPolicy } from './use-password-policy';
import '../../i18n/auth';

/** Sets a new password with the single-use code from the recovery e-mail. */
export function ResetPasswordForm({ code }: { code: string }) {
  const { t } = useTranslation(['shell', 'common']);
  usePageTitle(t('auth.reset.title'));
  const policy = usePasswordPolicy();
  const { field, values, handleSubmit, state } = useSchemaForm({
    schema: () =>
      import('shared-sdk/schemas').then((schemas) => schemas.passwordResetConfirmSchema),
    initialValues: { code, newPassword: '', confirmPassword: '' },
    // The schema drops confirmPassword: only the code and the new password are sent.
    check: ({ newPassword, confirmPassword }) => ({
      // A blank password is left to the schema's own message.
      newPassword:
        newPassword !== '' && checkPassword(policy, newPassword).some((rule) => !rule.met)
          ? t('common:errors.auth/password-does-not-meet-requirements')
          : undefined,
      confirmPassword: confirmPassword === newPassword ? undefined : t('auth.reset.mismatch'),
    }),
    describeFailure: (error) => ({ message: authErrorMessage(t, error) }),
    send: (data) => session().confirmPasswordReset(data),
  });

  if (state.status === 'succeeded') {
    return (
      <AuthForm as="div">
        <AuthTitle>{t('auth.reset.title')}</AuthTitle>
        <Alert tone="success">{t('auth.reset.done')}</Alert>
        <Button as={Link} to="/login" replace $size="lg">
          {t('auth.reset.loginNow')}
        </Button>
      </AuthForm>
    );
  }
  const submitting = state.status === 'submitting';
  return (
    <AuthForm noValidate onSubmit={(event) => void handleSubmit(event)}>
      <AuthTitle>{t('auth.reset.title')}</AuthTitle>
      <AuthLead>{t('auth.reset.lead')}</AuthLead>
      {state.status === 'failed' ? <Alert tone="error">{state.message}</Alert> : null}
      <TextField
        label={t('auth.reset.newPassword')}
        type="password"
        autoComplete="new-password"
        required
        aria-describedby="reset-policy"
        {...field('newPassword')}
      />
      <PasswordPolicyChecklist id="reset-policy" policy={policy} password={values.newPassword} />
      <TextField
        label={t('auth.reset.confirm')}
        type="password"
        autoComplete="new-password"
        required
        {...field('confirmPassword')}
      />
      <Button type="submit" $size="lg" disabled={submitting}>
        {submitting ? t('auth.reset.submitting') : t('auth.reset.submit')}
      </Button>
    </AuthForm>
  );
}
