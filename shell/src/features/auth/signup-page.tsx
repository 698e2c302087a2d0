import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { session } from 'shared-sdk';
import { Alert, Button, ColorModeSwitch, usePageTitle } from 'shared-ui';
import {
  apiErrorMessage,
  checkPassword,
  PasswordPolicyChecklist,
  TextField,
  useSchemaForm,
} from 'shared-ui/controls';
import { Logo } from '../../layouts/logo';
import { AuthFooter, AuthForm, AuthLead, AuthTitle } from './auth-page-parts';
import { usePasswordPolicy } from './use-password-policy';
import '../../i18n/auth';

// product-spec.md §2: /signup has no layout, so the page brings its own frame.
const Screen = styled.main`
  min-height: 100vh;
  display: grid;
  place-items: start center;
  padding: 32px 16px;
`;

const Column = styled.div`
  width: 100%;
  max-width: 480px;
  display: flex;
  flex-direction: column;
  gap: 24px;
`;

const Top = styled.div`
  display: flex;
  justify-content: space-between;
  align-items: center;
  gap: 12px;
  flex-wrap: wrap;
`;

export function SignupPage() {
  const { t } = useTranslation(['shell', 'common']);
  usePageTitle(t('auth.signup.title'));
  const policy = usePasswordPolicy();
  const { field, values, handleSubmit, state } = useSchemaForm({
    schema: () => import('shared-sdk/schemas').then((schemas) => schemas.signupRequestSchema),
    initialValues: { displayName: '', email: '', password: '', website: '' },
    // A blank website is sent as absent, not as "".
    toInput: ({ website, ...rest }) => ({
      ...rest,
      website: website.trim() === '' ? undefined : website,
    }),
    // A blank password is left to the schema's own message.
    check: ({ password }) => ({
      password:
        password !== '' && checkPassword(policy, password).some((rule) => !rule.met)
          ? t('common:errors.auth/password-does-not-meet-requirements')
          : undefined,
    }),
    // Auth codes by their translated text; the rest (product-spec.md §8 'Failed to store user data') as told.
    describeFailure: (error) => ({
      message: apiErrorMessage(t, error, t('common:errors.auth/unknown')),
    }),
    // Signed in, the route guard takes the user to the dashboard (product-spec.md §2).
    send: (data) => session().signUp(data),
  });
  const submitting = state.status === 'submitting';
  return (
    <Screen>
      <Column>
        <Top>
          <Logo />
          <ColorModeSwitch />
        </Top>
        <AuthForm noValidate onSubmit={(event) => void handleSubmit(event)}>
          <AuthTitle>{t('auth.signup.title')}</AuthTitle>
          <AuthLead>{t('auth.signup.lead')}</AuthLead>
          {state.status === 'failed' ? <Alert tone="error">{state.message}</Alert> : null}
          <TextField
            label={t('auth.signup.name')}
            autoComplete="name"
            required
            {...field('displayName')}
          />
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
            autoComplete="new-password"
            required
            aria-describedby="signup-policy"
            {...field('password')}
          />
          <PasswordPolicyChecklist id="signup-policy" policy={policy} password={values.password} />
          <TextField
            label={t('auth.signup.website')}
            type="url"
            autoComplete="url"
            placeholder="https://"
            hint={t('auth.signup.websiteHint')}
            optionalText={t('common:optional')}
            {...field('website')}
          />
          <Button type="submit" $size="lg" disabled={submitting}>
            {submitting ? t('auth.signup.submitting') : t('auth.signup.submit')}
          </Button>
          <AuthFooter>
            {t('auth.signup.haveAccount')} <Link to="/login">{t('auth.signup.login')}</Link>
          </AuthFooter>
        </AuthForm>
      </Column>
    </Screen>
  );
}
