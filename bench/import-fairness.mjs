// bench/import-fairness: what a workspace running back-to-back 10,000-row products imports leaves
// of another workspace's widget, on the built API (a server of its own, over HTTP) on the
// embedded PGlite database, whose one connection both share.
//   - floor: the other workspace's visitors send widget messages back-to-back (each waits for its
//     answer), nothing else running: messages per second and their latency;
//   - under import: the same, while one workspace imports 10,000 products over and over (each
//     import waiting for the last: one import per workspace at a time).
// Goal: the other workspace keeps at least half its floor's rate, with p95 under 500 ms.
//   node bench/import-fairness.mjs [--duration 20] [--visitors 4] [--rows 10000] [--port 3241]
import { fork } from 'node:child_process';
import { loadavg, cpus } from 'node:os';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import {
  buildNodePackages,
  callApi,
  format,
  percentile,
  printTable,
  reportFigures,
} from './bench-kit.mjs';

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '20' },
    warmup: { type: 'string', default: '3' },
    visitors: { type: 'string', default: '4' },
    rows: { type: 'string', default: '10000' },
    port: { type: 'string', default: '3241' },
  },
});
const durationMs = Number(values.duration) * 1000;
const warmupMs = Number(values.warmup) * 1000;
const visitorCount = Number(values.visitors);
const rowCount = Number(values.rows);
const goalShare = 0.5;
const goalP95Ms = 500;
const base = `http://127.0.0.1:${values.port}`;
const call = (method, url, body, token) => callApi(base, method, url, body, token);

await buildNodePackages();

