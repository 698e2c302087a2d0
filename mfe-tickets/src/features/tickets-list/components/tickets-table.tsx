import { dashboardPaths } from 'shared-sdk';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import type { Ticket } from 'shared-sdk/schemas';
import { VisuallyHidden } from 'shared-ui';
import { FormattedDateTime, SelectableTable } from 'shared-ui/controls';
import { FollowUpBadge, StatusBadge } from '../../../components/ticket-badges';
import {
  assigneeName,
  ticketRecipient,
  ticketSubject,
  type LinkedConversation,
} from '../../../utils/ticket-text';
import type { Member } from '../../../api/tickets-api';
import { ticketsNamespace } from '../../../i18n/tickets-translations';

const Muted = styled.span`
  color: ${({ theme }) => theme.colors.textSecondary};
`;

export interface TicketsTableProps {
  workspaceId: string;
  caption: string;
  tickets: Ticket[];
  conversations: ReadonlyMap<string, LinkedConversation>;
  members: Member[] | undefined;
  isSelected: (ticketId: string) => boolean;
  onToggle: (ticketId: string) => void;
  onTogglePage: (selected: boolean) => void;
}

/**
 * One page of tickets. Each row is a keyboard stop: Space selects it, Enter opens the ticket,
 * the arrow keys move to the row above or below.
 */
export function TicketsTable({
  workspaceId,
  caption,
  tickets,
  conversations,
  members,
  isSelected,
  onToggle,
  onTogglePage,
}: TicketsTableProps) {
  const { t } = useTranslation('tickets-list');
  const { t: tTickets } = useTranslation(ticketsNamespace);
  const navigate = useNavigate();
  const ticketHref = (ticket: Ticket) =>
    dashboardPaths['dashboard-workspaceId-tickets-ticketId'].getHref({
      workspaceId,
      ticketId: ticket.id,
    });
  const conversationOf = (ticket: Ticket) =>
    ticket.conversationId ? conversations.get(ticket.conversationId) : undefined;
  const subjectOf = (ticket: Ticket) => ticketSubject(tTickets, ticket, conversationOf(ticket));

  return (
    <SelectableTable
      caption={caption}
      minWidth={920}
      rows={tickets}
      rowId={(ticket) => ticket.id}
      selectPageLabel={t('selectPage')}
      selectRowLabel={(ticket) => t('selectRow', { subject: subjectOf(ticket) })}
      isSelected={isSelected}
      onToggle={onToggle}
      onTogglePage={onTogglePage}
      onOpen={(ticket) => navigate(ticketHref(ticket))}
      columns={
        <>
          <th scope="col">{t('columns.subject')}</th>
          <th scope="col">{t('columns.type')}</th>
          <th scope="col">{t('columns.recipient')}</th>
          <th scope="col">{t('columns.assignee')}</th>
          <th scope="col">{t('columns.status')}</th>
          <th scope="col">{t('columns.followUp')}</th>
          <th scope="col">{t('columns.createdAt')}</th>
        </>
      }
      cells={(ticket) => (
        <>
          <th scope="row">
            <Link to={ticketHref(ticket)} tabIndex={-1}>
              {subjectOf(ticket)}
            </Link>
          </th>
          <td>{tTickets(`types.${ticket.type}`)}</td>
          <td>{ticketRecipient(tTickets, ticket, conversationOf(ticket)) ?? <Muted>…</Muted>}</td>
          <td>{assigneeName(tTickets, ticket.assigneeId, members)}</td>
          <td>
            <StatusBadge status={ticket.status} />
          </td>
          <td>
            {ticket.isFollowedUp ? (
              <FollowUpBadge />
            ) : (
              <Muted>
                <span aria-hidden="true">—</span>
                <VisuallyHidden>{t('notFollowedUp')}</VisuallyHidden>
              </Muted>
            )}
          </td>
          <td>
            <FormattedDateTime timestamp={ticket.createdAt} />
          </td>
        </>
      )}
    />
  );
}
