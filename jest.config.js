// One jest run over every package: UI packages in jsdom, the API and the SDK in node.
const remoteNames = require('./shared-sdk/src/remote-names.json');

// `--selectProjects` takes every word after it as a project's name, so
// `jest --selectProjects api api/test/x.test.ts` would run the whole api project: name the
// test files first (`jest api/test/x.test.ts --selectProjects api`).
{
  const at = process.argv.indexOf('--selectProjects');
  const swallowed = [];
  // Its names run up to the next option.
  for (const word of at < 0 ? [] : process.argv.slice(at + 1)) {
    if (word.startsWith('-')) break;
    if (/[/.]/.test(word)) swallowed.push(word);
  }
  if (swallowed.length > 0) {
    throw new Error(
      `--selectProjects would read ${swallowed.join(', ')} as project names: put the test files before it.`,
    );
  }
}

const transform = {
  '^.+\\.(t|j)sx?$': [
    '@swc/jest',
    {
      jsc: {
        parser: { syntax: 'typescript', tsx: true },
        transform: { react: { runtime: 'automatic' } },
        target: 'es2022',
      },
      module: { type: 'commonjs' },
    },
  ],
};
const moduleNameMapper = {
  '^shared-sdk$': '<rootDir>/../shared-sdk/src/index.ts',
  '^shared-sdk/schemas$': '<rootDir>/../shared-sdk/src/schemas/index.ts',
  '^shared-sdk/live$': '<rootDir>/../shared-sdk/src/live/index.ts',
  '^shared-sdk/firebase$': '<rootDir>/../shared-sdk/src/firebase/index.ts',
  '^shared-sdk/webhook-signature$': '<rootDir>/../shared-sdk/src/webhook-signature.ts',
  '^shared-sdk/workspace-defaults$': '<rootDir>/../shared-sdk/src/workspace-defaults.ts',
  '^shared-ui$': '<rootDir>/../shared-ui/src/index.ts',
  '^shared-ui/controls$': '<rootDir>/../shared-ui/src/controls/index.ts',
  '^@testing/(.*)$': '<rootDir>/../jest/$1',
  '\\.(svg|png|jpg|webp)$': '<rootDir>/../jest/file-stub.js',
};
const project = (dir, testEnvironment) => ({
  displayName: dir,
  rootDir: `<rootDir>/${dir}`,
  testEnvironment,
  transform,
  moduleNameMapper,
  setupFilesAfterEnv: testEnvironment === 'jsdom' ? ['<rootDir>/../jest/setup-dom.ts'] : [],
  testMatch: ['<rootDir>/src/**/*.test.{ts,tsx}', '<rootDir>/test/**/*.test.ts'],
});

module.exports = {
  rootDir: __dirname,
  // A guard against a test that hangs, not a measure of speed: on a busy CI machine (two lanes of
  // tests on two cores) a test that takes 1 s alone can take several. jest reads it here, for
  // every project, not from a project's own settings.
  testTimeout: 30_000,
  projects: [
    project('shared-sdk', 'node'),
    {
      ...project('api', '<rootDir>/../jest/node-environment.js'),
      globalSetup: '<rootDir>/test/support/pglite-template.ts',
    },
    // The project's tooling: its lint rules.
    project('scripts', 'node'),
    ...['shared-ui', 'shell', ...remoteNames, 'widget'].map((dir) => project(dir, 'jsdom')),
  ],
};
