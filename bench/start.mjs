// Start (issue 17): the time from `npm start` with everything built to the server answering
// /api/health, and to its "Parley is running" line: the first start (a new data folder, the
// embedded database created) and a start on that folder again. `--runs N` (default 3); medians.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { build } from '../scripts/build.mjs';
import { root } from '../scripts/workspace.mjs';
import { printTable, reportFigures } from './bench-kit.mjs';

const port = Number(process.env.BENCH_PORT ?? 3200);
const runsArg = process.argv.indexOf('--runs');
const runs = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 3;
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function healthy() {
  try {
    return (await fetch(`http://localhost:${port}/api/health`)).ok;
  } catch {
    return false;
  }
}

async function startOnce(dataDir) {
  const started = performance.now();
  const child = spawn('npm', ['start', '--silent'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      INBOUND_SMTP_PORT: '0',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: true,
  });
  let printedAt;
  child.stdout.on('data', (chunk) => {
    if (printedAt === undefined && String(chunk).includes('Parley is running')) {
      printedAt = performance.now() - started;
    }
  });
  let healthyAt;
  while (healthyAt === undefined) {
    if (child.exitCode !== null) throw new Error('npm start exited before it was healthy');
    if (await healthy()) healthyAt = performance.now() - started;
    else await new Promise((resolve) => setTimeout(resolve, 10));
  }
  while (printedAt === undefined) await new Promise((resolve) => setTimeout(resolve, 10));
  // npm, the start script and the server: the whole group.
  process.kill(-child.pid, 'SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
  return { healthyAt, printedAt };
}

// --no-build: measure what is built as it is (a build from another commit, for a before figure).
if (!process.argv.includes('--no-build')) await build();
const first = [];
const again = [];
for (let run = 0; run < runs; run += 1) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'parley-bench-start-'));
  first.push(await startOnce(dataDir));
  again.push(await startOnce(dataDir));
  rmSync(dataDir, { recursive: true, force: true });
}
const ms = (results, key) => median(results.map((result) => result[key])).toFixed(0);
console.log(`Start, everything built (median of ${runs}):`);
printTable(
  ['start', 'to /api/health answering (ms)', 'to "Parley is running" (ms)'],
  [
    ['first (new data folder)', ms(first, 'healthyAt'), ms(first, 'printedAt')],
    ['again (same data folder)', ms(again, 'healthyAt'), ms(again, 'printedAt')],
  ],
  1,
);
reportFigures([
  {
    figure: 'start (built) to healthy, again on the same data folder',
    value: `${ms(again, 'healthyAt')} ms`,
    goal: 'printed',
    met: true,
  },
]);
