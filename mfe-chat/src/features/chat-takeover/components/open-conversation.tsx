import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { pageNotFound, type WorkspaceUser } from 'shared-sdk';
import type { Conversation, ConversationNote, Customer, Message } from 'shared-sdk/schemas';
import { addTranslations, Alert, Loading, usePageTitle, Muted } from 'shared-ui';
import { LoadFailed, type ApiGetState, BackLink } from 'shared-ui/controls';
import { chatNamespace } from '../../../i18n/chat-translations';
import { customerName } from '../../../utils/customer-name';
import { SectionCard } from '../../../components/chat-page';
import { useLiveDocs } from 'shared-sdk/live';
import { CustomerDetails, isVerified, type CustomerFacts } from './customer-details';
import en from '../conversation.en-US.json';
import { MessageList } from './message-list';
import { SaveAsPair } from './save-as-pair';
import { customerQuestions } from '../utils/customer-questions';
import { ConversationHeader } from './conversation-header';
import { ReplyArea } from './reply-area';
import { memberName } from '../utils/sender-names';
import { useMarkSeen } from '../hooks/use-mark-seen';
import { mergeTimeline } from '../utils/timeline';
import { useConversationSignals, useViewingSignal } from '../hooks/use-live-signals';
import { TypingIndicator } from './typing-indicator';
import { ConversationPane, DetailsPane, NarrowOnly } from './split-view';

addTranslations('conversation', en);

/** The open conversation's pane, found by the page's keyboard shortcuts. */
export const openConversationId = 'open-conversation';

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

  // product-spec.md §8: an unknown conversation (or another workspace's) is 'Page Not Found: {path}'.
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
  // A search result opens the conversation at its message (or note): ?message=<id>.
  const foundId = new URLSearchParams(useLocation().search).get('message') ?? undefined;
  const { t } = useTranslation('conversation');
  const { t: tChat } = useTranslation(chatNamespace);
  const { workspaceId, id: conversationId } = conversation;
  const messagesLive = useLiveDocs<Message>({
    collection: 'messages',
    workspaceId,
    conversationId,
    orderBy: [{ field: 'timestamp', direction: 'asc' }],
  });
  // In timestamp order (product-spec.md §3): the query's order, which the live client keeps.
  const messages = messagesLive.docs;
  const notesLive = useLiveDocs<ConversationNote>({
    collection: 'conversation_notes',
    workspaceId,
    conversationId,
    orderBy: [{ field: 'timestamp', direction: 'asc' }],
  });
  const timeline = useMemo(
    () => mergeTimeline(messages, notesLive.docs),
    [messages, notesLive.docs],
  );
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

  const signals = useConversationSignals(conversationId, currentUserId);
  useViewingSignal(conversationId, messagesLive.status === 'live');
  const nameOfMember = (userId: string) => {
    if (userId === currentUserId) return tChat('you');
    const member =
      members.status === 'loaded'
        ? members.data.find((candidate) => candidate.userId === userId)
        : undefined;
    return member ? memberName(member) : tChat('roles.agent');
  };
  // Each agent reply's question: the customer's latest message before it.
  const questionBefore = useMemo(() => customerQuestions(messages), [messages]);
  function actionsOf(message: Message) {
    const question = questionBefore.get(message.id);
    if (message.role !== 'agent' || !question || !message.content) return null;
    return <SaveAsPair workspaceId={workspaceId} question={question} answer={message.content} />;
  }
  function senderOf(message: Message): string {
    if (message.role === 'user') return name;
    if (message.role === 'bot') return tChat('roles.bot');
    return nameOfMember(message.senderId);
  }

  return (
    <>
      <ConversationPane $shownNarrow id={openConversationId} aria-labelledby="conversation-title">
        <ConversationHeader
          conversation={conversation}
          name={name}
          verified={isVerified(customer)}
          members={members}
          currentUserId={currentUserId}
          nameOfMember={nameOfMember}
          viewers={signals.colleaguesViewing}
          backLink={backLink}
          headingRef={headingRef}
        />
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
          {messagesLive.status === 'live' && timeline.length === 0 ? (
            <Muted>{t('messages.empty')}</Muted>
          ) : null}
          {timeline.length > 0 ? (
            <MessageList
              label={t('messages.label', { name })}
              items={timeline}
              firstUnseenId={firstUnseenId}
              senderOf={senderOf}
              authorOf={(note) => nameOfMember(note.authorId)}
              actionsOf={actionsOf}
              foundId={foundId}
            />
          ) : null}
          <TypingIndicator
            names={[
              ...(signals.customerTyping ? [name] : []),
              ...signals.colleaguesTyping.map(nameOfMember),
            ]}
          />
          <ReplyArea
            workspaceId={workspaceId}
            conversationId={conversationId}
            botAnswering={!takenOver}
            latestCustomerMessageId={messages.findLast((message) => message.role === 'user')?.id}
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
