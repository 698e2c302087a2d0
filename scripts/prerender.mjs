// Prerenders the public pages (product-spec.md §2) to HTML after the shell and mfe-marketing are built
// (scripts/build.mjs runs it, and compresses what it writes):
// content and the largest paint come with the HTML, and the shell hydrates it. Each page is
// written to shell/dist/prerendered/<path>.html with its styles, its title, the colour mode's
// head script and the data it was rendered with; the API serves it at the page's path.
//
// A page works as HTML before any script (issue 46): its one script tag is a small loader
// (shell/src/prerender/start-shell.js) that fetches the shell after the first paint, when the
// browser is idle or at the first interaction. A page with a form also gets, in forms.json, the
// texts the server answers that form posted as HTML with.
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import webpack from 'webpack';
import { root } from './workspace.mjs';

const require = createRequire(import.meta.url);
const { sourceRule } = require('../webpack/create-app-config');
const { minify } = require('@swc/core');
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

// The built page's script tag of the shell's entry (minified HTML: the quotes may be gone).
const shellScriptTag = /<script\b[^>]*\bsrc=["']?\/main\.js["']?[^>]*><\/script>/;

/**
 * Writes the loader, named by its content's hash (cached for good like the shell's files), and
 * returns the tag that loads it. Its data-src names the shell entry: the API renames it for a
 * build whose pages start main-firebase.js.
 */
async function writeShellLoader() {
  for (const file of readdirSync(shellDist)) {
    if (/^start-shell\.[0-9a-f]+\.js/.test(file)) unlinkSync(path.join(shellDist, file));
  }
  const source = readFileSync(path.join(root, 'shell/src/prerender/start-shell.js'), 'utf8');
  const { code } = await minify(source, { compress: true, mangle: true });
  const hash = createHash('sha256').update(code).digest('hex').slice(0, 10);
  const file = `start-shell.${hash}.js`;
  writeFileSync(path.join(shellDist, file), code);
  return { file, tag: `<script async src="/${file}" data-src="/main.js"></script>` };
}

/** The news articles the API serves (its content folder, read as the API reads it). */
async function newsArticles() {
  const { loadNewsArticles } = require(path.join(root, 'api/dist/repositories/news-articles.js'));
  const repository = await loadNewsArticles(path.join(root, 'api/content/news'));
  return repository.list().map((summary) => repository.findBySlug(summary.slug));
}

export async function prerender() {
  await buildRenderer();
  const { colorModeHeadScript } = require(path.join(root, 'shared-sdk/dist/index.js'));
  const loader = await writeShellLoader();
  const builtTemplate = readFileSync(path.join(shellDist, 'index.html'), 'utf8');
  if (!shellScriptTag.test(builtTemplate))
    throw new Error('shell/dist/index.html names no main.js');
  // The page needs no JavaScript: the built page's notice saying otherwise goes.
  const template = builtTemplate
    .replace(shellScriptTag, loader.tag)
    .replace(/<noscript>[^<]*<\/noscript>/, '');
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
  const forms = {};
  for (const { url, route, data } of pages) {
    const { html, styles, title, formAnswer } = freshRenderer().renderPage(url, route.page, data);
    if (formAnswer) forms[url] = formAnswer;
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
  writeFileSync(path.join(outDir, 'forms.json'), JSON.stringify(forms, null, 2));
  // The route guard's pages, for the server to send a signed-in visitor on before any HTML.
  const { routes, authOnlyRouteNames, defaultRedirect } = freshRenderer();
  const guard = {
    publicPaths: Object.keys(written),
    authOnlyPaths: routes
      .filter((route) => authOnlyRouteNames.has(route.name))
      .map((route) => route.path),
    signedInHome: defaultRedirect,
  };
  writeFileSync(path.join(outDir, 'guard.json'), JSON.stringify(guard, null, 2));
  console.log(`Prerendered ${pages.length} public pages`);
  return { loader: loader.file };
}
