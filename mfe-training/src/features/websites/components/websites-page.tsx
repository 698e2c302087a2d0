import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { Muted, Stack, addTranslations } from 'shared-ui';
import { AiTrainingLayout } from '../../../components/ai-training-layout';
import en from '../en-US.json';
import { AddWebsite } from './add-website';
import { WebsitesList } from './websites-list';

addTranslations('websites', en);

/**
 * /dashboard/:workspaceId/ai-training?tab=websites: the websites the bot answers from, and a
 * way to add one by searching its site for pages.
 */
export function WebsitesPage() {
  const { t } = useTranslation('websites');
  const { workspaceId = '' } = useParams();
  return (
    <AiTrainingLayout tab="websites">
      <Stack $gap={6}>
        <Muted>{t('intro')}</Muted>
        <AddWebsite workspaceId={workspaceId} />
        <WebsitesList workspaceId={workspaceId} />
      </Stack>
    </AiTrainingLayout>
  );
}
