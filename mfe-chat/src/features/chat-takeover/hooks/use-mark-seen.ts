import { useEffect, useRef, useSyncExternalStore } from 'react';
import { markMessagesSeen } from '../api/conversation-api';

const subscribeVisibility = (listener: () => void) => {
  document.addEventListener('visibilitychange', listener);
  return () => document.removeEventListener('visibilitychange', listener);
};
const isVisible = () => document.visibilityState !== 'hidden';

/**
 * While the page is open and in view, tells the server this user has seen every message (product-spec.md §7
 * POST /api/user/seen-message with the conversation's messagesCount), again whenever new ones
 * arrive. A failed call is tried again with the next message.
 */
export function useMarkSeen({
  workspaceId,
  conversationId,
  messagesCount,
  seenCount,
}: {
  workspaceId: string;
  conversationId: string;
  /** undefined until the conversation has loaded. */
  messagesCount: number | undefined;
  seenCount: number;
}) {
  const visible = useSyncExternalStore(subscribeVisibility, isVisible, () => true);
  const sentCount = useRef<{ conversationId: string; count: number } | null>(null);

  useEffect(() => {
    if (messagesCount === undefined || !visible || messagesCount <= seenCount) return;
    const sent = sentCount.current;
    if (sent?.conversationId === conversationId && sent.count >= messagesCount) return;
    sentCount.current = { conversationId, count: messagesCount };
    markMessagesSeen({ workspaceId, conversationId, messagesSeenCount: messagesCount }).catch(
      () => {
        if (sentCount.current?.count === messagesCount) sentCount.current = null;
      },
    );
  }, [workspaceId, conversationId, messagesCount, seenCount, visible]);
}
