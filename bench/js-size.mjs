// First load (issue 17): the JavaScript a cold visit costs (the files Chromium loads: shell,
// shared libraries, the page's remote; gzip of each) and the largest contentful paint, for the
// home page and three dashboard pages of a signed-in user; then the gzip size of every app's
// whole build. `--runs N` (default 3) loads each page N times; LCP is their median.
//
// Issue 46: the public pages work as HTML and start the shell only after the first paint. For
// `/` and `/pricing` it prints the JavaScript (gzip) fetched before the first contentful paint
// and before the page accepts a click (its load event: links and forms work from the HTML), beside
// the 30 KB goal; and, in the same run, the same figures and LCP of those pages with the shell
// loaded eagerly as before (the page's loader tag swapped for the shell's own deferred tag).
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { build } from '../scripts/build.mjs';
import { root, webApps } from '../scripts/workspace.mjs';
import { callApi, printTable, reportFigures } from './bench-kit.mjs';

const goals = { publicKb: 150, dashboardKb: 200, lcpMs: 1000, beforeUseKb: 30 };
const port = Number(process.env.BENCH_PORT ?? 3200);
const base = `http://localhost:${port}`;
const runsArg = process.argv.indexOf('--runs');
const runs = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 3;
const kb = (bytes) => (bytes / 1024).toFixed(1);
const gzipSize = (buffer) => gzipSync(buffer, { level: 9 }).length;
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function waitForServer() {
  for (let attempt = 0; attempt < 600; attempt += 1) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('The server did not start');
}

const api = (method, url, body, token) => callApi(base, method, url, body, token);

// The latest largest-contentful-paint entry is the page's LCP (read once the page has settled).
const observeLcp = () => {
  window.__lcp = undefined;
  new PerformanceObserver((list) => {
    const entries = list.getEntries();
    window.__lcp = entries[entries.length - 1].startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
};

/**
 * One cold visit (a fresh browser context has an empty cache): the scripts loaded and the LCP.
 * `refreshToken` signs the page in the way a returning user is: the session restores from it.
 */
async function visit(browser, url, { refreshToken, ready, eager }) {
  const context = await browser.newContext();
  if (refreshToken) {
    await context.addInitScript((token) => {
      // Only before the first load: the session rotates the token and stores the new one.
      if (!window.sessionStorage.getItem('bench.seeded')) {
        window.sessionStorage.setItem('bench.seeded', '1');
        window.localStorage.setItem('parley.refreshToken', token);
      }
    }, refreshToken);
  }
  await context.addInitScript(observeLcp);
  const page = await context.newPage();
  if (eager) {
    // The page as it was before issue 46: the shell's deferred script in place of the loader.
    await page.route(`${base}${url}`, async (route) => {
      const response = await route.fetch();
      const html = (await response.text()).replace(
        /<script async src="\/start-shell\.[0-9a-f]+\.js" data-src="(\/[^"]+)"><\/script>/,
        '<script defer src="$1"></script>',
      );
      if (!html.includes('<script defer src="/main')) throw new Error(`${url} has no loader`);
      await route.fulfill({ response, body: html });
    });
  }
  const scripts = [];
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    const body = await response.body().catch(() => Buffer.alloc(0));
    scripts.push({ url: response.url().replace(base, ''), raw: body.length, gzip: gzipSize(body) });
  });
  await page.goto(`${base}${url}`, { waitUntil: 'networkidle' });
  await ready(page);
  // LCP is reported a frame after the paint.
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 100))),
  );
  const lcp = await page.evaluate(() => window.__lcp);
  // When each script was asked for, beside the first contentful paint and the load event.
  const timing = await page.evaluate(() => {
    const [navigation] = performance.getEntriesByType('navigation');
    return {
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
      loadEnd: navigation.loadEventEnd,
      requested: performance
        .getEntriesByType('resource')
        .filter((entry) => entry.initiatorType === 'script')
        .map((entry) => ({ url: entry.name, start: entry.startTime })),
    };
  });
  const gzipBefore = (time) =>
    timing.requested
      .filter((entry) => entry.start < time)
      .reduce((sum, entry) => {
        const script = scripts.find((s) => `${base}${s.url}` === entry.url);
        if (!script) throw new Error(`No body seen for ${entry.url}`);
        return sum + script.gzip;
      }, 0);
  const beforePaint = timing.fcp === undefined ? Infinity : gzipBefore(timing.fcp);
  const beforeUse = gzipBefore(Math.max(timing.fcp ?? Infinity, timing.loadEnd));
  const finalUrl = page.url().replace(base, '');
  await context.close();
  if (finalUrl !== url) throw new Error(`${url} ended at ${finalUrl}`);
  return { scripts, lcp, beforePaint, beforeUse };
}

