import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { dashboardPaths, pendingConversationsQuery } from 'shared-sdk';
import type { Conversation } from 'shared-sdk/schemas';
import { useLiveDocs } from 'shared-sdk/live';
import { addTranslations, PageHeader, useSession } from 'shared-ui';
import { PageBody } from '../../../components/chat-page';
import en from '../en-US.json';
import { useTakeoverShortcuts } from '../hooks/use-takeover-shortcuts';
import { isTakeoverFilter, nextPendingId, type TakeoverFilter } from '../utils/takeover-list';
import { focusListRow } from './conversation-list';
import { KeyboardShortcuts } from './keyboard-shortcuts';
import { NoConversationOpen } from './no-conversation-open';
import { OpenConversation, openConversationId } from './open-conversation';
import { ListPane, SplitView } from './split-view';
import { TakeoverListPane } from './takeover-list-pane';

addTranslations('chat-takeover', en);

/**
 * /dashboard/:workspaceId/chat-takeover and …/chat-takeover/:conversationId (spec §2), one split
 * view: the list, live, pending first; the open conversation; the customer. The filter is kept
 * in the URL (?status=pending) so that it survives a reload and opening a conversation.
 */
export function ChatTakeoverPage() {
  const { t } = useTranslation('chat-takeover');
  const { workspaceId = '', conversationId } = useParams();
  const [searchParams, setSearchParams] = useSearchParams();
  const { search } = useLocation();
  const navigate = useNavigate();
  const status = searchParams.get('status');
  const filter: TakeoverFilter = isTakeoverFilter(status) ? status : 'all';
  const { user } = useSession();
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
  });

  function chooseFilter(next: TakeoverFilter) {
    setSearchParams(next === 'all' ? {} : { status: next }, { replace: true });
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
            filter={filter}
            onFilter={chooseFilter}
            search={search}
            openId={conversationId}
            currentUserId={user?.id}
            listRef={listRef}
          />
        </ListPane>
        {conversationId ? (
          <OpenConversation
            key={conversationId}
            workspaceId={workspaceId}
            conversationId={conversationId}
            currentUserId={user?.id}
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
