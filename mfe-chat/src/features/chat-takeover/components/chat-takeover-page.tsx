import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router-dom';
import type { Conversation } from 'shared-sdk/schemas';
import { useLiveDocs } from 'shared-sdk/live';
import {
  addTranslations,
  Alert,
  Button,
  Loading,
  SegmentedControl,
  Spinner,
  usePageTitle,
  useSession,
  LoadFailed,
  PageHeader,
  Muted,
} from 'shared-ui';
import { PageBody } from '../../../components/chat-page';
import { ConversationList } from './conversation-list';
import en from '../en-US.json';
import {
  isTakeoverFilter,
  maxLimit,
  pageSize,
  takeoverFilters,
  takeoverQuery,
  type TakeoverFilter,
} from '../utils/takeover-list';

addTranslations('chat-takeover', en);

/**
 * /dashboard/:workspaceId/chat-takeover: the workspace's conversations, live, pending ones first
 * (spec §2). The filter is kept in the URL (?status=pending) so that it survives a reload.
 */
export function ChatTakeoverPage() {
  const { t } = useTranslation('chat-takeover');
  usePageTitle(t('title'));
  const { workspaceId = '' } = useParams();
  const [searchParams, setSearchParams] = useSearchParams();
  const status = searchParams.get('status');
  const filter: TakeoverFilter = isTakeoverFilter(status) ? status : 'all';
  const { user } = useSession();
  // The list's length, per filter: another tab starts again at one page.
  const [limit, setLimit] = useState({ filter, value: pageSize });
  const currentLimit = limit.filter === filter ? limit.value : pageSize;

  const live = useLiveDocs<Conversation>(takeoverQuery(workspaceId, filter, currentLimit));
  // While a longer list loads ("Load more"), the shorter one stays on screen.
  const listKey = `${workspaceId}:${filter}`;
  const [lastLive, setLastLive] = useState<{ key: string; docs: Conversation[] }>();
  if (live.status === 'live' && (lastLive?.key !== listKey || lastLive.docs !== live.docs)) {
    setLastLive({ key: listKey, docs: live.docs });
  }
  // In the query's order: the live client places every change where isPending, updatedAt put it.
  const conversations =
    live.status === 'loading' && lastLive?.key === listKey ? lastLive.docs : live.docs;
  const waiting = live.status === 'loading' || live.status === 'reconnecting';
  // A full list may have more after it.
  const mayHaveMore = conversations.length >= currentLimit && currentLimit < maxLimit;

  function chooseFilter(next: TakeoverFilter) {
    setSearchParams(next === 'all' ? {} : { status: next }, { replace: true });
  }

  return (
    <PageBody>
      <PageHeader title={t('title')} lead={t('lead')} />
      <div>
        <SegmentedControl
          legend={t('filter.legend')}
          name="conversation-status"
          options={takeoverFilters.map((value) => ({ value, label: t(`filter.${value}`) }))}
          value={filter}
          onChange={chooseFilter}
        />
      </div>
      <div aria-busy={waiting}>
        {live.status === 'error' ? (
          <LoadFailed message={t('list.loadFailed')} onRetry={live.retry} />
        ) : null}
        {live.status === 'reconnecting' ? (
          <Alert tone="info">{t('list.reconnecting')}</Alert>
        ) : null}
        {live.status === 'loading' && conversations.length === 0 ? (
          <Loading label={t('list.loading')} />
        ) : null}
        {live.status === 'live' && conversations.length === 0 ? (
          <Muted>{t(`list.empty.${filter}`)}</Muted>
        ) : null}
        {conversations.length > 0 ? (
          <ConversationList
            workspaceId={workspaceId}
            conversations={conversations}
            currentUserId={user?.id}
          />
        ) : null}
      </div>
      {mayHaveMore ? (
        <div>
          <Button
            type="button"
            $variant="secondary"
            disabled={waiting}
            onClick={() => setLimit({ filter, value: Math.min(maxLimit, currentLimit + pageSize) })}
          >
            {waiting ? <Spinner /> : null}
            {waiting ? t('list.loadingMore') : t('list.loadMore')}
          </Button>
        </div>
      ) : null}
    </PageBody>
  );
}
