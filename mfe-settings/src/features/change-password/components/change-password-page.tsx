import { useTranslation } from 'react-i18next';
import { identityEndpoints } from 'shared-sdk';
import { addTranslations, Alert, Loading, usePageTitle, useSession } from 'shared-ui';
import { useApiGet, PageHeader } from 'shared-ui/controls';
import { PageBody, SectionCard } from '../../../components/settings-page';
import { ChangePasswordForm } from './change-password-form';
import en from '../en-US.json';
import { fallbackPasswordPolicy } from '../utils/password-rules';

addTranslations('change-password', en);

/** /dashboard/my-account/change-password (product-spec.md §3: only for password-based accounts). */
export function ChangePasswordPage() {
  const { t } = useTranslation('change-password');
  usePageTitle(t('meta.title'));
  const { user } = useSession();
  const canChangePassword = user?.canChangePassword !== false;

  return (
    <PageBody>
      <PageHeader
        title={t('header.title')}
        lead={canChangePassword ? t('header.lead') : undefined}
      />
      {canChangePassword ? <PasswordSection /> : <Alert tone="info">{t('noPassword')}</Alert>}
    </PageBody>
  );
}

function PasswordSection() {
  const { t } = useTranslation('change-password');
  const { state } = useApiGet(identityEndpoints.passwordPolicy);
  if (state.status === 'loading') return <Loading label={t('loading')} />;
  return (
    <SectionCard>
      <ChangePasswordForm
        policy={state.status === 'loaded' ? state.data : fallbackPasswordPolicy}
      />
    </SectionCard>
  );
}