function startServer() {
  const server = fork(new URL('./api-server.cjs', import.meta.url), {
    env: { ...process.env, BENCH_SERVER: 'api', DATABASE_URL: '', PORT: values.port },
  });
  const listening = new Promise((resolve, reject) => {
    server.on('message', (message) => message.type === 'listening' && resolve());
    server.on('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
  const stopped = new Promise((resolve) => server.on('exit', resolve));
  return listening.then(() => ({
    stop: () => {
      server.kill('SIGTERM');
      return stopped;
    },
  }));
}

async function signUp(name) {
  const admin = await call('POST', '/api/auth/signup', {
    email: `bench-${name}-${Date.now()}@example.com`,
    password: 'bench-password-1',
    displayName: `Bench ${name}`,
    website: `https://${name}.bench.example`,
  });
  const [{ workspaceId }] = await call('GET', '/api/user/workspaces', undefined, admin.idToken);
  return { token: admin.idToken, workspaceId };
}

/** The other workspace's visitors, each sending a message as soon as the last was answered. */
async function widgetLoad(visitors, ms) {
  const latencies = [];
  const until = performance.now() + ms;
  let failed = 0;
  await Promise.all(
    visitors.map(async (visitorToken, index) => {
      let sent = 0;
      while (performance.now() < until) {
        const from = performance.now();
        const response = await fetch(`${base}/api/widget/messages`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${visitorToken}` },
          body: JSON.stringify({
            content: `Visitor ${index}, question ${(sent += 1)}: is it in stock?`,
          }),
        });
        await response.arrayBuffer();
        if (response.ok) latencies.push(performance.now() - from);
        else failed += 1;
      }
    }),
  );
  const sorted = latencies.sort((a, b) => a - b);
  return {
    rate: (sorted.length / ms) * 1000,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    max: sorted.at(-1),
    count: sorted.length,
    failed,
  };
}

const server = await startServer();
const started = performance.now();
try {
  const importer = await signUp('importer');
  // 10,000 products: the Growth plan includes that many (the Free plan none).
  await call(
    'POST',
    '/api/user/billing-plan',
    { workspaceId: importer.workspaceId, plan: 'growth', period: 'monthly' },
    importer.token,
  );
  const other = await signUp('other');
  const visitors = [];
  for (let index = 0; index < visitorCount; index += 1) {
    const { visitorToken } = await call('POST', '/api/widget/sessions', {
      workspaceId: other.workspaceId,
    });
    visitors.push(visitorToken);
  }
  const importBody = (pass) =>
    JSON.stringify({
      workspaceId: importer.workspaceId,
      products: Array.from({ length: rowCount }, (_, i) => ({
        sku: `IMPORT-${i}`,
        name: `Imported product ${i} (pass ${pass})`,
        description: 'A product from a CSV file, with a description of ordinary length.',
        price: ((i + pass) % 10000) / 100,
        stock: (i + pass) % 40,
        status: i % 3 === 0 ? 'disabled' : 'active',
      })),
    });

  await widgetLoad(visitors, warmupMs);
  const floor = await widgetLoad(visitors, durationMs);

  // Back-to-back imports: the first adds 10,000 products, every later one changes them all.
  const imports = [];
  let importing = true;
  const importLoop = (async () => {
    for (let pass = 0; importing; pass += 1) {
      const body = importBody(pass);
      const from = performance.now();
      const response = await fetch(`${base}/api/user/products-import`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${importer.token}` },
        body,
      });
      const answer = await response.json();
      if (!response.ok)
        throw new Error(`import ${pass}: ${response.status} ${JSON.stringify(answer)}`);
      imports.push({ ms: performance.now() - from, ...answer });
    }
  })();
  const underImport = await widgetLoad(visitors, durationMs);
  importing = false;
  await importLoop;

  const share = underImport.rate / floor.rate;
  const shareMet = share >= goalShare;
  const p95Met = underImport.p95 < goalP95Ms;
  const row = (name, figures) => [
    name,
    `${figures.rate.toFixed(1)}/s`,
    figures.p50.toFixed(1),
    figures.p95.toFixed(1),
    figures.max.toFixed(1),
    format(figures.count),
    String(figures.failed),
  ];
  console.log(
    `\nAnother workspace's widget messages (${visitorCount} visitors back-to-back, ${values.duration} s each; latency in ms)`,
  );
  printTable(
    ['while', 'messages', 'p50', 'p95', 'max', 'answered', 'failed'],
    [row('nothing else (floor)', floor), row(`10,000-row imports back-to-back`, underImport)],
    1,
  );
  const importMs = imports.map((entry) => entry.ms).sort((a, b) => a - b);
  console.log(
    `\n${imports.length} imports of ${format(rowCount)} rows meanwhile, each ${format(Math.round(importMs[0]))}–${format(Math.round(importMs.at(-1)))} ms (${imports.map((entry) => `+${entry.created}/~${entry.updated}`).join(', ')})`,
  );
  console.log(
    `Rate under import: ${(share * 100).toFixed(0)}% of the floor (goal ≥ ${goalShare * 100}%): ${shareMet ? 'met' : 'NOT met'}`,
  );
  console.log(
    `p95 under import: ${underImport.p95.toFixed(0)} ms (goal < ${goalP95Ms} ms): ${p95Met ? 'met' : 'NOT met'}`,
  );
  console.log(
    `\nbench/import-fairness took ${((performance.now() - started) / 1000).toFixed(1)} s; load average (1, 5, 15 min) ${loadavg()
      .map((load) => load.toFixed(1))
      .join(', ')} on ${cpus().length} cores`,
  );
  reportFigures([
    {
      figure: "another workspace's widget rate under back-to-back imports",
      value: `${underImport.rate.toFixed(1)}/s (${(share * 100).toFixed(0)}%)`,
      goal: `≥ ${goalShare * 100}% of floor`,
      floor: `${floor.rate.toFixed(1)}/s`,
      met: shareMet,
    },
    {
      figure: "another workspace's widget p95 under back-to-back imports",
      value: `${underImport.p95.toFixed(0)} ms`,
      goal: `< ${goalP95Ms} ms`,
      floor: `${floor.p95.toFixed(0)} ms`,
      met: p95Met,
    },
  ]);
  process.exitCode = shareMet && p95Met ? 0 : 1;
} finally {
  await server.stop();
}
