import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const sharedExports = require('./webpack/shared-exports.js');

const remotes = [
  'mfe-marketing',
  'mfe-tickets',
  'mfe-chat',
  'mfe-training',
  'mfe-products',
  'mfe-settings',
];
const apps = ['shell', ...remotes, 'api', 'widget', 'e2e', 'bench'];

// Imports of another package's files by relative path or by package name.
const packagePatterns = (names) =>
  names.flatMap((name) => [name, `${name}/*`, `**/${name}/**`, `../${name}`, `../../${name}`]);

// Only the listed exports of tree-shaken singletons exist at run time (webpack/shared-exports.js).
const treeShakenPaths = Object.entries(sharedExports).map(([name, allowImportNames]) => ({
  name,
  allowImportNames,
  allowTypeImports: true,
  message: `Add the export to webpack/shared-exports.js first: ${name} is tree-shaken to that list.`,
}));

const reduxHooksRule = {
  name: 'react-redux',
  importNames: ['useDispatch', 'useSelector'],
  message: 'Use the typed hooks (useAppDispatch, useAppSelector).',
};

const restrict = (patterns, message, extraPaths = []) => ({
  '@typescript-eslint/no-restricted-imports': [
    'error',
    {
      paths: [...treeShakenPaths, ...extraPaths],
      patterns: patterns.length ? [{ group: patterns, message }] : [],
    },
  ],
});

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/data/**',
      'coverage/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  { files: ['**/*.{js,cjs}'], rules: { '@typescript-eslint/no-require-imports': 'off' } },
  // Architecture boundaries: shared packages import no app; a remote imports no other remote
  // and not the shell; the shell reaches remotes only at run time.
  {
    files: ['shared-sdk/**'],
    rules: restrict(packagePatterns([...apps, 'shared-ui']), 'shared-sdk imports nothing of ours.'),
  },
  {
    files: ['shared-ui/**'],
    rules: restrict(packagePatterns(apps), 'shared-ui imports no app.'),
  },
  ...remotes.map((remote) => ({
    files: [`${remote}/**`],
    rules: restrict(
      packagePatterns(['shell', 'api', 'widget', ...remotes.filter((other) => other !== remote)]),
      'A remote imports no other remote and not the shell; share through shared-ui or shared-sdk.',
      [reduxHooksRule],
    ),
  })),
  {
    files: ['shell/**'],
    rules: restrict(
      packagePatterns([...remotes, 'api', 'widget']),
      'The shell loads remotes at run time only.',
    ),
  },
  // Typed hooks only (shell/src/store/hooks.ts is where the raw ones are wrapped).
  {
    files: ['shell/src/**'],
    ignores: ['shell/src/store/hooks.ts'],
    rules: restrict(
      packagePatterns([...remotes, 'api', 'widget']),
      'The shell loads remotes at run time only.',
      [reduxHooksRule],
    ),
  },
);
