import type { LiveQuery } from './schemas/live';

/** The most pending conversations one read returns; the counters show "99+" past it. */
export const pendingConversationsLimit = 100;

/**
 * The workspace's pending conversations, newest first (product-spec.md §4): what the dashboard header counts
 * and raises alerts for, and what "next pending" in chat takeover walks. One query written once,
 * so that the shell and the chat takeover page share one server subscription on the page's
 * socket (the live client merges equal queries).
 */
export function pendingConversationsQuery(workspaceId: string): LiveQuery {
  return {
    collection: 'conversations',
    workspaceId,
    where: [{ field: 'status', op: '==', value: 'pending' }],
    orderBy: [{ field: 'updatedAt', direction: 'desc' }],
    limit: pendingConversationsLimit,
  };
}
