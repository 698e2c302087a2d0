import { useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Stack, usePageTitle } from 'shared-ui';
import { useCurrentWorkspace } from './current-workspace';
import { StatisticsPanel } from './statistics-panel';
import '../../i18n/dashboard';

/** /dashboard/{workspaceId}: the workspace's home (the guard has checked admin rights). */
export function WorkspaceHomePage() {
  const { t } = useTranslation(['shell', 'common']);
  const { workspaceId = '' } = useParams();
  const current = useCurrentWorkspace();
  const workspace = current?.workspaceId === workspaceId ? current.workspace : undefined;
  usePageTitle(workspace?.name ?? t('dashboard.workspace'));
  return (
    <Stack $gap={6}>
      <div>
        <h1>{workspace?.name ?? t('dashboard.workspace')}</h1>
        {workspace ? <p>{t('dashboard.workspaceHome.lead', { url: workspace.url })}</p> : null}
      </div>
      <StatisticsPanel workspaceId={workspaceId} />
    </Stack>
  );
}
