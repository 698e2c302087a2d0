/// <reference types="webpack/module" />
// The prerender step's renderer (built for Node by scripts/prerender.mjs): one public page as
// HTML, its styles and its title, rendered by the same App the browser hydrates.
//
// styled-components names a component's class by the order components are created in, so the
// imports here follow the browser's (bootstrap.tsx, then the page's remote module), and the
// prerender step loads this bundle afresh for every page: the names then match the browser's.
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
// This bundle is built for Node on its own, not from the tree-shaken shared singleton.
// eslint-disable-next-line @typescript-eslint/no-restricted-imports
import { ServerStyleSheet } from 'styled-components';
import { configureSession, createApiClient } from 'shared-sdk';
import { addTranslations, documentTitle, initI18n, setPrerenderedData } from 'shared-ui';
import { App } from '../app/app';
import type { RemotePageRef } from '../app/routes';
import shellTranslations from '../i18n/en-US.json';
import { preloadPage } from '../features/remotes/preloaded-pages';

export { publicRoutes, routes } from '../app/routes';
export { authOnlyRouteNames, defaultRedirect } from '../app/route-guard';

// The marketing remote's exposed pages, from source (a build tool's view across the remote
// boundary; the browser still loads them from the remote at run time).
const marketingPages = import.meta.webpackContext('../../../mfe-marketing/src/exposes', {
  recursive: false,
  regExp: /-page\.tsx$/,
});

export interface RenderedPage {
  html: string;
  styles: string;
  title: string;
  /**
   * A page with a form: the texts the server answers the form posted as HTML with (the
   * page module's `formAnswer`), read after rendering, when the page's translations are in.
   */
  formAnswer?: unknown;
}

/** Renders `url` as a signed-out visitor sees it; `data` is what the page reads as prerendered. */
export function renderPage(url: string, page: RemotePageRef, data: Record<string, unknown> = {}) {
  initI18n();
  addTranslations('shell', shellTranslations);
  // No stored session: restoring it signs out at once, as for a first-time visitor.
  void configureSession({ client: createApiClient({ baseUrl: '' }) }).restore();
  setPrerenderedData(data);
  const module = marketingPages(`${page.module}.tsx`) as {
    default: Parameters<typeof preloadPage>[1];
    formAnswer?: () => unknown;
  };
  preloadPage(page, module.default);
  const sheet = new ServerStyleSheet();
  try {
    const html = renderToString(
      sheet.collectStyles(
        <MemoryRouter initialEntries={[url]}>
          <App />
        </MemoryRouter>,
      ),
    );
    return {
      html,
      styles: sheet.getStyleTags(),
      title: documentTitle(),
      formAnswer: module.formAnswer?.(),
    } satisfies RenderedPage;
  } finally {
    sheet.seal();
  }
}
