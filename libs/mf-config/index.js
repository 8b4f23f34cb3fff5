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

/** The shared parts the '@mui/material' facade is made of (facades/mui-material/*.js), in the order a page evaluates them. */
export const MUI_PARTS = ['@dentalmarket/mui-parts/theme', '@dentalmarket/mui-parts/layout', '@dentalmarket/mui-parts/base', '@dentalmarket/mui-parts/overlays', '@dentalmarket/mui-parts/fields'];

/**
 * Packages every build shares as singletons (docs/architecture.md, Frontend conventions). MUI components are not shared one path at
 * a time (each would carry its own internals: that made things worse); the '@mui/material' facade
 * shares the first pages' components, and one deep path, the defaults context, is shared on its own.
 * MUI X (@mui/x-data-grid, @mui/x-charts) is deliberately not here: only the admin remote imports
 * it, so it stays in the admin's own chunks (the charts in the Analytics tab's lazy chunk) and no
 * other build provides or downloads it; the theme reaches it through the shared Emotion context and
 * '@mui/system/DefaultPropsProvider' below.
 */
export const SHARED_SINGLETONS = [
  'react',
  'react-dom',
  'react-redux',
  '@reduxjs/toolkit',
  '@mui/material',
  // the context of the theme's component defaults (defaultProps): shared, so a component a remote
  // bundles itself (a facade leaves it out, or MUI X imports it by path) still gets the theme's
  // defaults from the shell's ThemeProvider
  '@mui/system/DefaultPropsProvider',
  // the facade's parts (facades/mui-material.js), @mui/material's version
  ...MUI_PARTS,
  '@emotion/react',
  '@emotion/styled',
  'notistack',
  'react-router',
  // forms: libs/ui's FormikTextField and a remote's <Formik> must share one Formik context
  'formik',
  '@dentalmarket/store',
  '@dentalmarket/ui',
  // its own shared module: formik comes with it, and only the pages with a form load it
  '@dentalmarket/ui/forms',
  '@dentalmarket/contracts',
];

/**
 * Shared packages whose shared module is a facade (facades/*.js) exporting only what the apps use:
 * a shared module is built with every export, since any remote might ask for any of them, so the
 * barrels themselves would ship whole. Each build resolves the bare package name to its facade; the
 * facade reaches the real package under another name (unsharedPackages).
 */
const FACADES = {
  '@mui/material': path.join(repoRoot, 'libs/mf-config/facades/mui-material.js'),
  'react-router': path.join(repoRoot, 'libs/mf-config/facades/react-router.js'),
  formik: path.join(repoRoot, 'libs/mf-config/facades/formik.js'),
  ...Object.fromEntries(MUI_PARTS.map((part) => [part, path.join(repoRoot, 'libs/mf-config/facades/mui-material', `${part.split('/').pop()}.js`)])),
};

/**
 * The real packages under names no shared key matches: a facade importing 'react-router' itself
 * would consume the shared 'react-router', which is the facade, and wait for itself forever.
 */
function unsharedPackages() {
  const resolve = (request) => require.resolve(request, { paths: [repoRoot] });
  return {
    '@dentalmarket/unshared/react-router$': resolve('react-router'),
    // the ES module build (package.json "module"), which webpack picks for 'formik' too
    '@dentalmarket/unshared/formik$': path.join(path.dirname(resolve('formik/package.json')), 'dist/formik.esm.js'),
    '@dentalmarket/unshared/mui-svg-icon$': path.join(path.dirname(resolve('@mui/material/SvgIcon')), 'index.mjs'),
  };
}

/**
 * The shell hands its federation runtime to the remotes (provideExternalRuntime): the enhanced plugin
 * adds the runtime plugin that does it by its CommonJS path, and that build requires the CommonJS
 * copy of the runtime, so the shell's main.js carried the runtime twice (its own ES module copy and
 * this one, ~200 KB before minifying), both parsed and evaluated before anything else could run.
 * Its ES module build imports the ES module runtime the shell already has: one copy, the same objects
 * (a remote's standalone page, federation-runtime.js, hands over that ES module runtime too).
 */
function externalRuntimeProvider() {
  const cjs = require.resolve('@module-federation/inject-external-runtime-core-plugin', { paths: [repoRoot] });
  return { [`${cjs}$`]: path.join(path.dirname(cjs), 'index.js') };
}

