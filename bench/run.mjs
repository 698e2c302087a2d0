// `npm run bench`: every benchmark in turn, each printing its figures, then one table of the
// headline figures beside their goals (and floors, where a bench measures one).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { printTable } from './bench-kit.mjs';

const benches = [
  'js-size.mjs',
  'start.mjs',
  'api.mjs',
  // With typing too: issue 18's figure is that typing leaves the live p95 where it was.
  ['live.mjs', '--typing'],
  'tickets.mjs',
  'search.mjs',
  'products.mjs',
  'import-fairness.mjs',
  'bot.mjs',
  'websites.mjs',
  'reports.mjs',
  'email.mjs',
];
const summaryDir = mkdtempSync(path.join(tmpdir(), 'parley-bench-'));
const summary = path.join(summaryDir, 'figures.jsonl');
let failed = false;
for (const entry of benches) {
  const [bench, ...args] = [entry].flat();
  console.log(`\n=== bench/${bench} ${args.join(' ')}`);
  // --expose-gc: bench/bot measures its index's memory after a collection.
  const { status } = spawnSync(
    'node',
    ['--expose-gc', new URL(bench, import.meta.url).pathname, ...args],
    {
      stdio: 'inherit',
      env: { ...process.env, BENCH_SUMMARY: summary },
    },
  );
  failed ||= status !== 0;
}
const figures = existsSync(summary)
  ? readFileSync(summary, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line))
  : [];
rmSync(summaryDir, { recursive: true, force: true });
console.log('\n=== summary');
printTable(
  ['figure', 'value', 'goal', 'floor', 'met'],
  figures.map(({ figure, value, goal, floor, met }) => [
    figure,
    value,
    goal,
    floor ?? '',
    met ? 'yes' : 'NO',
  ]),
  1,
);
process.exit(failed ? 1 : 0);
