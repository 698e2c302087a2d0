import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router-dom';
import styled from 'styled-components';
import { dashboardPaths, pageNotFound } from 'shared-sdk';
import type { Conversation, Ticket } from 'shared-sdk/schemas';
import {
  addTranslations,
  useToast,
  Button,
  Card,
  Loading,
  Spinner,
  Stack,
  up,
  usePageTitle,
} from 'shared-ui';
import {
  apiErrorMessage,
  FormattedDateTime,
  LoadFailed,
  BackLink,
  FieldList,
  PageHeader,
} from 'shared-ui/controls';
import { FollowUpBadge, StatusBadge } from '../../../components/ticket-badges';
import {
  ticketRecipient,
  ticketRecipientEmail,
  ticketSubject,
  type LinkedConversation,
} from '../../../utils/ticket-text';
import { followUpTickets, resolveTickets } from '../../../api/tickets-api';
import { ticketsNamespace } from '../../../i18n/tickets-translations';
import { useMembers } from '../../../hooks/use-members';
import { useLiveDocs } from 'shared-sdk/live';
import { AssigneeForm } from './assignee-form';
import { ConversationMessages } from './conversation-messages';
import en from '../en-US.json';

addTranslations('ticket-detail', en);

const Badges = styled.p`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  margin: 0;
`;

const Columns = styled.div`
  display: grid;
  gap: 24px;
  ${up('lg')} {
    grid-template-columns: minmax(0, 1fr) minmax(0, 1fr);
    align-items: start;
  }
`;

const Section = styled(Card)`
  display: grid;
  gap: 16px;
  min-width: 0;
  h2 {
    margin: 0;
    font-size: 1.25rem;
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 12px;
`;

/**
 * /dashboard/:workspaceId/tickets/:ticketId: one ticket, live. An unknown ticket is the shell's
 * 404 page.
 */
export function TicketPage() {
  const { t } = useTranslation('ticket-detail');
  const { t: tTickets } = useTranslation(ticketsNamespace);
  const { workspaceId = '', ticketId = '' } = useParams();
  const { pathname } = useLocation();
  const ticketQuery = useLiveDocs<Ticket>({
    collection: 'tickets',
    workspaceId,
    where: [{ field: 'id', op: '==', value: ticketId }],
    limit: 1,
  });
  const ticket = ticketQuery.docs[0];
  const conversationId = ticket?.type === 'external' ? ticket.conversationId : null;
  const conversationQuery = useLiveDocs<Conversation>(
    conversationId
      ? {
          collection: 'conversations',
          workspaceId,
          where: [{ field: 'id', op: '==', value: conversationId }],
          limit: 1,
        }
      : null,
  );
  const conversation = conversationQuery.docs[0];
  const { members } = useMembers(workspaceId);
  usePageTitle(ticket ? ticketSubject(tTickets, ticket, conversation) : t('loadingTitle'));

  // product-spec.md §8: 'Page Not Found: {path}', thrown while rendering for the shell's boundary.
  if (ticketQuery.status === 'live' && !ticket) throw pageNotFound(pathname);

  const backLink = (
    <BackLink to={dashboardPaths['dashboard-workspaceId-tickets'].getHref({ workspaceId })}>
      {t('back')}
    </BackLink>
  );

  if (!ticket) {
    return (
      <Stack $gap={6} aria-busy={ticketQuery.status === 'loading'}>
        <PageHeader title={t('loadingTitle')} before={backLink} />
        {ticketQuery.status === 'error' ? (
          <LoadFailed message={t('loadFailed')} onRetry={ticketQuery.retry} />
        ) : (
          <Loading label={t('loading')} />
        )}
      </Stack>
    );
  }

  return (
    <Stack $gap={6}>
      <PageHeader title={ticketSubject(tTickets, ticket, conversation)} before={backLink}>
        <Badges>
          <StatusBadge status={ticket.status} />
          {ticket.isFollowedUp ? <FollowUpBadge /> : null}
        </Badges>
      </PageHeader>
      <Columns>
        <Stack $gap={6}>
          <Section as="section" aria-labelledby="ticket-details-title">
            <h2 id="ticket-details-title">{t('details.title')}</h2>
            <TicketDetails ticket={ticket} conversation={conversation} />
            <AssigneeForm key={ticket.id} ticket={ticket} members={members} />
          </Section>
          <Section as="section" aria-labelledby="ticket-actions-title">
            <h2 id="ticket-actions-title">{t('actions.title')}</h2>
            <TicketActions ticket={ticket} />
          </Section>
        </Stack>
        {ticket.type === 'external' && ticket.conversationId ? (
          <Section as="section" aria-labelledby="ticket-conversation-title">
            <h2 id="ticket-conversation-title">{t('conversation.title')}</h2>
            <ConversationMessages
              workspaceId={workspaceId}
              conversationId={ticket.conversationId}
            />
          </Section>
        ) : null}
      </Columns>
    </Stack>
  );
}

