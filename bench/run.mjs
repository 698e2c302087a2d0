// `npm run bench`: every benchmark in turn, each printing its figures.
import { spawnSync } from 'node:child_process';

const benches = [
  'js-size.mjs',
  'start.mjs',
  'live.mjs',
  'tickets.mjs',
  'products.mjs',
  'bot.mjs',
  'websites.mjs',
];
let failed = false;
for (const bench of benches) {
  console.log(`\n=== bench/${bench}`);
  const { status } = spawnSync('node', [new URL(bench, import.meta.url).pathname], {
    stdio: 'inherit',
  });
  failed ||= status !== 0;
}
process.exit(failed ? 1 : 0);
