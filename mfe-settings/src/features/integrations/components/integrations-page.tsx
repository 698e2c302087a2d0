import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { addTranslations, Card, Stack, usePageTitle } from 'shared-ui';
import { PageHeader } from 'shared-ui/controls';
import en from '../en-US.json';
import { WebhooksPanel } from './webhooks-panel';
import { WidgetInstall } from './widget-install';
import { IdentityVerificationPanel } from './identity-verification';

addTranslations('integrations', en);

/**
 * /dashboard/:workspaceId/integrations (product-spec.md §2): the widget's install, identity verification and
 * outgoing webhooks.
 */
export function IntegrationsPage() {
  const { t } = useTranslation('integrations');
  usePageTitle(t('title'));
  const { workspaceId = '' } = useParams();
  return (
    <Stack $gap={6}>
      <PageHeader title={t('title')} lead={t('lead')} />
      <WidgetInstall workspaceId={workspaceId} />
      <IdentityVerificationPanel workspaceId={workspaceId} />
      <WebhooksPanel workspaceId={workspaceId} />
      <Card as="section" aria-labelledby="verify-heading">
        <Stack $gap={3}>
          <h2 id="verify-heading">{t('verify.heading')}</h2>
          <p>{t('verify.body')}</p>
          <p>{t('verify.guide')}</p>
        </Stack>
      </Card>
    </Stack>
  );
}
