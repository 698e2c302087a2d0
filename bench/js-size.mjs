// Measures the JavaScript a cold visit to `/` costs: the files Chromium loads (shell, shared
// libraries, the marketing remote) and their gzip size, against the 200 KB budget; then the gzip
// size of every app's whole build.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { build } from '../scripts/build.mjs';
import { root, webApps } from '../scripts/workspace.mjs';

const budgetKb = 200;
const port = Number(process.env.BENCH_PORT ?? 3200);
const base = `http://localhost:${port}`;
const kb = (bytes) => (bytes / 1024).toFixed(1);
const gzipKb = (buffer) => gzipSync(buffer, { level: 9 }).length;

async function waitForServer() {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('The server did not start');
}

await build();
const server = spawn('node', ['api/dist/server.js'], {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(port),
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'parley-bench-')),
    LOG_LEVEL: 'warn',
  },
  stdio: 'inherit',
});

try {
  await waitForServer();
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
  const context = await browser.newContext();
  const page = await context.newPage();
  const scripts = [];
  page.on('response', async (response) => {
    const type = response.request().resourceType();
    if (type !== 'script') return;
    const body = await response.body();
    const sizes = await response.request().sizes();
    scripts.push({
      url: response.url(),
      raw: body.length,
      gzip: gzipKb(body),
      transferred: sizes.responseBodySize,
    });
  });
  await page.goto(`${base}/`, { waitUntil: 'networkidle' });
  await page.getByRole('heading', { level: 1 }).waitFor();
  await browser.close();

  console.log('JavaScript loaded by a cold visit to / (Chromium):');
  scripts.sort((a, b) => b.gzip - a.gzip);
  for (const script of scripts) {
    console.log(
      `  ${kb(script.gzip).padStart(7)} KB gzip  ${kb(script.raw).padStart(7)} KB raw  ${script.url.replace(base, '')}`,
    );
  }
  const total = scripts.reduce((sum, script) => sum + script.gzip, 0);
  const transferred = scripts.reduce((sum, script) => sum + script.transferred, 0);
  console.log(
    `  total: ${kb(total)} KB gzip in ${scripts.length} files (${kb(transferred)} KB as served); budget ${budgetKb} KB: ${total <= budgetKb * 1024 ? 'within' : 'OVER'}`,
  );

  console.log('\nGzip size of every app build (all JavaScript in dist/):');
  for (const app of webApps) {
    const dir = path.join(root, app, 'dist');
    const files = readdirSync(dir).filter((file) => file.endsWith('.js'));
    const size = files.reduce((sum, file) => sum + gzipKb(readFileSync(path.join(dir, file))), 0);
    console.log(`  ${app.padEnd(14)} ${kb(size).padStart(7)} KB gzip in ${files.length} files`);
  }
  process.exitCode = total <= budgetKb * 1024 ? 0 : 1;
} finally {
  server.kill('SIGTERM');
}
