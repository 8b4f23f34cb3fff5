// The server bundle of each frontend (issue 20), beside its browser build.
import { createRequire } from 'node:module';
import path from 'node:path';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import { moduleOptions, resolveOptions } from './common.js';
import { CommonJsFolder } from './plugins/commonjs-folder.js';
import { repoRoot, sharedModules } from './shared.js';
import { withBuildInfo } from './build-info.js';

const require = createRequire(import.meta.url);

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
export function serverConfig({ name, dirname, exposes, isHost, outputPath }) {
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
        shared: sharedModules({ appDir: dirname, server: true }),
        shareStrategy: 'loaded-first',
        runtimePlugins: [require.resolve('@module-federation/node/runtimePlugin')],
        remoteType: 'script',
        library: { type: 'commonjs-module', name },
        manifest: isHost ? false : { additionalData: withBuildInfo },
        dts: false,
      }),
      new CommonJsFolder(),
    ],
    stats: 'errors-warnings',
  };
}

