// `npm test`: lint, typecheck, unit and API tests (jest) and the build, then end-to-end tests in
// Chromium against the production build. Every stage runs; the exit code says whether all passed.
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { build } from './build.mjs';
import { cpuSeconds, jestProjectTimes, PhaseTimes, playwrightSpecTimes } from './phase-times.mjs';
import { buildNodePackages, root, run } from './workspace.mjs';

const resultsDir = path.join(root, 'test-results');
mkdirSync(resultsDir, { recursive: true });
const apiJestReport = path.join(resultsDir, 'jest-api.json');
const otherJestReport = path.join(resultsDir, 'jest-other.json');
const e2eReport = path.join(resultsDir, 'e2e.json');
const reports = [apiJestReport, otherJestReport, e2eReport];
// A report left by an earlier run must not be counted as this one's.
for (const report of reports) rmSync(report, { force: true });

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
async function stage(name, task, options) {
  console.log(`\n▶ ${name}`);
  try {
    await times.time(name, task, options);
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

// Two lanes, one per core, each taking the next piece of work when it is free, longest first:
// the API tests (about one core: jest gives them one worker on two cores, and each file's
// embedded database has a thread of its own) in one, the build and the end-to-end tests against
// it in the other, then the other jest projects, the typecheck and lint in whichever lane is
// free, so neither lane waits while the other has work left. The Node packages are built first,
// once: the e-mail kill test starts the built server, and must not build it while the build
// stage does. Each command's lines are tagged with what it is, the API tests' excepted.
await stage('build the API for its tests', () => buildNodePackages());
const laneCpu = cpuSeconds();
const lanesStarted = Date.now();
// --forceExit: a failed test can leave an app open (its embedded database's thread keeps the
// process alive); the run must then end with the failure, not wait for it.
const jestArgs = (report) => ['jest', '--json', `--outputFile=${report}`, '--forceExit'];
const beside = { beside: true };
const work = [
  () =>
    stage(
      'API tests (jest, api project)',
      () => run('npx', [...jestArgs(apiJestReport), '--selectProjects', 'api']),
      beside,
    ),
  async () => {
    await stage('build', () => build({ tag: 'build' }), beside);
    await stage(
      'end-to-end tests (Playwright, Chromium)',
      () =>
        run(
          'npx',
          ['playwright', 'test', '-c', 'e2e/playwright.config.ts', '--reporter=list,json'],
          { env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: e2eReport }, tag: 'e2e' },
        ),
      beside,
    );
  },
  () =>
    stage(
      'other unit tests (jest, every project but api)',
      () => run('npx', [...jestArgs(otherJestReport), '--ignoreProjects', 'api'], { tag: 'jest' }),
      beside,
    ),
  () =>
    stage('typecheck', () => run('npm', ['run', '--silent', 'typecheck'], { tag: 'tsc' }), beside),
  () => stage('lint', () => run('npm', ['run', '--silent', 'lint'], { tag: 'lint' }), beside),
];
const lane = async () => {
  for (let next = work.shift(); next; next = work.shift()) await next();
};
await Promise.all([lane(), lane()]);
times.record('the two lanes together', (Date.now() - lanesStarted) / 1000, cpuSeconds() - laneCpu);
for (const report of [apiJestReport, otherJestReport]) {
  printSummary((file) => jestProjectTimes(file, root), report);
}
printSummary(playwrightSpecTimes, e2eReport);

function counts() {
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  for (const report of [apiJestReport, otherJestReport]) {
    if (!existsSync(report)) continue;
    const jest = JSON.parse(readFileSync(report, 'utf8'));
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
