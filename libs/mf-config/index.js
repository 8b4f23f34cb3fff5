// The one Module Federation setup all four frontend builds use: the shared-singletons map and a
// webpack config factory. Plain ESM so webpack configs can import it without a build step.
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
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
 * @param {boolean} [options.isHost] the shell: publicPath '/'
 * @param {number} options.port dev-server port
 * @param {string} [options.title] page title (host)
 */
export function createConfig({ name, dirname, exposes, isHost = false, port, title = 'DentalMarket' }) {
  return (_env, argv) => {
    const development = argv.mode !== 'production';
    return {
      mode: development ? 'development' : 'production',
      context: dirname,
      // index.ts only does import('./bootstrap'); a remote's bootstrap is its standalone page
      entry: { main: './src/index.ts' },
      devtool: development ? 'eval-cheap-module-source-map' : 'source-map',
      output: {
        path: path.join(dirname, 'dist'),
        publicPath: isHost ? '/' : 'auto',
        filename: '[name].js',
        chunkFilename: development ? '[name].js' : '[name].[contenthash:10].js',
        assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
        uniqueName: `dentalmarket_${name}`,
        clean: true,
      },
      resolve: { extensions: ['.tsx', '.ts', '.js', '.mjs'], extensionAlias: { '.js': ['.ts', '.tsx', '.js'] } },
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
          remotes: {},
          shared: sharedSingletons(),
          manifest: true,
          dts: false,
        }),
        // the shell's page; for a remote, its standalone page (its team runs it alone)
        new HtmlWebpackPlugin({ template: path.join(repoRoot, 'libs/mf-config/index.html'), title, chunks: ['main'] }),
      ],
      devServer: {
        port,
        host: 'localhost',
        historyApiFallback: true,
        headers: { 'Access-Control-Allow-Origin': '*' },
        proxy: [{ context: ['/api', '/media', ...(isHost ? ['/remotes'] : [])], target: 'http://localhost:3000' }],
      },
      stats: 'errors-warnings',
    };
  };
}

export const appVersion = rootManifest.version;
