import type { ReactNode, Ref } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { WorkspaceUser } from 'shared-sdk';
import type { Conversation } from 'shared-sdk/schemas';
import { Muted } from 'shared-ui';
import { RelativeTime, type ApiGetState } from 'shared-ui/controls';
import { StatusBadge } from '../../../components/status-badge';
import { IdentityBadge } from '../../../components/identity-badge';
import { AssignConversation } from './assign-conversation';
import { ConversationRating } from './conversation-rating';
import { CreateTicket } from './create-ticket';
import { ForwardConversation } from './forward-conversation';
import { ResolveConversation } from './resolve-conversation';
import { TakeOver } from './take-over';
import { ViewingColleagues } from './viewing-colleagues';

const Header = styled.header`
  display: grid;
  gap: 8px;
  min-width: 0;
  h2 {
    margin: 0;
    font-size: clamp(1.375rem, 1.5vw + 1rem, 1.75rem);
    overflow-wrap: anywhere;
  }
`;

const Facts = styled.p`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px 12px;
  margin: 0;
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 12px;
`;

/**
 * The open conversation's header: the customer's name, status, when it started, its rating, who
 * else has it open, and what the agent does (assign, take over, resolve, create a ticket, forward a mail).
 */
export function ConversationHeader({
  conversation,
  name,
  verified,
  members,
  currentUserId,
  nameOfMember,
  viewers,
  backLink,
  headingRef,
}: {
  conversation: Conversation;
  name: string;
  /** The customer identified with their business's signature. */
  verified: boolean;
  members: ApiGetState<WorkspaceUser[]>;
  currentUserId: string | undefined;
  nameOfMember: (userId: string) => string;
  /** Colleagues who have it open now. */
  viewers: string[];
  backLink: ReactNode;
  headingRef: Ref<HTMLHeadingElement>;
}) {
  const { t } = useTranslation('conversation');
  const { workspaceId, id: conversationId } = conversation;
  const takenOver = currentUserId !== undefined && conversation.agentIds.includes(currentUserId);
  return (
    <Header>
      {backLink}
      <h2 id="conversation-title" ref={headingRef} tabIndex={-1}>
        {name}
      </h2>
      <Facts>
        <StatusBadge status={conversation.status} />
        <IdentityBadge verified={verified} />
        <Muted as="span">
          {t('header.startedAt')} <RelativeTime timestamp={conversation.createdAt} />
        </Muted>
      </Facts>
      {conversation.rating ? <ConversationRating rating={conversation.rating} /> : null}
      <ViewingColleagues viewers={viewers} nameOfMember={nameOfMember} />
      <Actions>
        <AssignConversation
          workspaceId={workspaceId}
          conversationId={conversationId}
          assigneeId={conversation.assigneeId}
          members={members}
          currentUserId={currentUserId}
        />
        <TakeOver workspaceId={workspaceId} conversationId={conversationId} takenOver={takenOver} />
        {conversation.status === 'resolved' ? null : (
          <ResolveConversation
            workspaceId={workspaceId}
            conversationId={conversationId}
            customer={name}
          />
        )}
        <CreateTicket
          workspaceId={workspaceId}
          conversationId={conversationId}
          members={members}
          currentUserId={currentUserId}
        />
        {conversation.channel === 'email' ? (
          <ForwardConversation workspaceId={workspaceId} conversationId={conversationId} />
        ) : null}
      </Actions>
    </Header>
  );
}
