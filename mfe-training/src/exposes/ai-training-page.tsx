import { useLocation, useSearchParams } from 'react-router-dom';
import { parsePageParam } from 'shared-sdk';
import { BotPreviewPage } from '../features/bot-preview/components/bot-preview-page';
import { QnasPage } from '../features/qnas/components/qnas-page';
import { SuggestedPairsPage } from '../features/suggested-pairs/components/suggested-pairs-page';
import { UnansweredPage } from '../features/qnas/components/unanswered-page';
import { WebsitesPage } from '../features/websites/components/websites-page';
import { parseAiTrainingTab } from '../utils/ai-training-tabs';

/**
 * /dashboard/:workspaceId/ai-training: Q&A pairs, unanswered questions, websites and "Try the bot", one tab each,
 * chosen by `?tab=`. A bad `page` (product-spec.md §5) or an unknown tab is the 404 page on every tab.
 */
function AiTrainingPage() {
  const { pathname, search } = useLocation();
  const [searchParams] = useSearchParams();
  const path = `${pathname}${search}`;
  parsePageParam(searchParams, path);
  const tab = parseAiTrainingTab(searchParams, path);
  if (tab === 'websites') return <WebsitesPage />;
  if (tab === 'try') return <BotPreviewPage />;
  if (tab === 'unanswered') return <UnansweredPage />;
  if (tab === 'suggested') return <SuggestedPairsPage />;
  return <QnasPage />;
}

export default AiTrainingPage;