function TicketDetails({
  ticket,
  conversation,
}: {
  ticket: Ticket;
  conversation: LinkedConversation | undefined;
}) {
  const { t } = useTranslation('ticket-detail');
  const { t: tTickets } = useTranslation(ticketsNamespace);
  const recipient = ticketRecipient(tTickets, ticket, conversation);
  const email = ticketRecipientEmail(ticket, conversation);
  const rows: [string, ReactNode][] = [
    [t('details.type'), tTickets(`types.${ticket.type}`)],
    [t('details.recipient'), recipient ?? t('details.unknownRecipient')],
    [t('details.email'), email ?? t('details.noEmail')],
    [t('details.status'), <StatusBadge key="status" status={ticket.status} />],
    [
      t('details.followUp'),
      ticket.isFollowedUp ? t('details.followedUp') : t('details.notFollowedUp'),
    ],
    [t('details.createdAt'), <FormattedDateTime key="created" timestamp={ticket.createdAt} />],
    [t('details.updatedAt'), <FormattedDateTime key="updated" timestamp={ticket.updatedAt} />],
  ];
  return <FieldList items={rows} />;
}

type Pending = 'resolve' | 'followUp' | null;

/** Resolve, and mark for follow-up (or take the mark off); the page follows live. */
function TicketActions({ ticket }: { ticket: Ticket }) {
  const { t } = useTranslation('ticket-detail');
  const { t: tTickets } = useTranslation(ticketsNamespace);
  const { t: tCommon } = useTranslation('common');
  const toast = useToast();
  const [pending, setPending] = useState<Pending>(null);

  async function run(action: Exclude<Pending, null>) {
    setPending(action);
    try {
      if (action === 'resolve') {
        await resolveTickets(ticket.workspaceId, [ticket.id]);
        toast.success(t('actions.resolved'));
      } else {
        const mark = !ticket.isFollowedUp;
        await followUpTickets(ticket.workspaceId, [ticket.id], mark);
        toast.success(mark ? t('actions.markedFollowUp') : t('actions.unmarkedFollowUp'));
      }
    } catch (error) {
      toast.error(apiErrorMessage(tCommon, error, tTickets('unexpectedError')));
    } finally {
      setPending(null);
    }
  }

  return (
    <>
      <Actions>
        {ticket.status === 'open' ? (
          <Button type="button" disabled={pending !== null} onClick={() => void run('resolve')}>
            {pending === 'resolve' ? <Spinner /> : null}
            {pending === 'resolve' ? t('actions.resolving') : t('actions.resolve')}
          </Button>
        ) : (
          <span>{t('actions.alreadyClosed')}</span>
        )}
        <Button
          type="button"
          $variant="secondary"
          disabled={pending !== null}
          onClick={() => void run('followUp')}
        >
          {pending === 'followUp' ? <Spinner /> : null}
          {ticket.isFollowedUp ? t('actions.unfollow') : t('actions.followUp')}
        </Button>
      </Actions>
    </>
  );
}
