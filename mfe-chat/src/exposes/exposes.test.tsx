import exposes from '../../exposes.json';
import { fakeApi, notFoundReply } from '@testing/fake-api';
import { connectFakeLive } from '@testing/fake-live-server';
import {
  buildConversation,
  buildCustomer,
  buildMembers,
  buildMessage,
} from '@testing/data-generators';
import { describeExposedPages } from '@testing/exposed-pages';
import { signIn } from '@testing/sign-in';
import { buildReport } from '../features/reports/testing/build-report';

// chart.js needs a real canvas, which the test's document lacks.
jest.mock('../features/reports/components/line-chart', () => ({
  LineChart: ({ title }: { title: string }) => <div role="img" aria-label={title} />,
}));

// Where these pages may link: the chat takeover area (at a found message), tickets, customers,
// the results' pages, the customer's e-mail, and from Reports, AI training's unanswered questions
// and the per-conversation CSV.
const allowedLinks = [
  /^\/dashboard\/[^/]+\/chat-takeover(\/[^/]+)?(\?message=[^&]+)?$/,
  /^\/dashboard\/[^/]+\/ai-training\?tab=unanswered$/,
  /^\/api\/user\/report-conversations\.csv\?/,
  /^\/dashboard\/[^/]+\/customers(\/[^/?]+)?(\?.*)?$/,
  /^\/dashboard\/[^/]+\/search\?.*$/,
  /^\/dashboard\/[^/]+\/tickets\/[^/]+$/,
  /^mailto:/,
];

const mayaRecord = {
  id: 'cus_maya',
  workspaceId: 'ws_fernhill',
  firstName: 'Maya',
  lastName: 'Patel',
  email: 'maya@example.com',
  orderId: '1042',
  createdAt: '2026-03-01T10:00:00.000Z',
  lastSeenAt: '2026-03-02T10:00:00.000Z',
  erasedAt: null,
};

const searchResults = {
  customers: [
    {
      id: 'cus_maya',
      name: 'Maya Patel',
      email: 'maya@example.com',
      lastSeenAt: mayaRecord.lastSeenAt,
    },
  ],
  hits: [
    {
      kind: 'message',
      id: 'msg_1',
      conversationId: 'cnv_maya',
      ticketId: null,
      role: 'user',
      customerName: 'Maya Patel',
      conversationStatus: 'open',
      snippet: [
        { text: 'I was ', match: false },
        { text: 'refunded', match: true },
      ],
      timestamp: '2026-03-02T10:00:00.000Z',
    },
  ],
  page: 1,
  hasMore: true,
};

describeExposedPages({
  exposes,
  // The page the shell mounts (product-spec.md §2: the list, and the list with a conversation open), where
  // it lives and the title it sets.
  pages: {
    './chat-takeover-page': {
      route: '/dashboard/ws_fernhill/chat-takeover/cnv_maya',
      path: '/dashboard/:workspaceId/chat-takeover/:conversationId?',
      title: 'Maya Patel',
    },
    './reports-page': {
      route: '/dashboard/ws_fernhill/reports',
      path: '/dashboard/:workspaceId/reports',
      title: 'Reports',
    },
    './search-page': {
      route: '/dashboard/ws_fernhill/search?q=refunds',
      path: '/dashboard/:workspaceId/search',
      title: 'Search: refunds',
    },
    './customers-page': {
      route: '/dashboard/ws_fernhill/customers',
      path: '/dashboard/:workspaceId/customers',
      title: 'Customers',
    },
    './customer-page': {
      route: '/dashboard/ws_fernhill/customers/cus_maya',
      path: '/dashboard/:workspaceId/customers/:customerId',
      title: 'Maya Patel',
    },
  },
  load: (file) => import(`./${file}`),
  async arrange() {
    fakeApi((request) => {
      if (request.url === '/api/user/users?workspaceId=ws_fernhill') {
        return { status: 200, body: buildMembers() };
      }
      if (request.url.startsWith('/api/user/reports?')) return { status: 200, body: buildReport() };
      if (request.url.startsWith('/api/user/search?')) {
        return { status: 200, body: searchResults };
      }
      if (request.url.startsWith('/api/user/customers?')) {
        return { status: 200, body: { customers: [mayaRecord], nextCursor: 'next' } };
      }
      if (request.url.startsWith('/api/user/customer-erasures?')) {
        return { status: 200, body: { erasures: [] } };
      }
      if (request.url.startsWith('/api/user/customer?')) {
        return {
          status: 200,
          body: {
            customer: mayaRecord,
            conversations: [
              {
                id: 'cnv_maya',
                subject: null,
                status: 'resolved',
                messagesCount: 4,
                lastMessage: 'Thanks!',
                rating: 5,
                ratingComment: 'Quick',
                ratedAt: '2026-03-02T10:00:00.000Z',
                createdAt: '2026-03-01T10:00:00.000Z',
                updatedAt: '2026-03-02T10:00:00.000Z',
              },
            ],
            tickets: [],
          },
        };
      }
      return notFoundReply(request);
    });
    await signIn();
    connectFakeLive((query) => {
      if (query.collection === 'conversations') {
        return [buildConversation(), buildConversation({ id: 'cnv_leo', status: 'pending' })];
      }
      if (query.collection === 'messages') return [buildMessage()];
      if (query.collection === 'customers') return [buildCustomer()];
      return [];
    });
  },
  mayLinkTo: (href) => allowedLinks.some((allowed) => allowed.test(href)),
});
