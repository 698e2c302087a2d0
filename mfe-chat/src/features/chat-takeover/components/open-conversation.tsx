import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import styled from 'styled-components';
import { pageNotFound, type WorkspaceUser } from 'shared-sdk';
import type { Conversation, Customer, Message } from 'shared-sdk/schemas';
import {
  addTranslations,
  Alert,
  Loading,
  usePageTitle,
  LoadFailed,
  type ApiGetState,
  BackLink,
  Muted,
} from 'shared-ui';
import { chatNamespace } from '../../../i18n/chat-translations';
import { customerName } from '../../../utils/customer-name';
import { SectionCard } from '../../../components/chat-page';
import { RelativeTime } from '../../../components/relative-time';
import { StatusBadge } from '../../../components/status-badge';
import { useLiveDocs } from 'shared-sdk/live';
import { Composer } from './composer';
import { CreateTicket } from './create-ticket';
import { CustomerDetails, type CustomerFacts } from './customer-details';
import en from '../conversation.en-US.json';
import { MessageList } from './message-list';
import { ResolveConversation } from './resolve-conversation';
import { memberName } from '../utils/sender-names';
import { TakeOver } from './take-over';
import { AssignConversation } from './assign-conversation';
import { useMarkSeen } from '../hooks/use-mark-seen';
import { ConversationPane, DetailsPane, NarrowOnly } from './split-view';

addTranslations('conversation', en);

/** The open conversation's pane, found by the page's keyboard shortcuts. */
export const openConversationId = 'open-conversation';

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

const HeaderFacts = styled.p`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px 12px;
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 12px;
`;

/**
 * The conversation open in chat takeover (/dashboard/:workspaceId/chat-takeover/:conversationId):
 * its messages live and what the agent does (take over, reply, resolve, create a ticket, spec
 * §2) in the middle pane; the customer in the details pane.
 */
export function OpenConversation({
  workspaceId,
  conversationId,
  currentUserId,
  members,
  listHref,
}: {
  workspaceId: string;
  conversationId: string;
  currentUserId: string | undefined;
  members: ApiGetState<WorkspaceUser[]>;
  /** The list, with its filter: where "back" goes on narrow screens. */
  listHref: string;
}) {
  const { t } = useTranslation('conversation');
  const { t: tChat } = useTranslation(chatNamespace);
  const { pathname } = useLocation();

  const conversationLive = useLiveDocs<Conversation>({
    collection: 'conversations',
    workspaceId,
    where: [{ field: 'id', op: '==', value: conversationId }],
  });
  const conversation = conversationLive.docs.find((doc) => doc.id === conversationId);
  const customerLive = useLiveDocs<Customer>(
    conversation
      ? {
          collection: 'customers',
          workspaceId,
          where: [{ field: 'id', op: '==', value: conversation.customerId }],
        }
      : null,
  );
  // The customer's own document once it is read (it changes when they tell their name in the
  // widget); until then the names the conversation carries.
  const customer = customerLive.docs[0] ?? conversation?.customer;
  const name = customer ? (customerName(customer) ?? tChat('anonymousUser')) : undefined;
  usePageTitle(name ?? t('loadingTitle'));

  // spec §8: an unknown conversation (or another workspace's) is 'Page Not Found: {path}'.
  if (conversationLive.status === 'live' && !conversation) throw pageNotFound(pathname);

  // Below lg the list is hidden while a conversation is open: this is the way back to it.
  const backLink = (
    <NarrowOnly>
      <BackLink to={listHref}>{t('back')}</BackLink>
    </NarrowOnly>
  );

  if (!conversation || !name) {
    return (
      <ConversationPane
        $shownNarrow
        id={openConversationId}
        aria-label={t('loadingTitle')}
        aria-busy={conversationLive.status !== 'error'}
      >
        {backLink}
        {conversationLive.status === 'error' ? (
          <LoadFailed message={t('loadFailed')} onRetry={conversationLive.retry} />
        ) : (
          <Loading label={t('loading')} />
        )}
      </ConversationPane>
    );
  }

  return (
    <LoadedConversation
      key={conversation.id}
      conversation={conversation}
      customer={customer ?? conversation.customer}
      name={name}
      currentUserId={currentUserId}
      members={members}
      reconnecting={conversationLive.status === 'reconnecting'}
      // The last known conversation stays on screen, with the error and a way to ask again.
      failed={conversationLive.status === 'error' ? conversationLive.retry : undefined}
      backLink={backLink}
    />
  );
}

