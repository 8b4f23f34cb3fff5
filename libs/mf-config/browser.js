// The browser build of a frontend (createConfig: the shell or a remote), and the builds that go with it.
import path from 'node:path';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import { minimizer, moduleOptions, precompress, resolveOptions } from './common.js';
import { DEV_PORTS, devProxy } from './dev.js';
import { PreloadStartupScripts } from './plugins/preload-startup-scripts.js';
import { FEDERATION_RUNTIME_FILE, federationRuntimeConfig } from './runtime.js';
import { serverConfig } from './server.js';
import { withBuildInfo } from './build-info.js';
import { buildInfo, repoRoot, sharedModules } from './shared.js';

/**
 * Webpack config for a host or a remote.
 * @param {object} options
 * @param {string} options.name federation name (shell, storefront, checkout, admin)
 * @param {string} options.dirname the app folder
 * @param {Record<string,string>} [options.exposes] remote modules ('./App': './src/App.tsx')
 * @param {Record<string,string>} [options.remotes] build-time remotes; leave empty: the shell registers
 *   its remotes at run time from /api/mf-manifest, so a remote that is down cannot break its build or page
 * @param {boolean} [options.isHost] the shell: publicPath '/'
 * @param {number} [options.port] dev-server port (default DEV_PORTS[name])
 * @param {string} [options.title] page title (host)
 * @param {boolean} [options.ssr] also build the server bundle (dist/server, see serverConfig): the
 *   shell's render entry, or a remote's server container exposing the same modules
 */
export function createConfig({ name, dirname, exposes, remotes = {}, isHost = false, port = DEV_PORTS[name], title = 'DentalMarket', ssr = false }) {
  return (_env, argv) => {
    const development = argv.mode !== 'production';
    // production remotes leave the federation runtime to the page (see federation-runtime.js)
    const externalRuntime = !isHost && !development;
    const outputPath = path.join(dirname, 'dist');
    const config = {
      name,
      mode: development ? 'development' : 'production',
      context: dirname,
      // index.ts only does import('./bootstrap'); a remote's bootstrap is its standalone page
      entry: { main: './src/index.ts' },
      // production ships no source maps: served with the bundles they would publish the whole source
      devtool: development ? 'eval-cheap-module-source-map' : false,
      output: {
        path: outputPath,
        publicPath: isHost ? '/' : 'auto',
        filename: '[name].js',
        chunkFilename: development ? '[name].js' : '[name].[contenthash:10].js',
        assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
        uniqueName: `dentalmarket_${name}`,
        clean: true,
      },
      resolve: resolveOptions(),
      module: moduleOptions(development),
      optimization: { minimizer: minimizer(), ...(isHost ? { splitChunks: { cacheGroups: { mui: MUI_CHUNK, framework: FRAMEWORK_CHUNK } } } : {}) },
      performance: { hints: false },
      plugins: [
        new ModuleFederationPlugin({
          name,
          filename: 'remoteEntry.js',
          exposes,
          remotes,
          shared: sharedModules({ appDir: dirname, development }),
          // a shared module no one has loaded yet (formik, the first time a form opens) is taken from
          // the providers already registered, never by starting every remote first: with the default
          // 'version-first', opening checkout would fetch the storefront's remote too, and a storefront
          // that is down would take checkout with it. A copy that is loaded is used by whoever it
          // satisfies (sharedModules: what each build asks for).
          shareStrategy: 'loaded-first',
          // which build this is (commit, time), for what-is-live (/api/mf-manifest?include=live)
          manifest: { additionalData: withBuildInfo },
          dts: false,
          // the shell hands its runtime to the remotes; a remote built without externalRuntime
          // (development) simply keeps its own
          experiments: isHost ? { provideExternalRuntime: true } : { externalRuntime },
        }),
        // the shell's page; for a remote, its standalone page (its team runs it alone)
        new HtmlWebpackPlugin({
          template: path.join(repoRoot, 'libs/mf-config/index.html'),
          title,
          chunks: ['main'],
          runtimeScript: externalRuntime ? FEDERATION_RUNTIME_FILE : undefined,
        }),
        ...(isHost ? [new PreloadStartupScripts()] : []),
        // every text asset precompressed once at build time (.br and .gz beside it): the server sends
        // the smallest encoding the browser accepts without compressing on each request
        ...(development ? [] : precompress()),
      ],
      devServer: {
        port,
        host: 'localhost',
        historyApiFallback: true,
        headers: { 'Access-Control-Allow-Origin': '*' },
        proxy: devProxy(isHost),
      },
      stats: 'errors-warnings',
    };
    const configs = [config];
    if (externalRuntime) configs.push(federationRuntimeConfig(name, dirname, outputPath));
    if (ssr && !development) configs.push(serverConfig({ name, dirname, exposes, isHost, outputPath }));
    return configs.length === 1 ? config : configs;
  };
}

/**
 * The shell provides the MUI facade's parts (MUI_PARTS) to every page: their code is one file
 * (mui.<hash>.js), as it was when the facade was one shared module. Left to webpack's defaults, each
 * part's chunk carried its own copy of the internals and helpers the parts share, in eleven files
 * compressed apart: +20 KB of brotli on a shopper's first page for the same code. A module runs when
 * it is first required, not when its file arrives, so the parts are still evaluated one at a time.
 * The test names MUI, the facade's parts and the small helpers MUI's components import (some of
 * them, Emotion's and React's, FRAMEWORK_CHUNK's test names too: either file is on every page).
 */
const MUI_CHUNK = {
  test: /[\\/]node_modules[\\/](@mui[\\/](material|system|utils|styled-engine|private-theming)|@emotion[\\/](serialize|memoize|unitless|hash|utils|is-prop-valid)|react[\\/](jsx-runtime|cjs[\\/]react-jsx-runtime)|react-is|clsx|react-transition-group|dom-helpers|@babel[\\/]runtime|@popperjs)[\\/.]|[\\/]libs[\\/]mf-config[\\/]facades[\\/]mui-material/,
  name: 'mui',
  chunks: 'async',
  enforce: true,
};

/**
 * The shared packages every page of the shell runs (React, Redux, the router, Emotion, notistack)
 * in one file too: the start asks for each chunk with a <script> of its own, all in one task
 * (webpack's chunk loading and the federation's negotiation of the shared modules, ~25 ms on a
 * 2-core host with their fourteen files), and compresses them apart.
 */
const FRAMEWORK_CHUNK = {
  test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-redux|@reduxjs[\\/]toolkit|redux|redux-thunk|immer|reselect|use-sync-external-store|react-router|cookie|set-cookie-parser|notistack|goober|@emotion|hoist-non-react-statics|stylis)[\\/]/,
  name: 'framework',
  chunks: 'async',
  enforce: true,
};

