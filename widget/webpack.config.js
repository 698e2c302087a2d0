// The widget's build: `loader.js`, the one file a business embeds (stable URL, no hash, no
// framework, at most 5 KB gzip), and the chat window page it frames (`window.html` with its
// content-hashed script and style sheet).
const path = require('node:path');
const { gzipSync } = require('node:zlib');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');

/** The loader's budget: 5 KB gzip (5,120 bytes). */
const loaderBudgetBytes = 5 * 1024;

/** Prints the loader's gzip size and fails the build when it is over budget. */
class LoaderBudgetPlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('LoaderBudgetPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        {
          name: 'LoaderBudgetPlugin',
          stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT,
        },
        (assets) => {
          const asset = assets['loader.js'];
          if (!asset) return;
          const bytes = gzipSync(asset.source(), { level: 9 }).length;
          const line = `widget loader.js: ${bytes} bytes gzip (budget ${loaderBudgetBytes})`;
          console.log(line);
          if (bytes > loaderBudgetBytes) {
            compilation.errors.push(new compiler.webpack.WebpackError(`${line}: over budget`));
          }
        },
      );
    });
  }
}

module.exports = (_env, argv) => {
  const production = argv.mode !== 'development';
  return {
    mode: production ? 'production' : 'development',
    context: __dirname,
    entry: { loader: './src/loader/loader.ts', window: './src/window/index.ts' },
    devtool: production ? 'source-map' : 'cheap-module-source-map',
    output: {
      path: path.join(__dirname, 'dist'),
      // Chunks load next to the page that asked for them, wherever /widget/ is served.
      publicPath: 'auto',
      // The loader's URL is what businesses paste into their sites: it never changes (and is
      // served no-cache); the window's files are content-hashed and cached for good.
      filename: (pathData) =>
        pathData.chunk.name === 'loader' || !production ? '[name].js' : '[name].[contenthash:8].js',
      clean: true,
    },
    resolve: {
      extensions: ['.ts', '.js'],
      // Workspace packages are compiled from their TypeScript source.
      conditionNames: ['parley-source', 'browser', 'import', 'module', 'require', 'default'],
    },
    module: {
      rules: [
        {
          test: /\.[jt]s$/,
          exclude: /node_modules/,
          use: {
            loader: 'swc-loader',
            options: { jsc: { parser: { syntax: 'typescript' }, target: 'es2020' } },
          },
        },
        // shared-sdk's modules do nothing when imported: what the window does not use (the
        // dashboard's live hook, its session) is left out of the bundle.
        { include: path.join(__dirname, '../shared-sdk/src'), sideEffects: false },
        { test: /\.css$/, use: [MiniCssExtractPlugin.loader, 'css-loader'] },
      ],
    },
    plugins: [
      new MiniCssExtractPlugin({
        filename: production ? '[name].[contenthash:8].css' : '[name].css',
      }),
      new HtmlWebpackPlugin({
        template: path.join(__dirname, 'src/window/window.html'),
        filename: 'window.html',
        chunks: ['window'],
        scriptLoading: 'defer',
      }),
      new LoaderBudgetPlugin(),
    ],
    performance: { hints: false },
    stats: 'errors-warnings',
    optimization: { moduleIds: 'deterministic' },
  };
};
