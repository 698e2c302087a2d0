import { screen } from '@testing-library/react';
import exposes from '../../exposes.json';
import { buildConversation, buildTicket, buildTickets } from '@testing/data-generators';
import { describeExposedPages } from '@testing/exposed-pages';
import { signIn } from '@testing/sign-in';
import { fakeTicketsServer } from '../testing/fake-tickets-server';

// Paths inside the dashboard these pages may link to.
const dashboardPaths = [
  /^\/dashboard\/ws_fernhill\/tickets(\/[^/?]+)?(\?.*)?$/,
  /^\/dashboard\/ws_fernhill\/chat-takeover\/[^/]+$/,
];

describeExposedPages({
  exposes,
  // The pages the shell mounts (product-spec.md §2), where each one lives and the title it sets.
  pages: {
    './tickets-page': {
      route: '/dashboard/ws_fernhill/tickets',
      path: '/dashboard/:workspaceId/tickets',
      title: 'Tickets',
    },
    './ticket-page': {
      route: '/dashboard/ws_fernhill/tickets/tkt_ext',
      path: '/dashboard/:workspaceId/tickets/:ticketId',
      title: 'Where is my order?',
    },
  },
  load: (file) => import(`./${file}`),
  async arrange() {
    const conversation = buildConversation({ subject: 'Where is my order?' });
    fakeTicketsServer({
      tickets: [
        ...buildTickets(12),
        buildTicket({
          id: 'tkt_ext',
          type: 'external',
          subject: null,
          recipientInfo: null,
          conversationId: conversation.id,
        }),
      ],
      conversations: [conversation],
      messages: [],
    });
    await signIn();
  },
  // The create form too, on the list.
  async reveal(user) {
    const create = screen.queryByRole('button', { name: 'Create ticket' });
    if (create) await user.click(create);
  },
  mayLinkTo: (href) => dashboardPaths.some((path) => path.test(href)),
});
