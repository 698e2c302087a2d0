import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { session } from 'shared-sdk';
import { Alert, Button, usePageTitle } from 'shared-ui';
import { authErrorMessage, TextField, useSchemaForm } from 'shared-ui/controls';
import { AuthFooter, AuthForm, AuthLead, AuthTitle } from './auth-page-parts';
import { ResetPasswordForm } from './reset-password-form';
import '../../i18n/auth';

function LoginForm() {
  const { t } = useTranslation(['shell', 'common']);
  usePageTitle(t('auth.login.title'));
  const { field, handleSubmit, state } = useSchemaForm({
    schema: () => import('shared-sdk/schemas').then((schemas) => schemas.loginRequestSchema),
    initialValues: { email: '', password: '' },
    describeFailure: (error) => ({ message: authErrorMessage(t, error) }),
    // A signed-in session makes the route guard send the user on (product-spec.md §2).
    send: (data) => session().signIn(data),
  });
  const submitting = state.status === 'submitting';
  // My account's deletion sends the user here (mfe-settings, delete-account.tsx).
  const accountDeleted =
    (useLocation().state as { notice?: unknown } | null)?.notice === 'account-deleted';
  return (
    <AuthForm noValidate onSubmit={(event) => void handleSubmit(event)}>
      <AuthTitle>{t('auth.login.title')}</AuthTitle>
      {accountDeleted ? <Alert tone="success">{t('auth.login.accountDeleted')}</Alert> : null}
      <AuthLead>{t('auth.login.lead')}</AuthLead>
      {state.status === 'failed' ? <Alert tone="error">{state.message}</Alert> : null}
      <TextField
        label={t('auth.email')}
        type="email"
        autoComplete="email"
        required
        {...field('email')}
      />
      <TextField
        label={t('auth.password')}
        type="password"
        autoComplete="current-password"
        required
        {...field('password')}
      />
      <Button type="submit" $size="lg" disabled={submitting}>
        {submitting ? t('auth.login.submitting') : t('auth.login.submit')}
      </Button>
      <Link to="/forgot-password">{t('auth.login.forgot')}</Link>
      <AuthFooter>
        {t('auth.login.noAccount')} <Link to="/signup">{t('auth.login.signup')}</Link>
      </AuthFooter>
    </AuthForm>
  );
}

/** /login; with the recovery e-mail's link (product-spec.md §7) it shows the new-password form. */
export function LoginPage() {
  const [params] = useSearchParams();
  const code = params.get('oobCode');
  if (params.get('mode') === 'resetPassword' && code) return <ResetPasswordForm code={code} />;
  return <LoginForm />;
}
