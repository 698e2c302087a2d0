import { screen, waitFor } from '@testing-library/react';
import type { ComponentType } from 'react';
import exposes from '../../exposes.json';
import { buildConversation, buildTicket, buildTickets } from '../testing/fixtures';
import { fakeTicketsServer } from '../testing/fake-tickets-server';
import { renderPage } from '@testing/render-page';
import { signIn } from '@testing/sign-in';
import {
  expectOneH1WithHeadingsInOrder,
  expectLabelledControls,
  linkHrefs,
} from '@testing/page-structure';

// The pages the shell mounts (spec §2), where each one lives and the title it sets.
const routes: Record<string, { route: string; path: string; title: string }> = {
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
};

// Paths inside the dashboard these pages may link to.
const dashboardPaths = [
  /^\/dashboard\/ws_fernhill\/tickets(\/[^/?]+)?(\?.*)?$/,
  /^\/dashboard\/ws_fernhill\/chat-takeover\/[^/]+$/,
];

async function renderExposed(name: string) {
  fakeTicketsServer({
    tickets: [
      ...buildTickets(12),
      buildTicket({
        id: 'tkt_ext',
        type: 'external',
        subject: null,
        recipientInfo: null,
        conversationId: 'cnv_042',
      }),
    ],
    conversations: [buildConversation({ subject: 'Where is my order?' })],
    messages: [],
  });
  await signIn();
  const file = (exposes as Record<string, string>)[name] ?? '';
  const { default: Page } = (await import(`./${file.replace('./src/exposes/', '')}`)) as {
    default: ComponentType;
  };
  const view = renderPage(<Page />, routes[name]);
  // Pages are ready when their loading states are gone.
  await waitFor(() => expect(screen.queryByText(/^Loading/)).not.toBeInTheDocument());
  return view;
}

describe('exposed pages', () => {
  it('exposes exactly the tickets pages, and the strings the shell may read', () => {
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

    it('labels every form control and links only inside the dashboard', async () => {
      const { container, user } = await renderExposed(name);
      // The create form too, on the list.
      const create = screen.queryByRole('button', { name: 'Create ticket' });
      if (create) await user.click(create);

      expectLabelledControls(container);
      const hrefs = linkHrefs(container);
      expect(hrefs.length).toBeGreaterThan(0);
      expect(hrefs.filter((href) => !dashboardPaths.some((path) => path.test(href)))).toEqual([]);
    });
  });
});
