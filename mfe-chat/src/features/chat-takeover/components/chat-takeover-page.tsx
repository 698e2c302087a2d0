import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import {
  dashboardPaths,
  pendingConversationsQuery,
  workspaceUserEndpoints,
  type ConversationAssigneeFilter,
  type ConversationChannelFilter,
} from 'shared-sdk';
import type { Conversation } from 'shared-sdk/schemas';
import { useLiveDocs } from 'shared-sdk/live';
import { addTranslations, useSession } from 'shared-ui';
import { PageHeader, useApiGet } from 'shared-ui/controls';
import { chatNamespace } from '../../../i18n/chat-translations';
import { PageBody } from '../../../components/chat-page';
import en from '../en-US.json';
import { useTakeoverShortcuts } from '../hooks/use-takeover-shortcuts';
import { memberName } from '../utils/sender-names';
import {
  isAssigneeFilter,
  isChannelFilter,
  isTakeoverFilter,
  nextPendingId,
  type TakeoverFilter,
  type TakeoverFilters,
} from '../utils/takeover-list';
import { focusListRow } from './conversation-list';
import { KeyboardShortcuts } from './keyboard-shortcuts';
import { NoConversationOpen } from './no-conversation-open';
import { OpenConversation, openConversationId } from './open-conversation';
import { ListPane, SplitView } from './split-view';
import { TakeoverListPane } from './takeover-list-pane';

addTranslations('chat-takeover', en);

/**
 * /dashboard/:workspaceId/chat-takeover and …/chat-takeover/:conversationId (product-spec.md §2), one split
 * view: the list, live, pending first; the open conversation; the customer. The filter is kept
 * in the URL (?status=pending&channel=email) so that it survives a reload and opening a conversation.
 */
export function ChatTakeoverPage() {
  const { t } = useTranslation('chat-takeover');
  const { workspaceId = '', conversationId } = useParams();
  const [searchParams, setSearchParams] = useSearchParams();
  const { search } = useLocation();
  const navigate = useNavigate();
  const { t: tChat } = useTranslation(chatNamespace);
  const status = searchParams.get('status');
  const assignee = searchParams.get('assignee');
  const channel = searchParams.get('channel');
  const { user } = useSession();
  const filters: TakeoverFilters = {
    status: isTakeoverFilter(status) ? status : 'all',
    assignee: isAssigneeFilter(assignee) ? assignee : 'all',
    channel: isChannelFilter(channel) ? channel : 'all',
    userId: user?.id,
  };
  // For names: the list's assignees, the messages' agents, whom to assign and ticket.
  const { state: members } = useApiGet(workspaceUserEndpoints.list, { workspaceId });
  const assigneeName = (userId: string) => {
    if (userId === user?.id) return tChat('you');
    const member =
      members.status === 'loaded' ? members.data.find((m) => m.userId === userId) : undefined;
    return member ? memberName(member) : tChat('roles.agent');
  };
  const listRef = useRef<HTMLOListElement>(null);
  // The same query as the header's count: one subscription on the page's socket.
  const pending = useLiveDocs<Conversation>(pendingConversationsQuery(workspaceId));
  const nextPending = nextPendingId(pending.docs, conversationId);
  const listHref = dashboardPaths['dashboard-workspaceId-chat-takeover'].getHref(
    { workspaceId },
    search,
  );

  const openNextPending = () => {
    if (!nextPending) return;
    navigate(
      dashboardPaths['dashboard-workspaceId-chat-takeover-conversationId'].getHref(
        { workspaceId, conversationId: nextPending },
        search,
      ),
    );
  };
  /** A control of the open conversation, marked for the shortcuts. */
  const openPaneControl = (selector: string) =>
    document.getElementById(openConversationId)?.querySelector<HTMLElement>(selector);

  useTakeoverShortcuts({
    move: (step) => focusListRow(listRef.current, step),
    reply: () => openPaneControl('textarea[name="content"]')?.focus(),
    resolve: () => openPaneControl('[data-shortcut="resolve"]')?.click(),
    nextPending: openNextPending,
    leaveReply: () => focusListRow(listRef.current, 1),
    suggestions: () => openPaneControl('[data-copilot-insert]')?.focus(),
  });

  function chooseFilters(change: {
    status?: TakeoverFilter;
    assignee?: ConversationAssigneeFilter;
    channel?: ConversationChannelFilter;
  }) {
    const next = {
      status: filters.status,
      assignee: filters.assignee,
      channel: filters.channel,
      ...change,
    };
    // "all" is the default of each: left out of the address.
    setSearchParams(
      Object.fromEntries(Object.entries(next).filter(([, value]) => value !== 'all')),
      { replace: true },
    );
  }

  return (
    <PageBody>
      <PageHeader title={t('title')} lead={conversationId ? undefined : t('lead')}>
        <KeyboardShortcuts />
      </PageHeader>
      <SplitView>
        <ListPane $shownNarrow={!conversationId} aria-label={t('list.pane')}>
          <TakeoverListPane
            workspaceId={workspaceId}
            filters={filters}
            onFilters={chooseFilters}
            search={search}
            openId={conversationId}
            assigneeName={assigneeName}
            listRef={listRef}
          />
        </ListPane>
        {conversationId ? (
          <OpenConversation
            key={conversationId}
            workspaceId={workspaceId}
            conversationId={conversationId}
            currentUserId={user?.id}
            members={members}
            listHref={listHref}
          />
        ) : (
          <NoConversationOpen
            pendingCount={pending.docs.length}
            onNextPending={nextPending ? openNextPending : undefined}
          />
        )}
      </SplitView>
    </PageBody>
  );
}
