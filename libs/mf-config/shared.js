// Which packages every build shares, as what, and how their names resolve (the facades).
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
/** The repository root (libs/mf-config → two levels up). */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
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
export const FACADES = {
  '@mui/material': path.join(repoRoot, 'libs/mf-config/facades/mui-material.js'),
  'react-router': path.join(repoRoot, 'libs/mf-config/facades/react-router.js'),
  formik: path.join(repoRoot, 'libs/mf-config/facades/formik.js'),
  ...Object.fromEntries(MUI_PARTS.map((part) => [part, path.join(repoRoot, 'libs/mf-config/facades/mui-material', `${part.split('/').pop()}.js`)])),
};

/**
 * The real packages under names no shared key matches: a facade importing 'react-router' itself
 * would consume the shared 'react-router', which is the facade, and wait for itself forever.
 */
export function unsharedPackages() {
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
export function externalRuntimeProvider() {
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

export const appVersion = rootManifest.version;
