import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { dashboardPaths, unansweredQuestionEndpoints } from 'shared-sdk';
import { Loading, Muted } from 'shared-ui';
import { LoadFailed, useApiGet } from 'shared-ui/controls';

const groupsShown = 5;

/**
 * The most asked groups of AI training's unanswered questions, each linking to the list where it
 * is answered with a new pair.
 */
export function UnansweredSection({ workspaceId }: { workspaceId: string }) {
  const { t } = useTranslation('reports');
  const { state, retry } = useApiGet(unansweredQuestionEndpoints.list, {
    workspaceId,
    order: 'count',
    limit: groupsShown,
  });
  if (state.status === 'loading') return <Loading label={t('loading')} />;
  if (state.status === 'failed') return <LoadFailed message={t('failed')} onRetry={retry} />;
  if (state.data.groups.length === 0) return <Muted>{t('unanswered.empty')}</Muted>;
  const answerHref = dashboardPaths['dashboard-workspaceId-ai-training'].getHref(
    { workspaceId },
    '?tab=unanswered',
  );
  return (
    <ol>
      {state.data.groups.map((group) => (
        <li key={group.questionIds[0]}>
          <q>{group.question}</q> — {t('unanswered.asked', { count: group.count })} ·{' '}
          <Link to={answerHref}>{t('unanswered.answer')}</Link>
        </li>
      ))}
    </ol>
  );
}
