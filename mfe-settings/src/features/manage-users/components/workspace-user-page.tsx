import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import styled from 'styled-components';
import {
  dashboardPaths,
  pageNotFound,
  workspaceUserEndpoints,
  type WorkspaceUser,
} from 'shared-sdk';
import { addTranslations, Badge, Loading, usePageTitle, useSession, useToast } from 'shared-ui';
import {
  FormattedDate,
  LoadFailed,
  useApiGet,
  PageHeader,
  BackLink,
  FieldList,
  apiErrorMessage,
} from 'shared-ui/controls';
import { PageBody, SectionCard } from '../../../components/settings-page';
import { settingsNamespace } from '../../../i18n/settings-translations';
import { UserAvatar } from '../../../components/user-avatar';
import en from '../en-US.json';
import { MemberAccessForm } from './member-access-form';
import { statusTone } from './members-table';
import { RemoveMember } from './remove-member';
import { memberName } from '../api/workspace-users-api';

addTranslations('manage-users', en);

const Identity = styled.div`
  display: flex;
  align-items: center;
  gap: 16px;
  min-width: 0;
  > div {
    display: grid;
    gap: 4px;
    min-width: 0;
  }
  p {
    overflow-wrap: anywhere;
  }
`;

const Badges = styled.p`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
`;

/**
 * /dashboard/:workspaceId/settings/manage-users/:workspaceUserId: one member's details, their
 * role and status, and removal. A member not in this workspace is the shell's 404 page.
 */
export function WorkspaceUserPage() {
  const { t } = useTranslation('manage-users');
  const { t: tCommon } = useTranslation('common');
  const { workspaceId = '', workspaceUserId = '' } = useParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const toast = useToast();
  const { user } = useSession();
  // The API lists a workspace's members; there is no call for one member.
  const { state, retry, setData } = useApiGet(workspaceUserEndpoints.list, { workspaceId });
  const member =
    state.status === 'loaded'
      ? state.data.find((candidate) => candidate.id === workspaceUserId)
      : undefined;
  usePageTitle(member ? memberName(member) : t('member.loadingTitle'));

  // product-spec.md §8: 'Page Not Found: {path}', thrown while rendering for the shell's boundary.
  if (state.status === 'loaded' && !member) throw pageNotFound(pathname);

  const backLink = (
    <BackLink
      to={dashboardPaths['dashboard-workspaceId-settings-manage-users'].getHref({ workspaceId })}
    >
      {t('member.back')}
    </BackLink>
  );

  if (!member) {
    return (
      <PageBody aria-busy={state.status === 'loading'}>
        <PageHeader title={t('member.loadingTitle')} before={backLink} />
        {state.status === 'failed' ? (
          <LoadFailed
            message={apiErrorMessage(tCommon, state.error, t('member.loadFailed'))}
            onRetry={retry}
          />
        ) : (
          <Loading label={t('member.loading')} />
        )}
      </PageBody>
    );
  }

  const isSelf = member.userId === user?.id;
  return (
    <PageBody>
      <MemberHeader member={member} isSelf={isSelf} before={backLink} />
      <SectionCard as="section" aria-labelledby="member-details-title">
        <h2 id="member-details-title">{t('member.details.title')}</h2>
        <MemberDetails member={member} />
      </SectionCard>
      <SectionCard as="section" aria-labelledby="member-access-title">
        <h2 id="member-access-title">{t('member.access.title')}</h2>
        <MemberAccessForm
          member={member}
          isSelf={isSelf}
          onSaved={(updated) =>
            setData((members) =>
              members.map((candidate) =>
                candidate.id === updated.id ? { ...candidate, ...updated } : candidate,
              ),
            )
          }
        />
      </SectionCard>
      <SectionCard as="section" aria-labelledby="member-remove-title">
        <h2 id="member-remove-title">{t('member.remove.title')}</h2>
        <RemoveMember
          member={member}
          isSelf={isSelf}
          onRemoved={() => {
            toast.success(t('list.removed', { name: memberName(member) }));
            // Without membership the user cannot open this workspace's settings any more.
            navigate(
              isSelf
                ? dashboardPaths.dashboard.getHref()
                : dashboardPaths['dashboard-workspaceId-settings-manage-users'].getHref({
                    workspaceId,
                  }),
            );
          }}
        />
      </SectionCard>
    </PageBody>
  );
}

function MemberHeader({
  member,
  isSelf,
  before,
}: {
  member: WorkspaceUser;
  isSelf: boolean;
  before: ReactNode;
}) {
  const { t } = useTranslation('manage-users');
  const { t: tSettings } = useTranslation(settingsNamespace);
  return (
    <PageHeader title={memberName(member)} before={before}>
      <Identity>
        <UserAvatar
          size={56}
          photoUrl={member.photoUrl}
          firstName={member.firstName}
          lastName={member.lastName}
          email={member.email}
        />
        <div>
          <p>{member.email}</p>
          <Badges>
            <Badge $tone="neutral">{tSettings(`roles.${member.role}`)}</Badge>
            <Badge $tone={statusTone(member.status)}>
              {tSettings(`statuses.${member.status}`)}
            </Badge>
            {isSelf ? <Badge $tone="neutral">{t('member.thisIsYou')}</Badge> : null}
          </Badges>
        </div>
      </Identity>
    </PageHeader>
  );
}

function MemberDetails({ member }: { member: WorkspaceUser }) {
  const { t } = useTranslation('manage-users');
  return (
    <FieldList
      items={[
        [t('member.details.email'), member.email],
        [t('member.details.added'), <FormattedDate timestamp={member.createdAt} />],
        [t('member.details.workspace'), member.workspace.name],
      ]}
    />
  );
}
