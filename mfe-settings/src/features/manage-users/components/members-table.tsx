import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { dashboardPaths } from 'shared-sdk';
import type { WorkspaceUser } from 'shared-sdk';
import { Badge } from 'shared-ui';
import { DataTable, FormattedDate } from 'shared-ui/controls';
import { settingsNamespace } from '../../../i18n/settings-translations';
import { UserAvatar } from '../../../components/user-avatar';
import { memberName } from '../api/workspace-users-api';

const NameCell = styled.span`
  display: inline-flex;
  align-items: center;
  gap: 12px;
  a {
    font-weight: 600;
    overflow-wrap: anywhere;
  }
`;

/** Active members read as "open" (green), disabled ones as "closed" (grey). */
export const statusTone = (status: WorkspaceUser['status']) =>
  status === 'active' ? 'open' : 'closed';

/** The members of a workspace; each name links to that member's page. */
export function MembersTable({
  workspaceId,
  members,
  currentUserId,
}: {
  workspaceId: string;
  members: WorkspaceUser[];
  currentUserId: string | undefined;
}) {
  const { t } = useTranslation('manage-users');
  const { t: tSettings } = useTranslation(settingsNamespace);
  return (
    <DataTable minWidth={640} caption={t('list.caption', { count: members.length })}>
      <thead>
        <tr>
          <th scope="col">{t('list.columns.name')}</th>
          <th scope="col">{t('list.columns.email')}</th>
          <th scope="col">{t('list.columns.role')}</th>
          <th scope="col">{t('list.columns.status')}</th>
          <th scope="col">{t('list.columns.added')}</th>
        </tr>
      </thead>
      <tbody>
        {members.map((member) => (
          <tr key={member.id}>
            <th scope="row">
              <NameCell>
                <UserAvatar
                  size={32}
                  photoUrl={member.photoUrl}
                  firstName={member.firstName}
                  lastName={member.lastName}
                  email={member.email}
                />
                <Link
                  to={dashboardPaths[
                    'dashboard-workspaceId-settings-manage-users-workspaceUserId'
                  ].getHref({ workspaceId, workspaceUserId: member.id })}
                >
                  {memberName(member)}
                </Link>
                {member.userId === currentUserId ? (
                  <Badge $tone="neutral">{t('list.you')}</Badge>
                ) : null}
              </NameCell>
            </th>
            <td>{member.email}</td>
            <td>{tSettings(`roles.${member.role}`)}</td>
            <td>
              <Badge $tone={statusTone(member.status)}>
                {tSettings(`statuses.${member.status}`)}
              </Badge>
            </td>
            <td>
              <FormattedDate timestamp={member.createdAt} />
            </td>
          </tr>
        ))}
      </tbody>
    </DataTable>
  );
}
