// The federation runtime alone, for a remote's standalone page.
import path from 'node:path';
import { minimizer, precompress } from './common.js';
import { repoRoot } from './shared.js';

export const FEDERATION_RUNTIME_FILE = 'federation-runtime.js';

/**
 * The federation runtime alone, for a remote's standalone page (federation-runtime.js), written
 * into the remote's dist after the remote's own build (which cleans dist first).
 */
export function federationRuntimeConfig(remote, dirname, outputPath) {
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

