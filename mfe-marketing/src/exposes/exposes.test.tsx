import exposes from '../../exposes.json';
import { errorReply, fakeApi } from '@testing/fake-api';
import { buildNewsArticle, buildNewsSummary } from '@testing/data-generators';
import { describeExposedPages, type ExposedPage } from '@testing/exposed-pages';

const anyTitle = /^.+ · Parley$/;
const page = (route: string, path?: string): ExposedPage => ({ route, path, title: anyTitle });

// The pages the shell mounts (product-spec.md §2), and where each one lives.
const pages: Record<string, ExposedPage> = {
  './home-page': page('/'),
  './about-us-page': page('/about-us'),
  './benefits-page': page('/benefits'),
  './compare-page': page('/compare'),
  './contact-us-page': page('/contact-us'),
  './customer-service-page': page('/customer-service'),
  './customer-support-page': page('/customer-support'),
  './customers-page': page('/customers'),
  './get-a-demo-page': page('/get-a-demo'),
  './help-center-page': page('/help-center'),
  './integrations-page': page('/integrations'),
  './marketing-page': page('/marketing'),
  './news-article-page': page('/news/welcome-to-parley', '/news/:slug'),
  './pricing-page': page('/pricing'),
  './product-page': page('/product'),
  './resources-page': page('/resources'),
  './sales-page': page('/sales'),
  './solutions-page': page('/solutions'),
};

// Every path a page may link to inside the site.
const sitePaths = new Set([
  ...Object.values(pages)
    .map(({ route }) => route ?? '/')
    .filter((route) => !route.startsWith('/news/')),
  '/login',
  '/signup',
]);

const article = buildNewsArticle({ slug: 'welcome-to-parley', title: 'Welcome to Parley' });

describeExposedPages({
  exposes,
  pages,
  load: (file) => import(`./${file}`),
  arrange() {
    fakeApi(({ url }) => {
      if (url === '/api/news') {
        return { status: 200, body: { articles: [buildNewsSummary(article)] } };
      }
      if (url === '/api/news/welcome-to-parley') return { status: 200, body: article };
      return errorReply(404, 'not-found', 'Not found');
    });
  },
  // The site's header navigation is part of its pages.
  layoutLandmarks: 'main, footer',
  mayLinkTo(href, container) {
    if (href.startsWith('#')) return container.querySelector(href) !== null;
    if (!href.startsWith('/')) return false;
    const { pathname } = new URL(href, 'https://parley.example');
    return sitePaths.has(pathname) || /^\/news\/[a-z0-9-]+$/.test(pathname);
  },
});
