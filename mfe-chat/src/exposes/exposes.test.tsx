import { screen, waitFor } from '@testing-library/react';
import type { ComponentType } from 'react';
import exposes from '../../exposes.json';
import { fakeApi, notFoundReply } from '@testing/fake-api';
import {
  expectOneH1WithHeadingsInOrder,
  expectLabelledControls,
  linkHrefs,
} from '@testing/page-structure';
import { buildConversation, buildCustomer, buildMembers, buildMessage } from '../testing/fixtures';
import { connectFakeLive } from '@testing/fake-live-server';
import { renderPage } from '@testing/render-page';
import { signIn } from '@testing/sign-in';

// The pages the shell mounts (spec §2), where each one lives and the title it sets.
const routes: Record<string, { route: string; path: string; title: string }> = {
  './chat-takeover-page': {
    route: '/dashboard/ws_fernhill/chat-takeover',
    path: '/dashboard/:workspaceId/chat-takeover',
    title: 'Chat takeover',
  },
  './conversation-page': {
    route: '/dashboard/ws_fernhill/chat-takeover/cnv_maya',
    path: '/dashboard/:workspaceId/chat-takeover/:conversationId',
    title: 'Maya Patel',
  },
};

// Where these pages may link: the chat takeover area, tickets, and the customer's e-mail.
const allowedLinks = [
  /^\/dashboard\/[^/]+\/chat-takeover(\/[^/]+)?$/,
  /^\/dashboard\/[^/]+\/tickets\/[^/]+$/,
  /^mailto:/,
];

async function renderExposed(name: string) {
  fakeApi((request) => {
    if (request.url === '/api/user/users?workspaceId=ws_fernhill') {
      return { status: 200, body: buildMembers() };
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
  const file = (exposes as Record<string, string>)[name] ?? '';
  const { default: Page } = (await import(`./${file.replace('./src/exposes/', '')}`)) as {
    default: ComponentType;
  };
  const view = renderPage(<Page />, routes[name]);
  // Ready when the loading states are gone.
  await waitFor(() => expect(screen.queryByText(/^Loading/)).not.toBeInTheDocument());
  return view;
}

describe('exposed pages', () => {
  it('exposes the two chat takeover pages and the translations', () => {
    expect(Object.keys(exposes).sort()).toEqual([...Object.keys(routes), './translations'].sort());
    for (const [name, file] of Object.entries(exposes)) {
      expect(file).toMatch(new RegExp(`^\\./src/exposes/${name.slice(2)}\\.tsx?$`));
    }
  });

  describe.each(Object.keys(routes))('%s', (name) => {
    it('renders only content: one h1, headings in order, a page title', async () => {
      const { container } = await renderExposed(name);

      expectOneH1WithHeadingsInOrder(container);
      await waitFor(() => expect(document.title).toBe(`${routes[name]?.title} · Parley`));
      // The shell's layout owns the landmarks around the page.
      expect(container.querySelector('main, nav, footer')).toBeNull();
    });

    it('labels every form control and links only where it may', async () => {
      const { container } = await renderExposed(name);

      expectLabelledControls(container);
      const hrefs = linkHrefs(container);
      expect(hrefs.length).toBeGreaterThan(0);
      expect(hrefs.filter((href) => !allowedLinks.some((allowed) => allowed.test(href)))).toEqual(
        [],
      );
    });
  });
});
