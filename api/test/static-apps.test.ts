import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { colorModeHeadScript } from 'shared-sdk';
import { appStartTimeoutMs, buildTestApp } from './support/build-test-app';
import type { TestApp } from './support/build-test-app';

const shellIndex = '<!doctype html><title>Parley</title><div id="root"></div>';
const html = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };
const immutable = 'public, max-age=31536000, immutable';

describe('static apps', () => {
  let appsDir: string;
  let app: TestApp;

  beforeAll(async () => {
    appsDir = await mkdtemp(path.join(os.tmpdir(), 'parley-apps-'));
    const files: Record<string, string> = {
      'shell/dist/index.html': shellIndex,
      'shell/dist/main.3f9a1c2e7b.js': 'console.log("shell")',
      'mfe-tickets/dist/remoteEntry.js': 'var tickets;',
      'mfe-tickets/dist/mf-manifest.json': '{"name":"mfe_tickets"}',
      'mfe-tickets/dist/123.js': 'chunk without hash',
      'widget/dist/loader.js': 'console.log("widget")',
    };
    for (const [file, content] of Object.entries(files)) {
      await mkdir(path.dirname(path.join(appsDir, file)), { recursive: true });
      await writeFile(path.join(appsDir, file), content);
    }
    app = await buildTestApp({ appsDir });
  }, appStartTimeoutMs);
  afterAll(async () => {
    await app.close();
    await rm(appsDir, { recursive: true, force: true });
  });

  it('serves the shell at / without caching its index.html', async () => {
    const response = await app.inject({ method: 'GET', url: '/', headers: html });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(shellIndex);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
  });

  it('answers client-side routes such as /pricing with the shell page', async () => {
    for (const url of ['/pricing', '/dashboard/ws-1/tickets?page=2', '/news/introducing-parley']) {
      const response = await app.inject({ method: 'GET', url, headers: html });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toBe(shellIndex);
    }
  });

  it('keeps 404 JSON for /api, /remotes, /widget and non-page requests', async () => {
    for (const url of [
      '/api/nope',
      '/remotes/mfe-tickets/missing.js',
      '/remotes/mfe-chat/',
      '/widget/nope.js',
    ]) {
      const response = await app.inject({ method: 'GET', url, headers: html });
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe('not-found');
    }
    const script = await app.inject({
      method: 'GET',
      url: '/missing.js',
      headers: { accept: '*/*' },
    });
    expect(script.statusCode).toBe(404);
    expect(script.json().error.code).toBe('not-found');
    const post = await app.inject({ method: 'POST', url: '/pricing', headers: html });
    expect(post.statusCode).toBe(404);
  });

  it('caches content-hashed files for good and revalidates entry points', async () => {
    const hashed = await app.inject({ method: 'GET', url: '/main.3f9a1c2e7b.js' });
    expect(hashed.statusCode).toBe(200);
    expect(hashed.headers['cache-control']).toBe(immutable);

    for (const url of [
      '/remotes/mfe-tickets/remoteEntry.js',
      '/remotes/mfe-tickets/mf-manifest.json',
      '/remotes/mfe-tickets/123.js',
    ]) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it('lets any site embed the widget', async () => {
    const response = await app.inject({ method: 'GET', url: '/widget/loader.js' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('console.log("widget")');
    expect(response.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(response.headers['x-frame-options']).toBeUndefined();
    expect(response.headers['content-security-policy']).toContain('frame-ancestors *');
  });
});

describe('prerendered public pages', () => {
  const pages: Record<string, string> = {
    'index.html': '<!doctype html><title>Home · Parley</title><div id="root">home</div>',
    'pricing.html': '<!doctype html><title>Pricing · Parley</title><div id="root">pricing</div>',
    'news/introducing-parley.html': '<div id="root">article</div>',
  };
  let appsDir: string;
  let app: TestApp;

  beforeAll(async () => {
    appsDir = await mkdtemp(path.join(os.tmpdir(), 'parley-apps-'));
    const prerendered = path.join(appsDir, 'shell/dist/prerendered');
    await mkdir(path.join(prerendered, 'news'), { recursive: true });
    await writeFile(path.join(appsDir, 'shell/dist/index.html'), shellIndex);
    for (const [file, content] of Object.entries(pages)) {
      await writeFile(path.join(prerendered, file), content);
    }
    await writeFile(
      path.join(prerendered, 'pages.json'),
      JSON.stringify({
        '/': 'index.html',
        '/pricing': 'pricing.html',
        '/news/introducing-parley': 'news/introducing-parley.html',
      }),
    );
    app = await buildTestApp({ appsDir });
  }, appStartTimeoutMs);
  afterAll(async () => {
    await app.close();
    await rm(appsDir, { recursive: true, force: true });
  });

  it('answers each prerendered path with its page, revalidated on every visit', async () => {
    for (const [url, file] of [
      ['/', 'index.html'],
      ['/pricing?plan=pro', 'pricing.html'],
      ['/news/introducing-parley', 'news/introducing-parley.html'],
    ] as const) {
      const response = await app.inject({
        method: 'GET',
        url,
        headers: { ...html, 'accept-encoding': 'identity' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toBe(pages[file]);
    }
  });

  it('leaves every other path to the shell page, an unknown article included', async () => {
    for (const url of ['/news/no-such-article', '/dashboard', '/login', '/index.html']) {
      const response = await app.inject({ method: 'GET', url, headers: html });
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe(shellIndex);
    }
  });

  it("allows the colour mode's head script, and no other inline script", async () => {
    const response = await app.inject({ method: 'GET', url: '/pricing', headers: html });
    const scriptSrc = /script-src ([^;]*)/.exec(
      String(response.headers['content-security-policy']),
    );
    const hash = createHash('sha256').update(colorModeHeadScript).digest('base64');
    expect(scriptSrc?.[1]).toBe(`'self' 'sha256-${hash}'`);
  });
});

describe('pages when Firebase Authentication signs users in', () => {
  // As the build writes them: minified, the script's address without quotes.
  const builtIndex = '<!doctype html><script defer src=/main.js></script><div id=root></div>';
  const builtHome =
    '<!doctype html><script defer src="/main.js"></script><div id="root">home</div>';
  let appsDir: string;
  let app: TestApp;

  beforeAll(async () => {
    appsDir = await mkdtemp(path.join(os.tmpdir(), 'parley-apps-'));
    const prerendered = path.join(appsDir, 'shell/dist/prerendered');
    await mkdir(prerendered, { recursive: true });
    await writeFile(path.join(appsDir, 'shell/dist/index.html'), builtIndex);
    await writeFile(path.join(appsDir, 'shell/dist/main.js'), 'console.log("shell")');
    await writeFile(path.join(prerendered, 'index.html'), builtHome);
    await writeFile(path.join(prerendered, 'pages.json'), JSON.stringify({ '/': 'index.html' }));
    app = await buildTestApp({
      appsDir,
      firebase: {
        projectId: 'demo-parley',
        apiKey: 'demo-key',
        authEmulatorHost: '127.0.0.1:9099',
        accountCheckSeconds: 60,
      },
    });
  }, appStartTimeoutMs);
  afterAll(async () => {
    await app.close();
    await rm(appsDir, { recursive: true, force: true });
  });

  it('names the Firebase entry in every page, prerendered or not, and nothing else changes', async () => {
    const expected: Record<string, string> = {
      '/': builtHome.replace('/main.js', '/main-firebase.js'),
      '/index.html': builtIndex.replace('/main.js', '/main-firebase.js'),
      '/dashboard/ws-1/tickets': builtIndex.replace('/main.js', '/main-firebase.js'),
      '/login': builtIndex.replace('/main.js', '/main-firebase.js'),
    };
    for (const [url, body] of Object.entries(expected)) {
      const response = await app.inject({ method: 'GET', url, headers: html });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toBe(body);
    }
    // The script files themselves are served as built.
    const script = await app.inject({ method: 'GET', url: '/main.js' });
    expect(script.body).toBe('console.log("shell")');
  });
});
