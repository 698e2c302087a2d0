import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { workspaceUserEndpoints, type WorkspaceUser } from 'shared-sdk';
import { addTranslations, Loading, usePageTitle, useSession, Muted } from 'shared-ui';
import { LoadFailed, useApiGet, PageHeader, apiErrorMessage } from 'shared-ui/controls';
import { PageBody, SectionCard } from '../../../components/settings-page';
import { AddPeopleForm } from './add-people-form';
import en from '../en-US.json';
import { MembersTable } from './members-table';

addTranslations('manage-users', en);

/** Members added by "Add people" join the end of the list (it is ordered by createdAt). */
const withAdded = (members: WorkspaceUser[], added: WorkspaceUser[]) => [
  ...members,
  ...added.filter((member) => !members.some((existing) => existing.id === member.id)),
];

/** /dashboard/:workspaceId/settings/manage-users: the members table and "Add people". */
export function ManageUsersPage() {
  const { t } = useTranslation('manage-users');
  const { t: tCommon } = useTranslation('common');
  usePageTitle(t('list.title'));
  const { workspaceId = '' } = useParams();
  const { user } = useSession();
  const { state, retry, setData } = useApiGet(workspaceUserEndpoints.list, { workspaceId });

  return (
    <PageBody>
      <PageHeader title={t('list.title')} lead={t('list.lead')} />
      <div aria-busy={state.status === 'loading'}>
        {state.status === 'loading' ? <Loading label={t('list.loading')} /> : null}
        {state.status === 'failed' ? (
          <LoadFailed
            message={apiErrorMessage(tCommon, state.error, t('list.loadFailed'))}
            onRetry={retry}
          />
        ) : null}
        {state.status === 'loaded' && state.data.length === 0 ? (
          <Muted>{t('list.empty')}</Muted>
        ) : null}
        {state.status === 'loaded' && state.data.length > 0 ? (
          <MembersTable workspaceId={workspaceId} members={state.data} currentUserId={user?.id} />
        ) : null}
      </div>
      <SectionCard>
        <AddPeopleForm
          workspaceId={workspaceId}
          onAdded={(added) => setData((members) => withAdded(members, added))}
        />
      </SectionCard>
    </PageBody>
  );
}