function LoadedConversation({
  conversation,
  customer,
  name,
  currentUserId,
  members,
  reconnecting,
  failed,
  backLink,
}: {
  conversation: Conversation;
  customer: CustomerFacts;
  name: string;
  currentUserId: string | undefined;
  members: ApiGetState<WorkspaceUser[]>;
  reconnecting: boolean;
  /** Set when the conversation's live read failed: asks again. */
  failed: (() => void) | undefined;
  backLink: ReactNode;
}) {
  const { t } = useTranslation('conversation');
  const { t: tChat } = useTranslation(chatNamespace);
  const { workspaceId, id: conversationId } = conversation;
  const messagesLive = useLiveDocs<Message>({
    collection: 'messages',
    workspaceId,
    conversationId,
    orderBy: [{ field: 'timestamp', direction: 'asc' }],
  });
  // In timestamp order (spec §3): the query's order, which the live client keeps.
  const messages = messagesLive.docs;
  const seenCount = currentUserId ? (conversation.messagesSeenCount[currentUserId] ?? 0) : 0;
  // Where the messages new to this reader began when they opened the page.
  const [seenAtOpen] = useState(seenCount);
  const firstUnseenId =
    seenAtOpen > 0 && seenAtOpen < messages.length ? messages[seenAtOpen]?.id : undefined;

  useMarkSeen({
    workspaceId,
    conversationId,
    messagesCount: messagesLive.status === 'live' ? conversation.messagesCount : undefined,
    seenCount,
  });

  const takenOver = currentUserId !== undefined && conversation.agentIds.includes(currentUserId);
  const headingRef = useRef<HTMLHeadingElement>(null);
  // Resolve goes away with the resolved status: if it had focus, focus stays on the page.
  useEffect(() => {
    if (conversation.status === 'resolved' && document.activeElement === document.body) {
      headingRef.current?.focus();
    }
  }, [conversation.status]);

  function senderOf(message: Message): string {
    if (message.role === 'user') return name;
    if (message.role === 'bot') return tChat('roles.bot');
    if (message.senderId === currentUserId) return tChat('you');
    const member =
      members.status === 'loaded'
        ? members.data.find((candidate) => candidate.userId === message.senderId)
        : undefined;
    return member ? memberName(member) : tChat('roles.agent');
  }

  return (
    <>
      <ConversationPane $shownNarrow id={openConversationId} aria-labelledby="conversation-title">
        <Header>
          {backLink}
          <h2 id="conversation-title" ref={headingRef} tabIndex={-1}>
            {name}
          </h2>
          <HeaderFacts>
            <StatusBadge status={conversation.status} />
            <Muted as="span">
              {t('header.startedAt')} <RelativeTime timestamp={conversation.createdAt} />
            </Muted>
          </HeaderFacts>
          <Actions>
            <AssignConversation
              workspaceId={workspaceId}
              conversationId={conversationId}
              assigneeId={conversation.assigneeId}
              members={members}
              currentUserId={currentUserId}
            />
            <TakeOver
              workspaceId={workspaceId}
              conversationId={conversationId}
              takenOver={takenOver}
            />
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
          </Actions>
        </Header>
        {failed ? <LoadFailed message={t('loadFailed')} onRetry={failed} /> : null}
        {reconnecting || messagesLive.status === 'reconnecting' ? (
          <Alert tone="info">{t('reconnecting')}</Alert>
        ) : null}
        <SectionCard as="section" aria-labelledby="messages-title">
          <h3 id="messages-title">{t('messages.title')}</h3>
          {messagesLive.status === 'error' ? (
            <LoadFailed message={t('messages.loadFailed')} onRetry={messagesLive.retry} />
          ) : null}
          {messagesLive.status === 'loading' && messages.length === 0 ? (
            <Loading label={t('messages.loading')} />
          ) : null}
          {messagesLive.status === 'live' && messages.length === 0 ? (
            <Muted>{t('messages.empty')}</Muted>
          ) : null}
          {messages.length > 0 ? (
            <MessageList
              label={t('messages.label', { name })}
              messages={messages}
              firstUnseenId={firstUnseenId}
              senderOf={senderOf}
            />
          ) : null}
          <Composer
            workspaceId={workspaceId}
            conversationId={conversationId}
            botAnswering={!takenOver}
          />
        </SectionCard>
      </ConversationPane>
      <DetailsPane>
        <CustomerDetails
          customer={customer}
          workspaceId={workspaceId}
          customerId={conversation.customerId}
          conversationId={conversationId}
        />
      </DetailsPane>
    </>
  );
}
