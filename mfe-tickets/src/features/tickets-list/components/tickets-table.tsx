import { useEffect, useRef } from 'react';
import { dashboardPaths } from 'shared-sdk';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import type { Ticket } from 'shared-sdk/schemas';
import { VisuallyHidden } from 'shared-ui';
import {
  DataTable,
  FormattedDateTime,
  RowCheckbox,
  SelectableRow,
  selectableRowKeys,
} from 'shared-ui/controls';
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
  const pageCheckbox = useRef<HTMLInputElement>(null);
  const selectedOnPage = tickets.filter((ticket) => isSelected(ticket.id)).length;
  const allOnPage = tickets.length > 0 && selectedOnPage === tickets.length;

  useEffect(() => {
    if (pageCheckbox.current) {
      pageCheckbox.current.indeterminate = selectedOnPage > 0 && !allOnPage;
    }
  }, [selectedOnPage, allOnPage]);

  return (
    <DataTable caption={caption} minWidth={920}>
      <thead>
        <tr>
          <td>
            <RowCheckbox
              ref={pageCheckbox}
              aria-label={t('selectPage')}
              checked={allOnPage}
              onChange={(event) => onTogglePage(event.target.checked)}
            />
          </td>
          <th scope="col">{t('columns.subject')}</th>
          <th scope="col">{t('columns.type')}</th>
          <th scope="col">{t('columns.recipient')}</th>
          <th scope="col">{t('columns.assignee')}</th>
          <th scope="col">{t('columns.status')}</th>
          <th scope="col">{t('columns.followUp')}</th>
          <th scope="col">{t('columns.createdAt')}</th>
        </tr>
      </thead>
      <tbody>
        {tickets.map((ticket) => {
          const conversation = ticket.conversationId
            ? conversations.get(ticket.conversationId)
            : undefined;
          const subject = ticketSubject(tTickets, ticket, conversation);
          const selected = isSelected(ticket.id);
          return (
            <SelectableRow
              key={ticket.id}
              tabIndex={0}
              $selected={selected}
              data-ticket-id={ticket.id}
              onKeyDown={selectableRowKeys({
                onToggle: () => onToggle(ticket.id),
                onOpen: () =>
                  navigate(
                    dashboardPaths['dashboard-workspaceId-tickets-ticketId'].getHref({
                      workspaceId,
                      ticketId: ticket.id,
                    }),
                  ),
              })}
            >
              <td>
                <RowCheckbox
                  aria-label={t('selectRow', { subject })}
                  checked={selected}
                  onChange={() => onToggle(ticket.id)}
                />
              </td>
              <th scope="row">
                <Link
                  to={dashboardPaths['dashboard-workspaceId-tickets-ticketId'].getHref({
                    workspaceId,
                    ticketId: ticket.id,
                  })}
                  tabIndex={-1}
                >
                  {subject}
                </Link>
              </th>
              <td>{tTickets(`types.${ticket.type}`)}</td>
              <td>{ticketRecipient(tTickets, ticket, conversation) ?? <Muted>…</Muted>}</td>
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
            </SelectableRow>
          );
        })}
      </tbody>
    </DataTable>
  );
}
