import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { readdirSync, existsSync } from 'node:fs';
import tseslint from 'typescript-eslint';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const sharedExports = require('./webpack/shared-exports.js');

const remotes = require('./shared-sdk/src/remote-names.json');
const apps = ['shell', ...remotes, 'api', 'widget', 'e2e', 'bench'];

// A package by name, or by a relative path into its sources (not any folder of that name: a
// remote's own api/ folders are not the api package).
const packagePatterns = (names) => {
  const any = names.map((name) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|');
  return [`^(${any})(/.*)?$`, `(^|/)(${any})/src(/|$)`];
};

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

// A feature of a remote imports no other feature of it: what two features share goes to the
// remote's own api/, components/, hooks/ or utils/, or to shared-ui (bulletproof-react's
// unidirectional architecture).
const featureZones = remotes.flatMap((app) => {
  const root = `./${app}/src/features`;
  if (!existsSync(root)) return [];
  return readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map(({ name }) => ({
      target: `${root}/${name}`,
      from: root,
      except: [`./${name}`],
      message:
        "A feature imports no other feature; share through the remote's api/, components/, hooks/, utils/ or shared-ui.",
    }));
});

// shared-ui/controls is a shared singleton of its own: it reaches the main entry by name, as the
// apps do, since a relative import would bundle a second copy (a second toast context).
const controlsZone = {
  target: './shared-ui/src/controls',
  from: './shared-ui/src',
  except: ['./controls', './index.ts'],
  message: "Import shared-ui's main entry by name ('shared-ui').",
};

const restrict = (patterns, message, extraPaths = []) => ({
  '@typescript-eslint/no-restricted-imports': [
    'error',
    {
      paths: [...treeShakenPaths, ...extraPaths],
      patterns: patterns.map((regex) => ({ regex, message })),
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
      // Code the lint rules must refuse (scripts/test/lint-rules.test.ts lints it on purpose).
      'scripts/test/lint-fixtures/**',
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
  // The rules of hooks where React is: its analysis of each function was most of lint's time
  // when it also read the API, the widget (plain DOM) and the tooling.
  {
    files: ['{shell,shared-ui,shared-sdk,jest}/**/*.{ts,tsx}', 'mfe-*/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  // Import paths between features and into shared-ui's controls, read where those zones are.
  // (No import cycles is oxlint's rule, .oxlintrc.json, run first by `npm run lint`: here it
  // took most of lint's time.)
  {
    files: ['mfe-*/src/**/*.{ts,tsx}', 'shared-ui/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // Which files import-x reads to follow imports, and with what parser.
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['*/tsconfig.json'],
          noWarnOnMultipleProjects: true,
          conditionNames: ['parley-source', 'types', 'import', 'require', 'default'],
        }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: [...featureZones, controlsZone] }],
    },
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
  // The API's layers: a route handler parses, authorizes, calls a service and answers; what is
  // stored and how is for the services and the repositories beneath them.
  {
    files: ['api/src/routes/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)(repositories|db)(/|$)',
              message:
                'A route calls services; the repositories and the database are theirs (handler = parse → authorize → service → return).',
            },
          ],
        },
      ],
    },
  },
  // A service takes plain values, so any caller (a route, a job, a test) can use it: what a
  // request carries is read in the route, or in its scope's hooks.
  {
    files: ['api/src/services/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'fastify',
              importNames: ['FastifyRequest', 'FastifyReply', 'FastifyInstance'],
              message:
                'A service takes plain values: read the request in the route (or its hooks) and pass what it says.',
            },
          ],
        },
      ],
    },
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
