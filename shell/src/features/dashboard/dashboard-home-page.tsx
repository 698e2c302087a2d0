import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { databaseFailures } from 'shared-sdk';
import { Alert, Badge, Button, Loading, Stack, usePageTitle, useSession } from 'shared-ui';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import {
  loadWorkspaces,
  selectMemberships,
  selectWorkspacesStatus,
} from '../../store/workspaces-slice';
import { CreateWorkspaceForm } from './create-workspace-form';
import { useCurrentWorkspace } from './current-workspace';
import { StatisticsPanel } from './statistics-panel';
import '../../i18n/dashboard';

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: 8px;
  li {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 12px;
    padding: 12px 16px;
    border: 1px solid ${({ theme }) => theme.colors.divider};
    border-radius: ${({ theme }) => theme.radii.md};
  }
  a {
    font-weight: 600;
  }
`;

/** /dashboard: the user's workspaces, the current one's statistics, or the prompt to add one. */
export function DashboardHomePage() {
  const { t } = useTranslation(['shell', 'common']);
  const dispatch = useAppDispatch();
  const { user } = useSession();
  const status = useAppSelector(selectWorkspacesStatus);
  const memberships = useAppSelector(selectMemberships);
  const current = useCurrentWorkspace();
  const title = user?.firstName
    ? t('dashboard.home.title', { name: user.firstName })
    : t('dashboard.home.titleNoName');
  usePageTitle(title);

  if (status === 'idle' || status === 'loading') return <Loading label={t('common:loading')} />;
  if (status === 'error') {
    return (
      <Alert tone="error">
        {databaseFailures.fetchWorkspaces.message}{' '}
        <Button type="button" $variant="ghost" onClick={() => void dispatch(loadWorkspaces())}>
          {t('common:retry')}
        </Button>
      </Alert>
    );
  }
  const adminOfCurrent = current?.role === 'admin' && current.status === 'active';
  return (
    <Stack $gap={8}>
      <div>
        <h1>{title}</h1>
        {adminOfCurrent ? <p>{t('dashboard.home.lead')}</p> : null}
      </div>
      {memberships.length === 0 ? <CreateWorkspaceForm /> : null}
      {current && adminOfCurrent ? <StatisticsPanel workspaceId={current.workspaceId} /> : null}
      {memberships.length > 0 ? (
        <section aria-labelledby="workspaces-title">
          <h2 id="workspaces-title">{t('dashboard.home.workspaces')}</h2>
          {memberships.every((link) => link.role !== 'admin') ? (
            <p>{t('dashboard.home.notAdmin')}</p>
          ) : null}
          <List>
            {memberships.map((link) => (
              <li key={link.id}>
                {link.role === 'admin' ? (
                  <Link to={`/dashboard/${link.workspaceId}`}>{link.workspace.name}</Link>
                ) : (
                  <strong>{link.workspace.name}</strong>
                )}
                <span>{link.workspace.url}</span>
                <Badge $tone={link.role === 'admin' ? 'open' : 'neutral'}>
                  {t(`dashboard.home.role.${link.role}`)}
                </Badge>
              </li>
            ))}
          </List>
        </section>
      ) : null}
      {memberships.length > 0 ? <CreateWorkspaceForm /> : null}
    </Stack>
  );
}
