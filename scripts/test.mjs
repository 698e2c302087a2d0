// `npm test`: lint, typecheck, unit and API tests (jest), then end-to-end tests in Chromium
// against the production build. Every stage runs; the exit code says whether all passed.
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { build } from './build.mjs';
import { jestProjectTimes, PhaseTimes, playwrightSpecTimes } from './phase-times.mjs';
import { root, run } from './workspace.mjs';

const resultsDir = path.join(root, 'test-results');
mkdirSync(resultsDir, { recursive: true });
const jestReport = path.join(resultsDir, 'jest.json');
const e2eReport = path.join(resultsDir, 'e2e.json');
// A report left by an earlier run must not be counted as this one's.
for (const report of [jestReport, e2eReport]) rmSync(report, { force: true });

/** A report's summary; a stage that failed early may have left none. */
function printSummary(summarize, reportFile) {
  if (!existsSync(reportFile)) return;
  try {
    console.log(summarize(reportFile));
  } catch (error) {
    console.log(`(no summary of ${path.relative(root, reportFile)}: ${error.message})`);
  }
}

const failures = [];
const times = new PhaseTimes();
async function stage(name, task) {
  console.log(`\n▶ ${name}`);
  try {
    await times.time(name, task);
  } catch (error) {
    failures.push(name);
    console.error(`✖ ${name}: ${error.message}`);
  }
}

const notRun = [];
if (!process.env.TEST_DATABASE_URL) {
  notRun.push(
    'PostgreSQL suites (api/test/postgres.test.ts, the PostgreSQL half of api/test/live.test.ts): set TEST_DATABASE_URL to run them',
  );
}
if (!process.env.TEST_DATABASE_URL || !process.env.TEST_REDIS_URL) {
  notRun.push(
    'Redis suite (api/test/live-redis.test.ts, two API instances): set TEST_DATABASE_URL and TEST_REDIS_URL to run it',
  );
}

await stage('lint', () => run('npm', ['run', '--silent', 'lint']));
await stage('typecheck', () => run('npm', ['run', '--silent', 'typecheck']));
await stage('unit and API tests (jest)', () =>
  run('npx', ['jest', '--json', `--outputFile=${jestReport}`]),
);
printSummary((file) => jestProjectTimes(file, root), jestReport);
await stage('build', () => build());
await stage('end-to-end tests (Playwright, Chromium)', () =>
  run('npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts', '--reporter=list,json'], {
    env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: e2eReport },
  }),
);
printSummary(playwrightSpecTimes, e2eReport);

function counts() {
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  if (existsSync(jestReport)) {
    const jest = JSON.parse(readFileSync(jestReport, 'utf8'));
    passed += jest.numPassedTests;
    failed += jest.numFailedTests;
    skipped += jest.numPendingTests + jest.numTodoTests;
  }
  if (existsSync(e2eReport)) {
    const { stats } = JSON.parse(readFileSync(e2eReport, 'utf8'));
    passed += stats.expected;
    failed += stats.unexpected + stats.flaky;
    skipped += stats.skipped;
  }
  return { passed, failed, skipped };
}

console.log('');
console.log(times.summary());
for (const line of notRun) console.log(`Not run: ${line}`);
if (failures.length) console.log(`Failed stages: ${failures.join(', ')}`);
const { passed, failed, skipped } = counts();
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failures.length ? 1 : 0);
