// What the api benchmarks share: the built api on an embedded database in a temporary folder,
// percentiles and a table of figures beside their goal.
import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildNodePackages } from '../scripts/workspace.mjs';

export { buildNodePackages };

/** Modules as the api resolves them (its kysely, its dist). */
export const apiRequire = createRequire(new URL('../api/package.json', import.meta.url));

export const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
export const seconds = (from) => ((performance.now() - from) / 1000).toFixed(1);
export const format = (n) => n.toLocaleString('en-US');

/**
 * A JSON call to the API listening at `base` (a bench's own server), with the Bearer `token`
 * when given; throws on any status but 2xx.
 */
export async function callApi(base, method, url, body, token) {
  const response = await fetch(`${base}${url}`, {
    method,
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
  return response.json();
}

/**
 * The built api on a fresh embedded database (or on `databaseUrl`'s PostgreSQL); `call` makes a
 * request through app.inject, throws on a status of 300 or more and answers its JSON; `close`
 * stops it and removes the data folder.
 */
export async function startBenchApi(name, { databaseUrl = '' } = {}) {
  const { buildApp } = apiRequire('./dist/app');
  const { loadConfig } = apiRequire('./dist/config');
  const dataDir = mkdtempSync(path.join(tmpdir(), `parley-bench-${name}-`));
  const app = await buildApp(
    loadConfig({
      ...process.env,
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      REDIS_URL: '',
      LOG_LEVEL: 'warn',
      // No SMTP receiver unless a bench asks for one: benches run side by side.
      INBOUND_SMTP_PORT: process.env.BENCH_INBOUND_SMTP_PORT ?? '0',
      RATE_LIMIT_PER_MINUTE: '1000000',
      AUTH_RATE_LIMIT_PER_MINUTE: '100000',
    }),
  );
  await app.ready();
  async function call(method, url, payload, token) {
    const response = await app.inject({
      method,
      url,
      payload,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    if (response.statusCode >= 300) {
      throw new Error(`${url}: ${response.statusCode} ${response.body.slice(0, 500)}`);
    }
    return response.json();
  }
  async function close() {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return { app, call, close };
}

/** Signs up the benchmark's admin (given a web site, so a workspace is made) on `call`'s app. */
export async function signUpBenchAdmin(call) {
  const admin = await call('POST', '/api/auth/signup', {
    email: `bench-${Date.now()}@example.com`,
    password: 'bench-password-1',
    displayName: 'Bench Admin',
    website: 'https://bench.example',
  });
  const [{ workspaceId }] = await call('GET', '/api/user/workspaces', undefined, admin.idToken);
  return { admin, workspaceId };
}

/** Prints rows of cells under `header`: the first `left` columns left-aligned, the rest right. */
export function printTable(header, rows, left = 2) {
  const widths = header.map((title, i) =>
    Math.max(title.length, ...rows.map((row) => row[i].length)),
  );
  const line = (cells) =>
    cells
      .map((cell, i) => (i < left ? cell.padEnd(widths[i]) : cell.padStart(widths[i])))
      .join('  ');
  console.log(line(header));
  for (const row of rows) console.log(line(row));
}

/** p50, p95, p99 and max of `times` (ms) as table cells, and whether p95 is within `goalMs`. */
export function timeCells(times, goalMs) {
  const sorted = [...times].sort((a, b) => a - b);
  const p95 = percentile(sorted, 95);
  return {
    within: p95 <= goalMs,
    cells: [
      String(sorted.length),
      percentile(sorted, 50).toFixed(2),
      p95.toFixed(2),
      percentile(sorted, 99).toFixed(2),
      sorted.at(-1).toFixed(2),
      p95 <= goalMs ? 'yes' : 'NO',
    ],
  };
}

/**
 * Adds figures to the table `npm run bench` prints at the end (bench/run.mjs names the file in
 * BENCH_SUMMARY; run alone, a bench prints only its own output). Each: { figure, value, goal,
 * floor?, met } with value, goal and floor as text with their units.
 */
export function reportFigures(figures) {
  const file = process.env.BENCH_SUMMARY;
  if (!file) return;
  for (const figure of figures) appendFileSync(file, `${JSON.stringify(figure)}\n`);
}
