import { useMemo } from 'react';
import type { Conversation, Ticket } from 'shared-sdk/schemas';
import type { LinkedConversation } from '../../../utils/ticket-text';
import { useLiveDocs, type LiveDocs } from 'shared-sdk/live';

// A live `where id in [...]` takes at most 30 values; four queries cover the largest page (100).
const inLimit = 30;

function useConversationsIn(workspaceId: string, ids: string[]): LiveDocs<Conversation> {
  return useLiveDocs<Conversation>(
    ids.length > 0
      ? { collection: 'conversations', workspaceId, where: [{ field: 'id', op: 'in', value: ids }] }
      : null,
  );
}

/**
 * The conversations the page's external tickets link to (their subject and customer), live.
 * While they load, or if they cannot be read, the tickets show without them.
 */
export function useLinkedConversations(
  workspaceId: string,
  tickets: readonly Pick<Ticket, 'conversationId'>[],
): ReadonlyMap<string, LinkedConversation> {
  const ids = [
    ...new Set(tickets.flatMap((ticket) => (ticket.conversationId ? [ticket.conversationId] : []))),
  ].sort();
  const chunk = (index: number) => ids.slice(index * inLimit, (index + 1) * inLimit);
  const first = useConversationsIn(workspaceId, chunk(0));
  const second = useConversationsIn(workspaceId, chunk(1));
  const third = useConversationsIn(workspaceId, chunk(2));
  const fourth = useConversationsIn(workspaceId, chunk(3));
  return useMemo(
    () =>
      new Map(
        [first.docs, second.docs, third.docs, fourth.docs]
          .flat()
          .map((conversation) => [conversation.id, conversation]),
      ),
    [first.docs, second.docs, third.docs, fourth.docs],
  );
}