function installedVersion(name) {
  // a subpath ('@dentalmarket/ui/forms') has its package's version; a part of MUI's facade, MUI's
  const pkg = MUI_PARTS.includes(name) ? '@mui/material' : name.split('/').slice(0, name.startsWith('@') ? 2 : 1).join('/');
  return require(require.resolve(`${pkg}/package.json`, { paths: [repoRoot] })).version;
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

/** How every build resolves: TypeScript sources, the facades of the shared packages (`aliases` replace some). */
function resolveOptions(aliases = {}) {
  return {
    extensions: ['.tsx', '.ts', '.js', '.mjs'],
    extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
    alias: {
      ...Object.fromEntries(Object.entries(FACADES).map(([pkg, file]) => [`${pkg}$`, file])),
      '@mui/material/SvgIcon$': path.join(repoRoot, 'libs/mf-config/mui-svg-icon.js'),
      ...unsharedPackages(),
      ...externalRuntimeProvider(),
      ...aliases,
    },
  };
}

/** TypeScript through SWC, images as files (`assetGenerator`: e.g. not emitted again by the server build). */
function moduleOptions(development, assetGenerator) {
  return {
    // a name a facade does not export is a build error, not an undefined component at run time
    parser: { javascript: { exportsPresence: 'error' } },
    rules: [
      { test: /\.[cm]?tsx?$/, exclude: /node_modules/, use: { loader: 'swc-loader', options: swcOptions(development) } },
      { test: /\.(png|svg|jpe?g|gif|webp)$/i, type: 'asset/resource', ...(assetGenerator ? { generator: assetGenerator } : {}) },
    ],
  };
}

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
          shared: sharedSingletons(),
          // a shared module no one has loaded yet (formik, the first time a form opens) is taken from
          // the providers already registered, never by starting every remote first: with the default
          // 'version-first', opening checkout would fetch the storefront's remote too, and a storefront
          // that is down would take checkout with it. Every build has the same versions (one lockfile).
          shareStrategy: 'loaded-first',
          manifest: true,
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

/** Where a build's server bundle goes, inside its dist (so it is deployed, and served, beside the browser's). */
export const SERVER_DIR = 'server';

/**
 * The server bundle (issue 20): the same sources built for Node (target async-node) with the same
 * shared singletons, into dist/server beside the browser build. A remote's is a `commonjs-module`
 * container (remoteEntry.js) whose chunks the Node federation runtime plugin fetches over HTTP from
 * wherever the remote is deployed, so the API loads it from the remote's configured URL like the
 * browser does; the shell's is a CommonJS entry (ssr.js, src/server/index.ts) the API requires and
 * which provides the shared modules the remotes' containers consume. Not minified: it is never
 * downloaded by a browser, and its stack traces stay readable.
 */
function serverConfig({ name, dirname, exposes, isHost, outputPath }) {
  return {
    name: `${name}-server`,
    // after the browser build, which cleans dist
    dependencies: [name],
    mode: 'production',
    target: 'async-node',
    context: dirname,
    entry: isHost ? { ssr: './src/server/index.ts' } : {},
    devtool: false,
    output: {
      path: path.join(outputPath, SERVER_DIR),
      publicPath: 'auto',
      filename: '[name].js',
      chunkFilename: '[name].[contenthash:10].js',
      uniqueName: `dentalmarket_${name}_server`,
      library: isHost ? { type: 'commonjs2' } : undefined,
      clean: true,
    },
    // the server's router (StaticRouter) is only in the server's shared react-router
    resolve: resolveOptions({ 'react-router$': path.join(repoRoot, 'libs/mf-config/facades/react-router.server.js') }),
    // an image imported by a component is the browser build's file: the same name, never emitted twice
    module: moduleOptions(false, { emit: false }),
    optimization: { minimize: false },
    performance: { hints: false },
    plugins: [
      new ModuleFederationPlugin({
        name,
        filename: 'remoteEntry.js',
        exposes: isHost ? undefined : exposes,
        shared: sharedSingletons(),
        shareStrategy: 'loaded-first',
        runtimePlugins: [require.resolve('@module-federation/node/runtimePlugin')],
        remoteType: 'script',
        library: { type: 'commonjs-module', name },
        manifest: !isHost,
        dts: false,
      }),
      new CommonJsFolder(),
    ],
    stats: 'errors-warnings',
  };
}

/** The server bundle is CommonJS in packages that say "type": "module": its folder says otherwise. */
class CommonJsFolder {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('CommonJsFolder', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'CommonJsFolder', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
        compilation.emitAsset('package.json', new compiler.webpack.sources.RawSource('{ "type": "commonjs" }\n'));
      });
    });
  }
}

