// The one Module Federation setup all four frontend builds use: the shared-singletons map and a
// webpack config factory. Plain ESM so webpack configs can import it without a build step.
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import zlib from 'node:zlib';
import CompressionPlugin from 'compression-webpack-plugin';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import MinimizerPlugin from 'minimizer-webpack-plugin';

const require = createRequire(import.meta.url);
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const rootManifest = require(path.join(repoRoot, 'package.json'));

/** Packages every build shares as singletons (DESIGN.md). No deep MUI paths: that made things worse. */
export const SHARED_SINGLETONS = [
  'react',
  'react-dom',
  'react-redux',
  '@reduxjs/toolkit',
  '@mui/material',
  '@emotion/react',
  '@emotion/styled',
  'notistack',
  'react-router',
  // forms: libs/ui's FormikTextField and a remote's <Formik> must share one Formik context
  'formik',
  '@dentalmarket/store',
  '@dentalmarket/ui',
  '@dentalmarket/contracts',
];

function installedVersion(name) {
  return require(require.resolve(`${name}/package.json`, { paths: [repoRoot] })).version;
}

/** The `shared` option, versions read from the installed packages (one lockfile, one version each). */
export function sharedSingletons() {
  return Object.fromEntries(
    SHARED_SINGLETONS.map((name) => {
      const version = installedVersion(name);
      return [name, { singleton: true, requiredVersion: `^${version}`, version, strictVersion: false }];
    }),
  );
}

/** Dev-server port of each frontend (`npm run dev`). */
export const DEV_PORTS = { shell: 3100, storefront: 3101, checkout: 3102, admin: 3103 };

/** Where the API (and, by default, the built remotes under /remotes) answer in development. */
const API_TARGET = process.env.DM_API_URL || 'http://localhost:3000';

/**
 * The shell's dev proxy. By default /remotes/* goes to the API, which serves each remote's built
 * dist; DM_DEV_REMOTES=storefront,checkout (or `all`) sends those remotes to their own dev servers
 * instead, so a remote's team sees its live code inside the shell.
 */
function devProxy(isHost) {
  const wanted = (process.env.DM_DEV_REMOTES || '').split(',').map((s) => s.trim()).filter(Boolean);
  const live = Object.keys(DEV_PORTS).filter((n) => n !== 'shell' && (wanted.includes('all') || wanted.includes(n)));
  return [
    ...(isHost
      ? live.map((n) => ({
          context: [`/remotes/${n}`],
          target: `http://localhost:${DEV_PORTS[n]}`,
          pathRewrite: { [`^/remotes/${n}`]: '' },
        }))
      : []),
    { context: ['/api', '/media', ...(isHost ? ['/remotes'] : [])], target: API_TARGET },
  ];
}

const swcOptions = (development) => ({
  jsc: {
    parser: { syntax: 'typescript', tsx: true },
    transform: { react: { runtime: 'automatic', development } },
    target: 'es2022',
  },
});

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
 */
export function createConfig({ name, dirname, exposes, remotes = {}, isHost = false, port = DEV_PORTS[name], title = 'DentalMarket' }) {
  return (_env, argv) => {
    const development = argv.mode !== 'production';
    return {
      mode: development ? 'development' : 'production',
      context: dirname,
      // index.ts only does import('./bootstrap'); a remote's bootstrap is its standalone page
      entry: { main: './src/index.ts' },
      // production ships no source maps: served with the bundles they would publish the whole source
      devtool: development ? 'eval-cheap-module-source-map' : false,
      output: {
        path: path.join(dirname, 'dist'),
        publicPath: isHost ? '/' : 'auto',
        filename: '[name].js',
        chunkFilename: development ? '[name].js' : '[name].[contenthash:10].js',
        assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
        uniqueName: `dentalmarket_${name}`,
        clean: true,
      },
      resolve: {
        extensions: ['.tsx', '.ts', '.js', '.mjs'],
        extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
        alias: { '@mui/material/SvgIcon$': path.join(repoRoot, 'libs/mf-config/mui-svg-icon.js') },
      },
      module: {
        rules: [
          {
            test: /\.[cm]?tsx?$/,
            exclude: /node_modules/,
            use: { loader: 'swc-loader', options: swcOptions(development) },
          },
          { test: /\.(png|svg|jpe?g|gif|webp)$/i, type: 'asset/resource' },
        ],
      },
      optimization: {
        minimizer: [new MinimizerPlugin({ minify: MinimizerPlugin.swcMinify })],
      },
      performance: { hints: false },
      plugins: [
        new ModuleFederationPlugin({
          name,
          filename: 'remoteEntry.js',
          exposes,
          remotes,
          shared: sharedSingletons(),
          manifest: true,
          dts: false,
        }),
        // the shell's page; for a remote, its standalone page (its team runs it alone)
        new HtmlWebpackPlugin({ template: path.join(repoRoot, 'libs/mf-config/index.html'), title, chunks: ['main'] }),
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
  };
}

const COMPRESSIBLE = /\.(js|css|html|json|svg|txt)$/;

function precompress() {
  return [
    new CompressionPlugin({ test: COMPRESSIBLE, filename: '[path][base].gz', algorithm: 'gzip', compressionOptions: { level: 9 }, threshold: 512, minRatio: 0.9 }),
    new CompressionPlugin({
      test: COMPRESSIBLE,
      filename: '[path][base].br',
      algorithm: 'brotliCompress',
      compressionOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } },
      threshold: 512,
      minRatio: 0.9,
    }),
  ];
}

export const appVersion = rootManifest.version;
