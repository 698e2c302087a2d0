import { useTranslation } from 'react-i18next';
import type { Ticket } from 'shared-sdk/schemas';
import { Button, Spinner, VisuallyHidden } from 'shared-ui';
import { SelectField, useSchemaForm, apiErrorMessage } from 'shared-ui/controls';
import styled from 'styled-components';
import { memberName } from '../../../utils/ticket-text';
import { updateTicket, type Member } from '../../../api/tickets-api';
import { ticketsNamespace } from '../../../i18n/tickets-translations';

const Form = styled.form`
  display: grid;
  gap: 12px;
  > div:last-child {
    display: flex;
    flex-wrap: wrap;
    gap: 12px;
  }
`;

/** The ticket's assignee, changed with PATCH /api/user/tickets (the shared schema checks it). */
export function AssigneeForm({
  ticket,
  members,
}: {
  ticket: Ticket;
  members: Member[] | undefined;
}) {
  const { t } = useTranslation('ticket-detail');
  const { t: tTickets } = useTranslation(ticketsNamespace);
  const { t: tCommon } = useTranslation('common');
  const { state, field, handleSubmit } = useSchemaForm({
    schema: () => import('shared-sdk/schemas').then((schemas) => schemas.updateTicketRequestSchema),
    initialValues: { assigneeId: ticket.assigneeId ?? '' },
    toInput: ({ assigneeId }) => ({
      workspaceId: ticket.workspaceId,
      ticketId: ticket.id,
      assigneeId: assigneeId || null,
    }),
    describeFailure: (error) => ({
      message: apiErrorMessage(tCommon, error, tTickets('unexpectedError')),
    }),
    send: async (request) =>
      request.assigneeId === ticket.assigneeId ? null : await updateTicket(request),
    reportDone: (updated, toast) =>
      updated ? toast.success(t('assignee.saved')) : toast.info(t('assignee.unchanged')),
  });

  const submitting = state.status === 'submitting';
  const current = ticket.assigneeId;
  // Someone no longer a member stays selectable as the current value, named as such.
  const former =
    current && members && !members.some((member) => member.userId === current) ? current : null;
  return (
    <Form noValidate onSubmit={handleSubmit} aria-busy={submitting}>
      <SelectField label={t('assignee.label')} {...field('assigneeId')}>
        <option value="">{tTickets('assignee.none')}</option>
        {former ? <option value={former}>{tTickets('assignee.former')}</option> : null}
        {(members ?? [])
          .filter((member) => member.status === 'active' || member.userId === current)
          .map((member) => (
            <option key={member.userId} value={member.userId}>
              {memberName(member)}
            </option>
          ))}
      </SelectField>
      <div>
        <Button type="submit" $variant="secondary" disabled={submitting}>
          {submitting ? <Spinner /> : null}
          {submitting ? t('assignee.saving') : t('assignee.save')}
        </Button>
        <VisuallyHidden role="status">{submitting ? t('assignee.saving') : ''}</VisuallyHidden>
      </div>
    </Form>
  );
}
