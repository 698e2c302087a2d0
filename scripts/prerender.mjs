// Prerenders the public pages (product-spec.md §2) to HTML after the shell and mfe-marketing are built
// (scripts/build.mjs runs it, and compresses what it writes):
// content and the largest paint come with the HTML, and the shell hydrates it. Each page is
// written to shell/dist/prerendered/<path>.html with its styles, its title, the colour mode's
// head script and the data it was rendered with; the API serves it at the page's path.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import webpack from 'webpack';
import { root } from './workspace.mjs';

const require = createRequire(import.meta.url);
const { sourceRule } = require('../webpack/create-app-config');
const shellDist = path.join(root, 'shell', 'dist');
const outDir = path.join(shellDist, 'prerendered');
const bundleDir = path.join(root, 'node_modules', '.cache', 'parley-prerender');
const bundle = path.join(bundleDir, 'render-page.js');

/** The shell's page renderer, built for Node (React stays outside, one copy for react-dom/server). */
function buildRenderer() {
  const compiler = webpack({
    mode: 'production',
    target: 'node20',
    context: root,
    entry: './shell/src/prerender/render-page.tsx',
    output: {
      path: bundleDir,
      filename: 'render-page.js',
      library: { type: 'commonjs2' },
      publicPath: '/',
      clean: true,
    },
    externals: ['react', 'react-dom', 'react-dom/server', 'react/jsx-runtime'],
    externalsType: 'commonjs',
    resolve: {
      extensions: ['.tsx', '.ts', '.js'],
      conditionNames: ['parley-source', 'import', 'module', 'require', 'default'],
    },
    module: {
      rules: [
        sourceRule({ target: 'es2022' }),
        // The same file names as the browser build's, none written: the shell's files are served.
        { test: /\.(png|jpe?g|webp|svg)$/, type: 'asset/resource', generator: { emit: false } },
      ],
    },
    optimization: { minimize: false, moduleIds: 'deterministic' },
    performance: { hints: false },
    stats: 'errors-warnings',
  });
  return new Promise((resolve, reject) =>
    compiler.run((error, stats) => {
      compiler.close(() => undefined);
      if (error) return reject(error);
      if (stats.hasErrors()) return reject(new Error(stats.toString('errors-only')));
      resolve();
    }),
  );
}

/** A fresh copy of the renderer: styled-components class names restart as in a new browser page. */
function freshRenderer() {
  delete require.cache[bundle];
  return require(bundle);
}

const escapeJson = (value) => JSON.stringify(value).replace(/</g, '\\u003c');

/** The news articles the API serves (its content folder, read as the API reads it). */
async function newsArticles() {
  const { loadNewsArticles } = require(path.join(root, 'api/dist/repositories/news-articles.js'));
  const repository = await loadNewsArticles(path.join(root, 'api/content/news'));
  return repository.list().map((summary) => repository.findBySlug(summary.slug));
}

export async function prerender() {
  await buildRenderer();
  const { colorModeHeadScript } = require(path.join(root, 'shared-sdk/dist/index.js'));
  const template = readFileSync(path.join(shellDist, 'index.html'), 'utf8');
  // The page names the marketing build it was rendered from: the shell hydrates it only with
  // that build's pages (a remote deployed alone since then renders afresh instead).
  const marketingBuild = JSON.parse(
    readFileSync(path.join(root, 'mfe-marketing/dist/mf-manifest.json'), 'utf8'),
  ).metaData.buildInfo.buildVersion;
  const { publicRoutes } = freshRenderer();
  const pages = [];
  for (const route of publicRoutes) {
    if (!route.path.includes(':')) pages.push({ url: route.path, route, data: {} });
  }
  const newsRoute = publicRoutes.find((route) => route.path === '/news/:slug');
  for (const article of await newsArticles()) {
    pages.push({
      url: `/news/${article.slug}`,
      route: newsRoute,
      data: { [`news/${article.slug}`]: article },
    });
  }

  rmSync(outDir, { recursive: true, force: true });
  const written = {};
  for (const { url, route, data } of pages) {
    const { html, styles, title } = freshRenderer().renderPage(url, route.page, data);
    const head = [
      `<script>${colorModeHeadScript}</script>`,
      styles,
      Object.keys(data).length
        ? `<script type="application/json" id="parley-prerendered-data">${escapeJson(data)}</script>`
        : '',
    ].join('');
    const page = template
      .replace(/<title>[^<]*<\/title>/, `<title>${title.replace(/</g, '&lt;')}</title>`)
      .replace('</head>', `${head}</head>`)
      .replace(
        /<div id="?root"?><\/div>/,
        `<div id="root" data-prerendered="${marketingBuild}">${html}</div>`,
      );
    if (!page.includes('data-prerendered'))
      throw new Error('shell/src/index.html has no empty #root');
    const file = url === '/' ? 'index.html' : `${url.slice(1)}.html`;
    mkdirSync(path.dirname(path.join(outDir, file)), { recursive: true });
    writeFileSync(path.join(outDir, file), page);
    written[url] = file;
  }
  // The API reads this to serve each page at its path.
  writeFileSync(path.join(outDir, 'pages.json'), JSON.stringify(written, null, 2));
  console.log(`Prerendered ${pages.length} public pages`);
}
