import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { emailEndpoints } from 'shared-sdk';
import { addTranslations, Card, Loading, Stack, usePageTitle } from 'shared-ui';
import { LoadFailed, PageHeader, useApiGet } from 'shared-ui/controls';
import en from '../en-US.json';
import { EmailForm } from './email-form';

addTranslations('email', en);

/**
 * /dashboard/:workspaceId/settings/email, for admins: the workspace's own address (the business
 * forwards its support mailbox to it), who replies come from, a signature, "Let the bot answer
 * e-mail first", and a test mail sent through the receiver to show mail arrives.
 */
export function EmailPage() {
  const { t } = useTranslation('email');
  usePageTitle(t('title'));
  const { workspaceId = '' } = useParams();
  const { state, retry, setData } = useApiGet(emailEndpoints.getSettings, { workspaceId });
  return (
    <Stack $gap={6}>
      <PageHeader title={t('title')} lead={t('lead')} />
      <Card as="section" aria-labelledby="email-settings-heading">
        <Stack $gap={4}>
          <h2 id="email-settings-heading">{t('heading')}</h2>
          <div aria-busy={state.status === 'loading'}>
            {state.status === 'loading' ? <Loading label={t('loading')} /> : null}
            {state.status === 'failed' ? (
              <LoadFailed message={t('loadFailed')} onRetry={retry} />
            ) : null}
            {state.status === 'loaded' ? (
              <EmailForm settings={state.data} onSaved={(saved) => setData(() => saved)} />
            ) : null}
          </div>
        </Stack>
      </Card>
    </Stack>
  );
}
