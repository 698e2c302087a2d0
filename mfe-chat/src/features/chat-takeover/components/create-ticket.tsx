import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dashboardPaths } from 'shared-sdk';
import type { WorkspaceUser } from 'shared-sdk';
import { Button, Stack, useToast } from 'shared-ui';
import { ConfirmDialog, SelectField, apiErrorMessage, type ApiGetState } from 'shared-ui/controls';
import { createConversationTicket } from '../api/conversation-api';
import { memberName } from '../utils/sender-names';

/**
 * "Create ticket": a ticket linked to this conversation (product-spec.md §7 POST /api/user/tickets, type
 * external), assigned to one of the workspace's active members or to no one.
 */
export function CreateTicket({
  workspaceId,
  conversationId,
  members,
  currentUserId,
}: {
  workspaceId: string;
  conversationId: string;
  members: ApiGetState<WorkspaceUser[]>;
  currentUserId: string | undefined;
}) {
  const { t } = useTranslation('conversation');
  const { t: tCommon } = useTranslation('common');
  const [open, setOpen] = useState(false);
  const [assigneeId, setAssigneeId] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const toast = useToast();
  const assignable =
    members.status === 'loaded' ? members.data.filter((member) => member.status === 'active') : [];

  function start() {
    // The one who creates it, unless they cannot be assigned.
    const self = assignable.find((member) => member.userId === currentUserId);
    setAssigneeId(self?.userId ?? '');
    setError(undefined);
    setOpen(true);
  }

  async function create() {
    setBusy(true);
    setError(undefined);
    try {
      const ticket = await createConversationTicket({
        workspaceId,
        conversationId,
        assigneeId: assigneeId || null,
      });
      setOpen(false);
      toast.success(t('ticket.created'), {
        label: t('ticket.open'),
        to: dashboardPaths['dashboard-workspaceId-tickets-ticketId'].getHref({
          workspaceId,
          ticketId: ticket.id,
        }),
      });
    } catch (failure) {
      setError(apiErrorMessage(tCommon, failure, t('ticket.failed')));
    }
    setBusy(false);
  }

  return (
    <>
      <Button type="button" $variant="secondary" onClick={start}>
        {t('ticket.button')}
      </Button>
      <ConfirmDialog
        open={open}
        title={t('ticket.dialogTitle')}
        confirmLabel={t('ticket.confirm')}
        cancelLabel={t('ticket.cancel')}
        busy={busy}
        busyLabel={t('ticket.busy')}
        error={error}
        onConfirm={() => void create()}
        onCancel={() => setOpen(false)}
      >
        <Stack $gap={4}>
          <p>{t('ticket.body')}</p>
          <SelectField
            label={t('ticket.assignee')}
            name="assigneeId"
            value={assigneeId}
            hint={members.status === 'failed' ? t('ticket.membersFailed') : undefined}
            onChange={(event) => setAssigneeId(event.target.value)}
          >
            <option value="">{t('ticket.unassigned')}</option>
            {assignable.map((member) => (
              <option key={member.userId} value={member.userId}>
                {memberName(member)}
              </option>
            ))}
          </SelectField>
        </Stack>
      </ConfirmDialog>
    </>
  );
}
