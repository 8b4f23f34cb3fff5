// What the browser and the server builds share: SWC for TypeScript, how names resolve, the loaders,
// the minifier and the precompressed twins of every text asset.
import path from 'node:path';
import zlib from 'node:zlib';
import CompressionPlugin from 'compression-webpack-plugin';
import MinimizerPlugin from 'minimizer-webpack-plugin';
import { externalRuntimeProvider, FACADES, repoRoot, unsharedPackages } from './shared.js';

const swcOptions = (development) => ({
  jsc: {
    parser: { syntax: 'typescript', tsx: true },
    transform: { react: { runtime: 'automatic', development } },
    target: 'es2022',
  },
});

/** How every build resolves: TypeScript sources, the facades of the shared packages (`aliases` replace some). */
export function resolveOptions(aliases = {}) {
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
export function moduleOptions(development, assetGenerator) {
  return {
    // a name a facade does not export is a build error, not an undefined component at run time
    parser: { javascript: { exportsPresence: 'error' } },
    rules: [
      { test: /\.[cm]?tsx?$/, exclude: /node_modules/, use: { loader: 'swc-loader', options: swcOptions(development) } },
      { test: /\.(png|svg|jpe?g|gif|webp)$/i, type: 'asset/resource', ...(assetGenerator ? { generator: assetGenerator } : {}) },
    ],
  };
}

/** Production JavaScript is minified by SWC, in the apps' builds and in the runtime's alike. */
export const minimizer = () => [new MinimizerPlugin({ minify: MinimizerPlugin.swcMinify })];

const COMPRESSIBLE = /\.(js|css|html|json|svg|txt)$/;

export function precompress() {
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

