import { generatePath } from 'react-router-dom';

// The routes this remote's pages live at (spec §2) and the pages they link to. The shell owns the
// route table; these must match it.
export const paths = {
  chatTakeover: {
    path: '/dashboard/:workspaceId/chat-takeover',
    getHref: (workspaceId: string) =>
      generatePath('/dashboard/:workspaceId/chat-takeover', { workspaceId }),
  },
  conversation: {
    path: '/dashboard/:workspaceId/chat-takeover/:conversationId',
    getHref: (workspaceId: string, conversationId: string) =>
      generatePath('/dashboard/:workspaceId/chat-takeover/:conversationId', {
        workspaceId,
        conversationId,
      }),
  },
  ticket: {
    path: '/dashboard/:workspaceId/tickets/:ticketId',
    getHref: (workspaceId: string, ticketId: string) =>
      generatePath('/dashboard/:workspaceId/tickets/:ticketId', { workspaceId, ticketId }),
  },
} as const;
