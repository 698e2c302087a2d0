import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { remoteNames } from 'shared-sdk';
import { sendNotFound } from '../../errors/error-handler';
import { readFormPages, type FormPage } from '../../http/form-answer-page';
import { readGuardPages, signedInRedirect } from '../../http/signed-in-redirect';
import { checkAccessToken } from '../../services/sessions';

declare module 'fastify' {
  interface FastifyInstance {
    /** The prerendered pages with a form, by path: the server answers those forms posted as HTML. */
    formPages: Map<string, FormPage>;
  }
}

export interface StaticAppsPluginOptions {
  appsDir: string;
  /**
   * The shell entry the pages name: main.js, or main-firebase.js when Firebase Authentication
   * signs users in, so a product without Firebase serves pages with none of it.
   */
  shellEntry?: string;
}

const builtShellEntry = 'main.js';
// The built pages' one script tag naming the shell's entry (minified: the quotes may be gone).
const shellEntryPattern = /(<script\b[^>]*\bsrc=["']?\/)main\.js(?=["'\s>])/;

/** The page as built, or naming another shell entry; read once, as the build does not change. */
function pageReader(entry: string) {
  const pages = new Map<string, string>();
  return (file: string) => {
    let html = pages.get(file);
    if (html === undefined) {
      html = readFileSync(file, 'utf8');
      if (entry !== builtShellEntry) html = html.replace(shellEntryPattern, `$1${entry}`);
      pages.set(file, html);
    }
    return html;
  };
}

/** Entry points whose URL never changes: a browser must revalidate them to see a new deploy. */
const entryFileNames = new Set([
  'index.html',
  'remoteEntry.js',
  'mf-manifest.json',
  'mf-stats.json',
]);

/** webpack's [contenthash] (hex, 8+ characters) as a separate part of the file name. */
const contentHashPattern = /[.-][0-9a-f]{8,}\./i;

/**
 * Entry files and files without a content hash (a stable URL such as the widget loader that
 * customers embed) are revalidated on every use; content-hashed files are cached for good.
 */
function setCacheHeaders(reply: FastifyReply, filePath: string) {
  const fileName = path.basename(filePath);
  const immutable = !entryFileNames.has(fileName) && contentHashPattern.test(fileName);
  reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
}

/** Paths owned by the API, the remotes and the widget never fall back to the shell. */
const nonShellPrefixes = ['/api', '/remotes', '/widget'];

function wantsShellPage(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const pathname = request.url.split('?')[0] ?? '';
  if (nonShellPrefixes.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`))) {
    return false;
  }
  // Browsers navigating ask for text/html explicitly; scripts and fetches do not.
  return (request.headers.accept ?? '').includes('text/html');
}

function readPrerenderedPages(dir: string): Map<string, string> {
  try {
    const pages = JSON.parse(readFileSync(path.join(dir, 'pages.json'), 'utf8')) as Record<
      string,
      string
    >;
    return new Map(Object.entries(pages));
  } catch {
    // Not prerendered (a build without the step): every page renders in the browser.
    return new Map();
  }
}

/**
 * One process serves the whole product (architecture "Configuration and start"): the shell at /,
 * each remote at /remotes/<name>/, the widget at /widget/. A dist folder that is not built is
 * skipped, so the API runs (and is tested) without any front-end build.
 */
export const staticAppsPlugin = fp<StaticAppsPluginOptions>(
  async (app, { appsDir, shellEntry = builtShellEntry }) => {
    const shellDist = path.join(appsDir, 'shell', 'dist');
    // The public pages prerendered at build time (scripts/prerender.mjs): path → file. The
    // shell's index.html stays the page for every path the browser renders alone (the
    // dashboard, auth pages, unknown paths), so it is no longer also the answer for /.
    const prerenderedDir = path.join(shellDist, 'prerendered');
    const prerendered = readPrerenderedPages(prerenderedDir);
    const guardPages = readGuardPages(prerenderedDir);
    const cookieName = app.config.sessionCookie.name;
    const mounts = [
      { root: shellDist, prefix: '/' },
      ...remoteNames.map((name) => ({
        root: path.join(appsDir, name, 'dist'),
        prefix: `/remotes/${name}/`,
      })),
      { root: path.join(appsDir, 'widget', 'dist'), prefix: '/widget/' },
    ];

    let replyDecorated = false;
    for (const { root, prefix } of mounts) {
      if (!existsSync(root)) {
        app.log.warn({ root }, `not built, nothing served at ${prefix}`);
        continue;
      }
      await app.register(fastifyStatic, {
        root,
        prefix,
        // @fastify/static may decorate the reply (sendFile) only once per instance.
        decorateReply: !replyDecorated,
        cacheControl: false,
        setHeaders: setCacheHeaders,
        // The build writes .br and .gz beside each file (best compression, done once).
        preCompressed: true,
      });
      replyDecorated = true;
    }

    const shellIndexExists = existsSync(path.join(shellDist, 'index.html'));
    // Another entry than the build's: every page is the built one with its script renamed.
    const readPage = shellEntry === builtShellEntry ? null : pageReader(shellEntry);
    app.decorate('formPages', readFormPages(prerenderedDir, prerendered, pageReader(shellEntry)));

    /** product-spec.md §2 guard, from the sign-in cookie: where a signed-in visitor goes instead. */
    async function guardRedirect(request: FastifyRequest, pathname: string) {
      const token = request.cookies[cookieName];
      if (!token) return undefined;
      const search = request.url.slice(pathname.length);
      const target = signedInRedirect(guardPages, pathname, search);
      if (!target) return undefined;
      const check = await checkAccessToken(app.db, app.identity, token);
      return check.ok ? target : undefined;
    }
    const sendPage = (reply: FastifyReply, file: string, dir: string) =>
      readPage
        ? reply
            .type('text/html; charset=utf-8')
            .header('cache-control', 'no-cache')
            .send(readPage(path.join(dir, file)))
        : reply.sendFile(file, dir);

    // Before routing, so / gets its page rather than the shell's index.html.
    app.addHook('onRequest', async (request, reply) => {
      const pathname = request.url.split('?')[0] ?? '';
      if (wantsShellPage(request)) {
        const redirect = await guardRedirect(request, pathname);
        // The answer depends on the cookie: never reused for another visitor.
        if (redirect) return reply.header('cache-control', 'no-store').redirect(redirect, 302);
        const file = prerendered.get(pathname);
        if (file) return sendPage(reply, file, prerenderedDir);
      }
      // The static files' own answer for these would be the page as built.
      if (readPage && shellIndexExists && (pathname === '/' || pathname === '/index.html')) {
        return sendPage(reply, 'index.html', shellDist);
      }
    });

    // Client-side routes (/pricing, /dashboard/…) are the shell's: it renders its own 404 page.
    app.setNotFoundHandler((request, reply) => {
      if (shellIndexExists && wantsShellPage(request))
        return sendPage(reply, 'index.html', shellDist);
      return sendNotFound(request, reply);
    });
  },
  { name: 'static-apps' },
);
