import {
  conversationAssigneeFilters,
  conversationAssigneeWhere,
  conversationChannelFilters,
  conversationChannelWhere,
  type ConversationAssigneeFilter,
  type ConversationChannelFilter,
  type LiveQuery,
} from 'shared-sdk';
import type { Conversation } from 'shared-sdk/schemas';

/** The list's filter tabs: every conversation, or those of one status. */
export const takeoverFilters = ['all', 'pending', 'open', 'resolved'] as const;
export type TakeoverFilter = (typeof takeoverFilters)[number];

export const isTakeoverFilter = (value: string | null): value is TakeoverFilter =>
  takeoverFilters.some((filter) => filter === value);

export const isAssigneeFilter = (value: string | null): value is ConversationAssigneeFilter =>
  conversationAssigneeFilters.some((filter) => filter === value);

export const isChannelFilter = (value: string | null): value is ConversationChannelFilter =>
  conversationChannelFilters.some((filter) => filter === value);

/** The list's filters: by status, by channel, and by assignment as the signed-in user sees it. */
export interface TakeoverFilters {
  status: TakeoverFilter;
  assignee: ConversationAssigneeFilter;
  channel: ConversationChannelFilter;
  /** The signed-in user ("mine"). */
  userId: string | undefined;
}

/** How many conversations a page of the list holds; "Load more" asks for this many more. */
export const pageSize = 25;
/** The most a live query returns (shared-sdk liveQuerySchema). */
export const maxLimit = 500;

/**
 * product-spec.md §2: pending conversations first, then by updatedAt descending. `isPending` is computed by
 * the server (status = 'pending') so that the order is served by the takeover list index.
 *
 * "Load more" asks for a longer list in the same subscription rather than a second page after a
 * startAfter cursor: conversations move up as they change, and pages cut at a fixed cursor would
 * lose the ones that cross a page boundary.
 */
export function takeoverQuery(
  workspaceId: string,
  { status, assignee, channel, userId }: TakeoverFilters,
  limit: number,
): LiveQuery {
  const where = [
    ...(status === 'all' ? [] : [{ field: 'status', op: '==' as const, value: status }]),
    ...(userId ? conversationAssigneeWhere(assignee, userId) : []),
    ...conversationChannelWhere(channel),
  ];
  return {
    collection: 'conversations',
    workspaceId,
    ...(where.length > 0 ? { where } : {}),
    orderBy: [
      { field: 'isPending', direction: 'desc' },
      { field: 'updatedAt', direction: 'desc' },
    ],
    limit,
  };
}

/** product-spec.md §3 messagesSeenCount per user: the messages this user has not seen yet (never negative). */
export function unreadCount(
  conversation: Pick<Conversation, 'messagesCount' | 'messagesSeenCount'>,
  userId: string | undefined,
): number {
  const seen = userId ? (conversation.messagesSeenCount[userId] ?? 0) : 0;
  return Math.max(0, conversation.messagesCount - seen);
}

/**
 * "Next pending": the pending conversation after the open one in the pending list (newest
 * first), else the first; undefined when no other conversation waits.
 */
export function nextPendingId(
  pending: Pick<Conversation, 'id'>[],
  openId: string | undefined,
): string | undefined {
  const others = pending.filter((conversation) => conversation.id !== openId);
  if (others.length === 0) return undefined;
  const index = pending.findIndex((conversation) => conversation.id === openId);
  return (
    (index >= 0 ? pending.slice(index + 1).find((c) => c.id !== openId) : undefined)?.id ??
    others[0]?.id
  );
}