const FEDERATION_RUNTIME_FILE = 'federation-runtime.js';

/**
 * The federation runtime alone, for a remote's standalone page (federation-runtime.js), written
 * into the remote's dist after the remote's own build (which cleans dist first).
 */
function federationRuntimeConfig(remote, dirname, outputPath) {
  return {
    name: `${remote}-federation-runtime`,
    dependencies: [remote],
    mode: 'production',
    context: dirname,
    entry: { [FEDERATION_RUNTIME_FILE.replace(/\.js$/, '')]: path.join(repoRoot, 'libs/mf-config/federation-runtime.js') },
    devtool: false,
    output: { path: outputPath, filename: '[name].js', clean: false },
    resolve: { extensions: ['.js', '.mjs'] },
    optimization: { minimizer: minimizer() },
    performance: { hints: false },
    plugins: precompress(),
    stats: 'errors-warnings',
  };
}

/**
 * The shell's page names the scripts its start needs (<link rel="preload">): the bootstrap chunk and,
 * for every shared module it consumes (and they consume in turn), the chunks of the shell's provided
 * copy, which is the copy a page loads (every build has the same versions; 'loaded-first'). Read from
 * the chunk graph: a provide-module's async block is its package. Without the links the browser
 * learns of these scripts only once main.js has run. Lazy routes (import() in the app) are not followed.
 */
class PreloadStartupScripts {
  apply(compiler) {
    compiler.hooks.compilation.tap('PreloadStartupScripts', (compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap('PreloadStartupScripts', (data) => {
        const { chunkGraph } = compilation;
        const entry = compilation.entrypoints.get('main');
        const entryModules = (entry?.chunks ?? []).flatMap((chunk) => [...chunkGraph.getChunkModulesIterable(chunk)]);
        // share key -> the shell's provide-module of it
        const provided = new Map(entryModules.filter((m) => m.type === 'provide-module').map((m) => [m._name, m]));
        const files = new Set();
        const seenGroups = new Set(entry ? [entry] : []);
        const followBlocks = (module) => {
          for (const block of module.blocks) {
            const group = chunkGraph.getBlockChunkGroup(block);
            if (group && !seenGroups.has(group)) visitGroup(group);
          }
        };
        const visitGroup = (group) => {
          seenGroups.add(group);
          for (const chunk of group.chunks) {
            for (const file of chunk.files) if (file.endsWith('.js')) files.add(file);
            for (const module of chunkGraph.getChunkModulesIterable(chunk)) {
              if (module.type !== 'consume-shared-module') continue;
              const provider = provided.get(module.options.shareKey);
              followBlocks(provider ?? module); // no provider of our own: the fallback is what loads
            }
          }
        };
        // index.ts's one import() is the bootstrap
        for (const module of entryModules) if (module.type !== 'provide-module') followBlocks(module);
        const publicPath = typeof compilation.outputOptions.publicPath === 'string' ? compilation.outputOptions.publicPath : '/';
        for (const file of [...files].sort()) {
          data.headTags.push({ tagName: 'link', voidTag: true, meta: { plugin: 'PreloadStartupScripts' }, attributes: { rel: 'preload', as: 'script', href: `${publicPath}${file}` } });
        }
        return data;
      });
    });
  }
}

/** Production JavaScript is minified by SWC, in the apps' builds and in the runtime's alike. */
const minimizer = () => [new MinimizerPlugin({ minify: MinimizerPlugin.swcMinify })];

const COMPRESSIBLE = /\.(js|css|html|json|svg|txt)$/;

function precompress() {
  return [
    new CompressionPlugin({ test: COMPRESSIBLE, filename: '[path][base].gz', algorithm: 'gzip', compressionOptions: { level: 9 }, threshold: 0, minRatio: 1 }),
    new CompressionPlugin({
      test: COMPRESSIBLE,
      filename: '[path][base].br',
      algorithm: 'brotliCompress',
      compressionOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } },
      // even the few hundred bytes of a facade's chunk: every script a browser fetches arrives compressed
      threshold: 0,
      minRatio: 1,
    }),
  ];
}

export const appVersion = rootManifest.version;
