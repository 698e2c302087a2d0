import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { session } from 'shared-sdk';
import { Alert, Button, usePageTitle } from 'shared-ui';
import { authErrorMessage, TextField, useSchemaForm } from 'shared-ui/controls';
import { AuthFooter, AuthForm, AuthLead, AuthTitle } from './auth-page-parts';
import '../../i18n/auth';

/** /forgot-password: the answer is the same whether or not the account exists. */
export function ForgotPasswordPage() {
  const { t } = useTranslation(['shell', 'common']);
  usePageTitle(t('auth.forgot.title'));
  const { field, values, handleSubmit, state } = useSchemaForm({
    schema: () =>
      import('shared-sdk/schemas').then((schemas) => schemas.passwordResetRequestSchema),
    initialValues: { email: '' },
    describeFailure: (error) => ({ message: authErrorMessage(t, error) }),
    send: (data) => session().requestPasswordReset(data.email),
  });
  const submitting = state.status === 'submitting';
  return (
    <AuthForm noValidate onSubmit={(event) => void handleSubmit(event)}>
      <AuthTitle>{t('auth.forgot.title')}</AuthTitle>
      {state.status === 'succeeded' ? (
        <Alert tone="success">{t('auth.forgot.sent', { email: values.email })}</Alert>
      ) : (
        <>
          <AuthLead>{t('auth.forgot.lead')}</AuthLead>
          {state.status === 'failed' ? <Alert tone="error">{state.message}</Alert> : null}
          <TextField
            label={t('auth.email')}
            type="email"
            autoComplete="email"
            required
            {...field('email')}
          />
          <Button type="submit" $size="lg" disabled={submitting}>
            {submitting ? t('auth.forgot.submitting') : t('auth.forgot.submit')}
          </Button>
        </>
      )}
      <AuthFooter>
        <Link to="/login">{t('auth.forgot.backToLogin')}</Link>
      </AuthFooter>
    </AuthForm>
  );
}