async function measure(browser, { label, url, goalKb, refreshToken: makeToken, ready, eager }) {
  const visits = [];
  for (let run = 0; run < runs; run += 1) {
    visits.push(await visit(browser, url, { refreshToken: await makeToken?.(), ready, eager }));
  }
  const { scripts } = visits[0];
  const total = scripts.reduce((sum, script) => sum + script.gzip, 0);
  return {
    label,
    url,
    goalKb,
    scripts,
    total,
    lcp: median(visits.map((v) => v.lcp ?? Infinity)),
    // The most any visit fetched: a cold visit must stay within the goal every time.
    beforePaint: Math.max(...visits.map((v) => v.beforePaint)),
    beforeUse: Math.max(...visits.map((v) => v.beforeUse)),
  };
}

// Issue 16: with Firebase off, a page loads nothing of it. The modules of the scripts a visit
// loaded, read from their source maps: Firebase's SDK, shared-sdk/firebase, the shell's
// Firebase entry.
const firebaseSource =
  /node_modules\/@?firebase\/|shared-sdk\/src\/firebase\/|\/src\/[a-z]+-firebase\.ts$/;
function firebaseModules(scripts) {
  const found = new Set();
  for (const { url } of scripts) {
    // The public pages' loader: one file of its own source (shell/src/prerender/start-shell.js)
    // that imports nothing.
    if (/^\/start-shell\.[0-9a-f]+\.js$/.test(url)) continue;
    const [, remote, file] = /^\/(?:remotes\/([^/]+)\/)?([^?]+)$/.exec(url) ?? [];
    const map = path.join(root, remote ?? 'shell', 'dist', `${file}.map`);
    if (!file || !existsSync(map)) throw new Error(`No source map for ${url}`);
    for (const source of JSON.parse(readFileSync(map, 'utf8')).sources) {
      if (firebaseSource.test(source)) found.add(source);
    }
  }
  return [...found];
}

// --no-build: measure what is built as it is (a build from another commit, for a before figure).
if (!process.argv.includes('--no-build')) await build();
const server = spawn('node', ['api/dist/server.js'], {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(port),
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'parley-bench-')),
    LOG_LEVEL: 'warn',
    INBOUND_SMTP_PORT: '0',
    AUTH_RATE_LIMIT_PER_MINUTE: '100000',
  },
  stdio: 'inherit',
});

