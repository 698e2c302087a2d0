import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Loading, LoadFailed, Muted, SegmentedControl, Spinner } from 'shared-ui';
import { useTakeoverList } from '../hooks/use-takeover-list';
import { takeoverFilters, type TakeoverFilter } from '../utils/takeover-list';
import { AlertSettings } from './alert-settings';
import { ConversationList } from './conversation-list';

/**
 * The list pane: alert settings, the status filter, the workspace's conversations live (pending
 * first, spec §2) and "Load more".
 */
export function TakeoverListPane({
  workspaceId,
  filter,
  onFilter,
  search,
  openId,
  currentUserId,
  listRef,
}: {
  workspaceId: string;
  filter: TakeoverFilter;
  onFilter: (filter: TakeoverFilter) => void;
  search: string;
  openId: string | undefined;
  currentUserId: string | undefined;
  listRef: RefObject<HTMLOListElement | null>;
}) {
  const { t } = useTranslation('chat-takeover');
  const list = useTakeoverList(workspaceId, filter);
  const { conversations, status } = list;
  return (
    <>
      <AlertSettings />
      <div>
        <SegmentedControl
          legend={t('filter.legend')}
          name="conversation-status"
          options={takeoverFilters.map((value) => ({ value, label: t(`filter.${value}`) }))}
          value={filter}
          onChange={onFilter}
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
          <Muted>{t(`list.empty.${filter}`)}</Muted>
        ) : null}
        {conversations.length > 0 ? (
          <ConversationList
            workspaceId={workspaceId}
            conversations={conversations}
            currentUserId={currentUserId}
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
