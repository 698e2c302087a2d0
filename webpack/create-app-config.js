// The one webpack + Module Federation config factory for the shell and every remote.
// Each app's webpack.config.js is a few lines on top of this.
const path = require('node:path');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const sharedExports = require('./shared-exports');

// One router, one store, one theme, one session and one i18n instance per page.
const SINGLETONS = [
  'react',
  'react-dom',
  'react-router-dom',
  'react-redux',
  '@reduxjs/toolkit',
  'styled-components',
  'i18next',
  'react-i18next',
  'shared-ui',
  'shared-sdk',
];
// Entry points imported by subpath share their package's version.
const SUBPATHS = {
  'react/jsx-runtime': 'react',
  'react-dom/client': 'react-dom',
  'shared-sdk/schemas': 'shared-sdk',
  // Forms, tables and dialogs: loaded with the first page that shows one, not with the public site.
  'shared-ui/controls': 'shared-ui',
  // Live queries: one live client (one WebSocket) per page. Loaded on demand, so the public site
  // does not pay for it.
  'shared-sdk/live': 'shared-sdk',
};

/** Our TypeScript and JSX (workspace packages included), compiled by swc. */
function sourceRule({ target, development = false }) {
  return {
    test: /\.[jt]sx?$/,
    exclude: /node_modules/,
    use: {
      loader: 'swc-loader',
      options: {
        jsc: {
          parser: { syntax: 'typescript', tsx: true },
          transform: { react: { runtime: 'automatic', development, refresh: false } },
          target,
        },
      },
    },
  };
}

function sharedSingletons(pkg) {
  const deps = pkg.dependencies ?? {};
  const shared = {};
  for (const name of SINGLETONS) {
    if (!deps[name]) throw new Error(`${pkg.name} must depend on the shared singleton ${name}`);
    shared[name] = { singleton: true, requiredVersion: deps[name] };
    if (sharedExports[name]) {
      shared[name].treeShaking = { mode: 'runtime-infer', usedExports: sharedExports[name] };
    }
  }
  for (const [subpath, owner] of Object.entries(SUBPATHS)) {
    shared[subpath] = { singleton: true, requiredVersion: deps[owner] };
  }
  return shared;
}

/**
 * @param {object} options
 * @param {string} options.dir the app's folder (its package.json is read for versions)
 * @param {string} options.name federation name, a JS identifier (e.g. "mfe_tickets")
 * @param {Record<string,string>} [options.exposes] what a remote offers the shell
 * @param {string[]} [options.runtimePlugins] runtime plugin files (the shell's failure policy)
 * @param {boolean} [options.isHost] the shell: chunks load from "/"
 * @param {Record<string,string>} [options.entries] the shell's entry points; its page names `main`
 */
function createAppConfig({
  dir,
  name,
  exposes,
  runtimePlugins = [],
  isHost = false,
  entries = { main: './src/index.ts' },
}) {
  const pkg = require(path.join(dir, 'package.json'));
  return (_env, argv) => {
    const production = argv.mode !== 'development';
    return {
      mode: production ? 'production' : 'development',
      context: dir,
      // Only the shell has a page of its own; a remote is just its remoteEntry.js and the
      // chunks it exposes.
      entry: isHost ? entries : {},
      devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
      output: {
        path: path.join(dir, 'dist'),
        // The shell owns every URL, so deep links need absolute chunk paths; a remote loads
        // from wherever it is deployed.
        publicPath: isHost ? '/' : 'auto',
        // Entry files keep stable names (the federation runtime derives paths from them; they are
        // served no-cache); lazily loaded chunks are content-hashed and cached for good.
        filename: '[name].js',
        chunkFilename: production ? '[name].[contenthash:8].js' : '[name].js',
        uniqueName: name,
        clean: true,
      },
      resolve: {
        extensions: ['.tsx', '.ts', '.js'],
        // Workspace packages are compiled from their TypeScript source.
        conditionNames: ['parley-source', 'browser', 'import', 'module', 'require', 'default'],
      },
      module: {
        rules: [
          sourceRule({ target: 'es2020', development: !production }),
          { test: /\.(png|jpe?g|webp|svg)$/, type: 'asset/resource' },
        ],
      },
      plugins: [
        new ModuleFederationPlugin({
          name,
          filename: 'remoteEntry.js',
          exposes,
          shared: sharedSingletons(pkg),
          shareStrategy: 'loaded-first',
          runtimePlugins,
          // The build id: webpack's hash of everything built, so a rebuild of the same source
          // keeps it and any change moves it. Open dashboards compare it to see a new deploy.
          manifest: {
            additionalData: ({ stats, compilation }) => {
              stats.metaData.buildInfo.buildVersion = compilation.hash;
              return stats;
            },
          },
          dts: false,
          // The shell provides the federation runtime once; remotes use it rather than each
          // carrying their own copy (about 27 KB gzip a remote).
          experiments: {
            ...(isHost ? { provideExternalRuntime: true } : { externalRuntime: true }),
            // Browsers only: the runtime leaves out its Node.js loading code (1.8 KB gzip).
            optimization: { target: 'web' },
          },
        }),
        ...(isHost
          ? [
              new HtmlWebpackPlugin({
                template: path.join(dir, 'src/index.html'),
                favicon: path.join(dir, 'src/favicon.svg'),
                scriptLoading: 'defer',
                chunks: ['main'],
                // The page names the shell build it came with (the same id as its manifest's).
                templateParameters: (compilation) => ({ buildId: compilation.hash }),
              }),
            ]
          : []),
      ],
      performance: { hints: false },
      stats: 'errors-warnings',
      optimization: {
        moduleIds: 'deterministic',
        splitChunks: {
          cacheGroups: {
            // reselect in one chunk of its own, beside the shared Redux Toolkit that loads it.
            reselect: {
              test: /[\\/]node_modules[\\/]reselect[\\/]/,
              chunks: 'async',
              minSize: 0,
              enforce: true,
            },
          },
        },
      },
    };
  };
}

module.exports = { createAppConfig, sourceRule, SINGLETONS };