try {
  await waitForServer();
  // A signed-in admin of a workspace, made through the API as the e2e specs do.
  const email = `bench-${Date.now()}@example.com`;
  const password = 'Harbor-lights-7';
  await api('POST', '/api/auth/signup', {
    email,
    password,
    displayName: 'Bench Admin',
    website: 'https://bench.example',
  });
  const signIn = async () =>
    (await api('POST', '/api/auth/login', { email, password })).refreshToken;
  const { idToken } = await api('POST', '/api/auth/login', { email, password });
  const [{ workspaceId }] = await api('GET', '/api/user/workspaces', undefined, idToken);

  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const heading = (page) => page.getByRole('heading', { level: 1 }).first().waitFor();
  const publicPages = [
    { label: 'home', url: '/', goalKb: goals.publicKb, ready: heading },
    { label: 'pricing', url: '/pricing', goalKb: goals.publicKb, ready: heading },
  ];
  const pages = [
    ...publicPages,
    ...publicPages.map((page) => ({ ...page, label: `${page.label} (shell eager)`, eager: true })),
    {
      label: 'tickets',
      url: `/dashboard/${workspaceId}/tickets`,
      goalKb: goals.dashboardKb,
      refreshToken: signIn,
      ready: heading,
    },
    {
      label: 'chat takeover',
      url: `/dashboard/${workspaceId}/chat-takeover`,
      goalKb: goals.dashboardKb,
      refreshToken: signIn,
      ready: heading,
    },
    {
      label: 'my account',
      url: '/dashboard/my-account',
      goalKb: goals.dashboardKb,
      refreshToken: signIn,
      ready: heading,
    },
  ];
  const results = [];
  for (const page of pages) results.push(await measure(browser, page));
  await browser.close();

  for (const result of results) {
    console.log(`\nJavaScript loaded by a cold visit to ${result.label} (Chromium):`);
    for (const script of [...result.scripts].sort((a, b) => b.gzip - a.gzip)) {
      console.log(
        `  ${kb(script.gzip).padStart(7)} KB gzip  ${kb(script.raw).padStart(7)} KB raw  ${script.url}`,
      );
    }
  }

  console.log(`\nFirst load, cold cache (LCP: median of ${runs} visits):`);
  const rows = [];
  let within = true;
  for (const result of results) {
    const jsOk = result.total <= result.goalKb * 1024;
    const lcpOk = result.lcp <= goals.lcpMs;
    within &&= jsOk && lcpOk;
    rows.push(
      [
        result.label,
        'JS gzip (KB)',
        kb(result.total),
        String(result.goalKb),
        (result.total / 1024 / result.goalKb).toFixed(2),
        jsOk ? 'yes' : 'NO',
      ],
      [
        result.label,
        'LCP (ms)',
        result.lcp.toFixed(0),
        String(goals.lcpMs),
        (result.lcp / goals.lcpMs).toFixed(2),
        lcpOk ? 'yes' : 'NO',
      ],
    );
  }
  // Firebase is not configured here: no page may carry any of it (the home page above all).
  for (const result of results) {
    const modules = firebaseModules(result.scripts);
    within &&= modules.length === 0;
    for (const module of modules) console.log(`  Firebase module on ${result.label}: ${module}`);
    rows.push([
      result.label,
      'Firebase modules (off)',
      String(modules.length),
      '0',
      '-',
      modules.length === 0 ? 'yes' : 'NO',
    ]);
  }
  // Issue 46: what a public page fetches before it paints and before it accepts a click, and its
  // LCP beside the same page with the shell loaded eagerly, in this run.
  for (const lazy of results.filter((result) =>
    publicPages.some((page) => page.label === result.label),
  )) {
    const eager = results.find((result) => result.label === `${lazy.label} (shell eager)`);
    for (const [figure, bytes] of [
      ['JS gzip before first paint (KB)', lazy.beforePaint],
      ['JS gzip before it accepts a click (KB)', lazy.beforeUse],
    ]) {
      const ok = bytes <= goals.beforeUseKb * 1024;
      within &&= ok;
      rows.push([
        lazy.label,
        figure,
        kb(bytes),
        String(goals.beforeUseKb),
        (bytes / 1024 / goals.beforeUseKb).toFixed(2),
        ok ? 'yes' : 'NO',
      ]);
    }
    rows.push(
      [eager.label, 'JS gzip before first paint (KB)', kb(eager.beforePaint), '-', '-', '-'],
      [eager.label, 'JS gzip before it accepts a click (KB)', kb(eager.beforeUse), '-', '-', '-'],
    );
    // Medians of a few visits on a shared machine: within a tenth of the eager page's LCP.
    const lcpOk = lazy.lcp <= eager.lcp * 1.1;
    within &&= lcpOk;
    rows.push([
      lazy.label,
      'LCP vs shell eager (ms)',
      lazy.lcp.toFixed(0),
      `${eager.lcp.toFixed(0)} (+10%)`,
      (lazy.lcp / eager.lcp).toFixed(2),
      lcpOk ? 'yes' : 'NO',
    ]);
  }
  printTable(['page', 'figure', 'value', 'goal', 'ratio', 'within'], rows);
  reportFigures(
    // The eager pages are the comparison, with no goal of their own.
    rows
      .filter(([, , , goal]) => goal !== '-')
      .map(([page, figure, value, goal, , met]) => ({
        figure: `first load ${page}, ${figure}`,
        value,
        goal: `≤ ${goal}`,
        met: met === 'yes',
      })),
  );

  console.log('\nGzip size of every app build (all JavaScript in dist/):');
  for (const app of webApps) {
    const dir = path.join(root, app, 'dist');
    const files = readdirSync(dir).filter((file) => file.endsWith('.js'));
    const size = files.reduce((sum, file) => sum + gzipSize(readFileSync(path.join(dir, file))), 0);
    console.log(`  ${app.padEnd(14)} ${kb(size).padStart(7)} KB gzip in ${files.length} files`);
  }
  process.exitCode = within ? 0 : 1;
} finally {
  server.kill('SIGTERM');
}
