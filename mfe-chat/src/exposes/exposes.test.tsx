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

// Where these pages may link: the chat takeover area, tickets, the customer's e-mail, and from
// Reports, AI training's unanswered questions and the per-conversation CSV.
const allowedLinks = [
  /^\/dashboard\/[^/]+\/chat-takeover(\/[^/]+)?$/,
  /^\/dashboard\/[^/]+\/ai-training\?tab=unanswered$/,
  /^\/api\/user\/report-conversations\.csv\?/,
  /^\/dashboard\/[^/]+\/tickets\/[^/]+$/,
  /^mailto:/,
];

describeExposedPages({
  exposes,
  otherExposes: ['./translations'],
  // The page the shell mounts (spec §2: the list, and the list with a conversation open), where
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
  },
  load: (file) => import(`./${file}`),
  async arrange() {
    fakeApi((request) => {
      if (request.url === '/api/user/users?workspaceId=ws_fernhill') {
        return { status: 200, body: buildMembers() };
      }
      if (request.url.startsWith('/api/user/reports?')) return { status: 200, body: buildReport() };
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
