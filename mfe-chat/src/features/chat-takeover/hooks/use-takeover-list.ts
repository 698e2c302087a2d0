import { useState } from 'react';
import type { Conversation } from 'shared-sdk/schemas';
import { useLiveDocs } from 'shared-sdk/live';
import { maxLimit, pageSize, takeoverQuery, type TakeoverFilters } from '../utils/takeover-list';

/**
 * The takeover list of a workspace, live, in a filter, with "load more". While a longer list
 * loads, the shorter one stays on screen.
 */
export function useTakeoverList(workspaceId: string, filters: TakeoverFilters) {
  // The list's length, per filter: another tab starts again at one page.
  const filter = `${filters.status}:${filters.assignee}:${filters.channel}`;
  const [limit, setLimit] = useState({ filter, value: pageSize });
  const currentLimit = limit.filter === filter ? limit.value : pageSize;

  const live = useLiveDocs<Conversation>(takeoverQuery(workspaceId, filters, currentLimit));
  const listKey = `${workspaceId}:${filter}`;
  const [lastLive, setLastLive] = useState<{ key: string; docs: Conversation[] }>();
  if (live.status === 'live' && (lastLive?.key !== listKey || lastLive.docs !== live.docs)) {
    setLastLive({ key: listKey, docs: live.docs });
  }
  // In the query's order: the live client places every change where isPending, updatedAt put it.
  const conversations =
    live.status === 'loading' && lastLive?.key === listKey ? lastLive.docs : live.docs;
  return {
    status: live.status,
    retry: live.retry,
    conversations,
    waiting: live.status === 'loading' || live.status === 'reconnecting',
    // A full list may have more after it.
    mayHaveMore: conversations.length >= currentLimit && currentLimit < maxLimit,
    loadMore: () => setLimit({ filter, value: Math.min(maxLimit, currentLimit + pageSize) }),
  };
}
