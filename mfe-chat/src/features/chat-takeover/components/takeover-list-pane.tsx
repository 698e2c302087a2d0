import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Loading, Muted, SegmentedControl, Spinner } from 'shared-ui';
import { LoadFailed } from 'shared-ui/controls';
import { useTakeoverList } from '../hooks/use-takeover-list';
import {
  conversationAssigneeFilters,
  conversationChannelFilters,
  type ConversationAssigneeFilter,
  type ConversationChannelFilter,
} from 'shared-sdk';
import { takeoverFilters, type TakeoverFilter, type TakeoverFilters } from '../utils/takeover-list';
import { AlertSettings } from './alert-settings';
import { ConversationList } from './conversation-list';

/**
 * The list pane: alert settings, the status and channel filters, the workspace's conversations live (pending
 * first, product-spec.md §2) and "Load more".
 */
export function TakeoverListPane({
  workspaceId,
  filters,
  onFilters,
  search,
  openId,
  assigneeName,
  listRef,
}: {
  workspaceId: string;
  filters: TakeoverFilters;
  onFilters: (change: {
    status?: TakeoverFilter;
    assignee?: ConversationAssigneeFilter;
    channel?: ConversationChannelFilter;
  }) => void;
  search: string;
  openId: string | undefined;
  /** The name of a conversation's assignee ("You" for the signed-in user). */
  assigneeName: (userId: string) => string;
  listRef: RefObject<HTMLOListElement | null>;
}) {
  const { t } = useTranslation('chat-takeover');
  const list = useTakeoverList(workspaceId, filters);
  const filter = filters.status;
  const { conversations, status } = list;
  return (
    <>
      <AlertSettings />
      <div>
        <SegmentedControl
          legend={t('assigneeFilter.legend')}
          name="conversation-assignee"
          options={conversationAssigneeFilters.map((value) => ({
            value,
            label: t(`assigneeFilter.${value}`),
          }))}
          value={filters.assignee}
          onChange={(assignee) => onFilters({ assignee })}
        />
      </div>
      <div>
        <SegmentedControl
          legend={t('filter.legend')}
          name="conversation-status"
          options={takeoverFilters.map((value) => ({ value, label: t(`filter.${value}`) }))}
          value={filter}
          onChange={(status) => onFilters({ status })}
        />
      </div>
      <div>
        <SegmentedControl
          legend={t('channelFilter.legend')}
          name="conversation-channel"
          options={conversationChannelFilters.map((value) => ({
            value,
            label: t(`channelFilter.${value}`),
          }))}
          value={filters.channel}
          onChange={(channel) => onFilters({ channel })}
        />
      </div>
      <div aria-busy={list.waiting}>
        {status === 'error' ? (
          <LoadFailed message={t('list.loadFailed')} onRetry={list.retry} />
        ) : null}
        {status === 'reconnecting' ? <Alert tone="info">{t('list.reconnecting')}</Alert> : null}
        {status === 'loading' && conversations.length === 0 ? (
          <Loading label={t('list.loading')} />
        ) : null}
        {status === 'live' && conversations.length === 0 ? (
          <Muted>
            {filters.channel !== 'all'
              ? t(`list.emptyChannel.${filters.channel}`)
              : filters.assignee === 'all'
                ? t(`list.empty.${filter}`)
                : t(`list.emptyAssigned.${filters.assignee}`)}
          </Muted>
        ) : null}
        {conversations.length > 0 ? (
          <ConversationList
            workspaceId={workspaceId}
            conversations={conversations}
            currentUserId={filters.userId}
            assigneeName={assigneeName}
            openId={openId}
            search={search}
            listRef={listRef}
          />
        ) : null}
      </div>
      {list.mayHaveMore ? (
        <div>
          <Button
            type="button"
            $variant="secondary"
            disabled={list.waiting}
            onClick={list.loadMore}
          >
            {list.waiting ? <Spinner /> : null}
            {list.waiting ? t('list.loadingMore') : t('list.loadMore')}
          </Button>
        </div>
      ) : null}
    </>
  );
}
