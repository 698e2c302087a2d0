import { generatePath } from 'react-router-dom';

// The routes this remote's pages live at (spec §2) and the pages they link to. The shell owns
// the route table; these must match it.
export const paths = {
  tickets: {
    path: '/dashboard/:workspaceId/tickets',
    getHref: (workspaceId: string, search = '') =>
      `${generatePath('/dashboard/:workspaceId/tickets', { workspaceId })}${search}`,
  },
  ticket: {
    path: '/dashboard/:workspaceId/tickets/:ticketId',
    getHref: (workspaceId: string, ticketId: string) =>
      generatePath('/dashboard/:workspaceId/tickets/:ticketId', { workspaceId, ticketId }),
  },
  conversation: {
    path: '/dashboard/:workspaceId/chat-takeover/:conversationId',
    getHref: (workspaceId: string, conversationId: string) =>
      generatePath('/dashboard/:workspaceId/chat-takeover/:conversationId', {
        workspaceId,
        conversationId,
      }),
  },
} as const;
