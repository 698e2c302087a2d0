import { screen, waitFor } from '@testing-library/react';
import type { ComponentType } from 'react';
import exposes from '../../exposes.json';
import { fakeApi, notFoundReply } from '@testing/fake-api';
import { buildUser } from '@testing/workspace-fixtures';
import { buildMembers, buildPasswordPolicy } from '../testing/fixtures';
import { renderPage } from '@testing/render-page';
import { signIn } from '@testing/sign-in';
import {
  expectOneH1WithHeadingsInOrder,
  expectLabelledControls,
  linkHrefs,
} from '@testing/page-structure';

// The pages the shell mounts (spec §2), where each one lives and the title it sets.
const routes: Record<string, { route: string; path: string; title: string }> = {
  './my-account-page': {
    route: '/dashboard/my-account',
    path: '/dashboard/my-account',
    title: 'My account',
  },
  './change-password-page': {
    route: '/dashboard/my-account/change-password',
    path: '/dashboard/my-account/change-password',
    title: 'Change password',
  },
  './language-page': {
    route: '/dashboard/my-account/language',
    path: '/dashboard/my-account/language',
    title: 'Language',
  },
  './manage-users-page': {
    route: '/dashboard/ws_fernhill/settings/manage-users',
    path: '/dashboard/:workspaceId/settings/manage-users',
    title: 'Manage users',
  },
  './workspace-user-page': {
    route: '/dashboard/ws_fernhill/settings/manage-users/wsu_grace',
    path: '/dashboard/:workspaceId/settings/manage-users/:workspaceUserId',
    title: 'Grace Hopper',
  },
};

// Paths inside the dashboard these pages may link to.
const dashboardPaths = [
  /^\/dashboard\/my-account(\/(change-password|language))?$/,
  /^\/dashboard\/[^/]+\/settings\/manage-users(\/[^/]+)?$/,
];

async function renderExposed(name: string) {
  fakeApi((request) => {
    if (request.url === '/api/user/profile') return { status: 200, body: buildUser() };
    if (request.url === '/api/auth/password-policy') {
      return { status: 200, body: buildPasswordPolicy() };
    }
    if (request.url === '/api/user/users?workspaceId=ws_fernhill') {
      return { status: 200, body: buildMembers() };
    }
    return notFoundReply(request);
  });
  await signIn();
  const file = (exposes as Record<string, string>)[name] ?? '';
  const { default: Page } = (await import(`./${file.replace('./src/exposes/', '')}`)) as {
    default: ComponentType;
  };
  const view = renderPage(<Page />, routes[name]);
  // Pages that fetch are ready when their loading state is gone.
  await waitFor(() => expect(screen.queryByText(/^Loading/)).not.toBeInTheDocument());
  return view;
}

describe('exposed pages', () => {
  it('exposes exactly the settings and my-account pages', () => {
    expect(Object.keys(exposes).sort()).toEqual(Object.keys(routes).sort());
    for (const [name, file] of Object.entries(exposes)) {
      expect(file).toBe(`./src/exposes/${name.slice(2)}.tsx`);
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
      const { container } = await renderExposed(name);

      expectLabelledControls(container);
      const hrefs = linkHrefs(container);
      expect(hrefs.filter((href) => !dashboardPaths.some((path) => path.test(href)))).toEqual([]);
    });
  });
});
