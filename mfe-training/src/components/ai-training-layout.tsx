import type { ReactNode, Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { Stack, usePageTitle } from 'shared-ui';
import { PageHeader } from 'shared-ui/controls';
import { EmbeddingProgress } from '../features/learning/components/embedding-progress';
import '../i18n/training-translations';
import { aiTrainingTabHref, aiTrainingTabs, type AiTrainingTab } from '../utils/ai-training-tabs';
import { TabList, TabPanel } from './tab-list';

/** What a tab's URL carries in the history entry: the chosen tab takes focus when it mounts. */
interface TabChosen {
  tabChosen: true;
}
const wasTabChosen = (state: unknown) =>
  typeof state === 'object' && state !== null && (state as TabChosen).tabChosen === true;

/**
 * The AI training page's frame, which each tab's page renders around its content: the page's
 * one h1, its lead, and the tabs. The tab is in the URL (`?tab=`), so it can be linked and Back
 * returns to the tab before; choosing one pushes a history entry.
 */
export function AiTrainingLayout({
  tab,
  headingRef,
  children,
}: {
  tab: AiTrainingTab;
  /** Where a tab sends focus when the control that had it goes away. */
  headingRef?: Ref<HTMLHeadingElement>;
  children: ReactNode;
}) {
  const { t } = useTranslation('training');
  usePageTitle(t('title'));
  const { workspaceId = '' } = useParams();
  const navigate = useNavigate();
  const { state } = useLocation();

  return (
    <Stack $gap={6}>
      <PageHeader title={t('title')} lead={t('lead')} headingRef={headingRef} />
      <EmbeddingProgress workspaceId={workspaceId} />
      <Stack $gap={6}>
        <TabList
          label={t('tabs.label')}
          idPrefix="ai-training"
          tabs={aiTrainingTabs.map((id) => ({ id, label: t(`tabs.${id}`) }))}
          selected={tab}
          // Each tab is its own page, so choosing one replaces the tab that had focus.
          focusSelected={wasTabChosen(state)}
          onSelect={(next) =>
            navigate(aiTrainingTabHref(workspaceId, next), { state: { tabChosen: true } })
          }
        />
        <TabPanel idPrefix="ai-training" tab={tab}>
          {children}
        </TabPanel>
      </Stack>
    </Stack>
  );
}
