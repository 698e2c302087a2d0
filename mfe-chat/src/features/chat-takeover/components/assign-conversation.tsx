import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { WorkspaceUser } from 'shared-sdk';
import { Spinner, useToast, VisuallyHidden } from 'shared-ui';
import { apiErrorMessage, type ApiGetState } from 'shared-ui/controls';
import { chatNamespace } from '../../../i18n/chat-translations';
import { assignConversation } from '../api/conversation-api';
import { memberName } from '../utils/sender-names';

const Field = styled.div`
  display: inline-flex;
  align-items: center;
  gap: 8px;
  font-weight: 600;
  select {
    min-height: 44px;
    max-width: 240px;
    padding: 0 10px;
    font: inherit;
    font-weight: 400;
    color: ${({ theme }) => theme.colors.textPrimary};
    background: ${({ theme }) => theme.colors.background};
    border: 1px solid ${({ theme }) => theme.colors.stroke};
    border-radius: ${({ theme }) => theme.radii.md};
  }
`;

/**
 * Who answers the conversation: take it (yourself), give it to a colleague, or unassign it (POST
 * /api/user/assign-conversation). The live conversation shows the change; a failure is a toast.
 */
export function AssignConversation({
  workspaceId,
  conversationId,
  assigneeId,
  members,
  currentUserId,
}: {
  workspaceId: string;
  conversationId: string;
  assigneeId: string | null;
  members: ApiGetState<WorkspaceUser[]>;
  currentUserId: string | undefined;
}) {
  const { t } = useTranslation('conversation');
  const { t: tChat } = useTranslation(chatNamespace);
  const { t: tCommon } = useTranslation('common');
  const toast = useToast();
  const selectId = useId();
  const [busy, setBusy] = useState(false);
  const active =
    members.status === 'loaded' ? members.data.filter((member) => member.status === 'active') : [];
  // The current assignee stays choosable even if their membership is no longer listed.
  const listed = assigneeId === null || active.some((member) => member.userId === assigneeId);

  async function assign(next: string) {
    setBusy(true);
    try {
      await assignConversation({ workspaceId, conversationId, assigneeId: next || null });
    } catch (failure) {
      toast.error(apiErrorMessage(tCommon, failure, t('assign.failed')));
    }
    setBusy(false);
  }

  return (
    <Field>
      <label htmlFor={selectId}>{t('assign.label')}</label>
      <select
        id={selectId}
        value={assigneeId ?? ''}
        disabled={busy || members.status !== 'loaded'}
        onChange={(event) => void assign(event.target.value)}
      >
        <option value="">{t('assign.unassigned')}</option>
        {listed ? null : <option value={assigneeId ?? ''}>{tChat('roles.agent')}</option>}
        {active.map((member) => (
          <option key={member.userId} value={member.userId}>
            {member.userId === currentUserId
              ? t('assign.me', { name: memberName(member) })
              : memberName(member)}
          </option>
        ))}
      </select>
      <span role="status">
        {busy ? <Spinner /> : null}
        <VisuallyHidden>{busy ? t('assign.busy') : ''}</VisuallyHidden>
      </span>
    </Field>
  );
}
