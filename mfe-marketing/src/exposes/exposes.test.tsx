import { screen, waitFor } from '@testing-library/react';
import type { ComponentType } from 'react';
import exposes from '../../exposes.json';
import { errorReply, fakeApi } from '@testing/fake-api';
import { buildNewsArticle, buildNewsSummary } from '../testing/news-fixtures';
import { renderPage } from '@testing/render-page';
import { expectOneH1WithHeadingsInOrder, linkHrefs } from '@testing/page-structure';

// The pages the shell mounts (spec §2), and where each one lives.
const routes: Record<string, { route: string; path?: string }> = {
  './home-page': { route: '/' },
  './about-us-page': { route: '/about-us' },
  './benefits-page': { route: '/benefits' },
  './compare-page': { route: '/compare' },
  './contact-us-page': { route: '/contact-us' },
  './customer-service-page': { route: '/customer-service' },
  './customer-support-page': { route: '/customer-support' },
  './customers-page': { route: '/customers' },
  './get-a-demo-page': { route: '/get-a-demo' },
  './help-center-page': { route: '/help-center' },
  './integrations-page': { route: '/integrations' },
  './marketing-page': { route: '/marketing' },
  './news-article-page': { route: '/news/welcome-to-parley', path: '/news/:slug' },
  './pricing-page': { route: '/pricing' },
  './product-page': { route: '/product' },
  './resources-page': { route: '/resources' },
  './sales-page': { route: '/sales' },
  './solutions-page': { route: '/solutions' },
};

// Every path a page may link to inside the site.
const sitePaths = new Set([
  ...Object.values(routes)
    .map(({ route }) => route)
    .filter((route) => !route.startsWith('/news/')),
  '/login',
  '/signup',
]);

const article = buildNewsArticle({ slug: 'welcome-to-parley', title: 'Welcome to Parley' });

async function renderExposed(name: string) {
  fakeApi(({ url }) => {
    if (url === '/api/news')
      return { status: 200, body: { articles: [buildNewsSummary(article)] } };
    if (url === '/api/news/welcome-to-parley') return { status: 200, body: article };
    return errorReply(404, 'not-found', 'Not found');
  });
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
  it('exposes exactly the public pages of the site', () => {
    expect(Object.keys(exposes).sort()).toEqual(Object.keys(routes).sort());
    for (const [name, file] of Object.entries(exposes)) {
      expect(file).toBe(`./src/exposes/${name.slice(2)}.tsx`);
    }
  });

  describe.each(Object.keys(routes))('%s', (name) => {
    it('renders exactly one h1, with headings in order and a page title', async () => {
      const { container } = await renderExposed(name);

      expectOneH1WithHeadingsInOrder(container);
      await waitFor(() => expect(document.title).toMatch(/^.+ · Parley$/));
      expect(container.querySelector('main, footer')).toBeNull();
    });

    it('links only to pages that exist', async () => {
      const { container } = await renderExposed(name);
      const hrefs = linkHrefs(container);
      const broken = hrefs.filter((href) => {
        if (href.startsWith('#')) return container.querySelector(href) === null;
        if (!href.startsWith('/')) return true;
        const { pathname } = new URL(href, 'https://parley.example');
        return !sitePaths.has(pathname) && !/^\/news\/[a-z0-9-]+$/.test(pathname);
      });
      expect(hrefs.length).toBeGreaterThan(0);
      expect(broken).toEqual([]);
    });
  });
});
