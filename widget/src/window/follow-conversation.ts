import type { LiveClient, LiveQuery, LiveState } from 'shared-sdk/live';
import type { Conversation, Message } from 'shared-sdk/schemas';

export interface ConversationFollower {
  /** The conversation's messages, each time the list changes while it is live. */
  onMessages: (messages: readonly Message[]) => void;
  /** The conversation's own document (status, agents), each time it changes. */
  onConversation: (conversation: Conversation) => void;
  /** The messages subscription's state, for the window's connection notice. */
  onStatus: (status: LiveState['status']) => void;
}

/**
 * The open conversation, live: its messages and its own document. Returns what stops both
 * subscriptions.
 */
export function followConversation(
  live: LiveClient,
  workspaceId: string,
  conversationId: string,
  follower: ConversationFollower,
): () => void {
  const messagesQuery: LiveQuery = { collection: 'messages', workspaceId, conversationId };
  const conversationQuery: LiveQuery = {
    collection: 'conversations',
    workspaceId,
    where: [{ field: 'id', op: '==', value: conversationId }],
  };
  const stopMessages = live.subscribe(messagesQuery, (result) => {
    if (result.status === 'live') follower.onMessages(result.docs as unknown as Message[]);
    follower.onStatus(result.status);
  });
  const stopConversation = live.subscribe(conversationQuery, (result) => {
    if (result.status !== 'live') return;
    const doc = result.docs.find((item) => item.id === conversationId);
    if (doc) follower.onConversation(doc as unknown as Conversation);
  });
  return () => {
    stopMessages();
    stopConversation();
  };
}
