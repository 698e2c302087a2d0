import { useTranslation } from 'react-i18next';
import { identityEndpoints } from 'shared-sdk';
import { addTranslations, Loading, usePageTitle } from 'shared-ui';
import { LoadFailed, useApiGet, PageHeader, apiErrorMessage } from 'shared-ui/controls';
import { PageBody, SectionCard } from '../../../components/settings-page';
import en from '../en-US.json';
import { DeleteAccountSection } from './delete-account';
import { ProfileForm } from './profile-form';

addTranslations('my-account', en);

/** /dashboard/my-account: the signed-in user's profile (product-spec.md §3 saved fields), and deleting the account. */
export function MyAccountPage() {
  const { t } = useTranslation('my-account');
  const { t: tCommon } = useTranslation('common');
  usePageTitle(t('meta.title'));
  const { state, retry, setData } = useApiGet(identityEndpoints.profile);

  return (
    <PageBody aria-busy={state.status === 'loading'}>
      <PageHeader title={t('header.title')} lead={t('header.lead')} />
      {state.status === 'loading' ? <Loading label={t('loading')} /> : null}
      {state.status === 'failed' ? (
        <LoadFailed
          message={apiErrorMessage(tCommon, state.error, t('loadFailed'))}
          onRetry={retry}
        />
      ) : null}
      {state.status === 'loaded' ? (
        <SectionCard>
          <ProfileForm profile={state.data} onSaved={(updated) => setData(() => updated)} />
        </SectionCard>
      ) : null}
      {state.status === 'loading' ? null : <DeleteAccountSection />}
    </PageBody>
  );
}
