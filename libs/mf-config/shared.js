// Which packages every build shares, as what, at which versions, and how their names resolve (the facades).
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { importedNames, LEDGER_FILE, lowestVersionFor, moduleFor, ownModules, readLedger, staleModules } from './versions/ledger.js';
import { installedVersion, packageOf } from './versions/sources.js';

const require = createRequire(import.meta.url);
/** The repository root (libs/mf-config → two levels up). */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const rootManifest = require(path.join(repoRoot, 'package.json'));

/** The shared parts the '@mui/material' facade is made of (facades/mui-material/*.js), in the order a page evaluates them. */
export const MUI_PARTS = ['@dentalmarket/mui-parts/theme', '@dentalmarket/mui-parts/layout', '@dentalmarket/mui-parts/base', '@dentalmarket/mui-parts/overlays', '@dentalmarket/mui-parts/fields'];

/**
 * Packages every build shares (docs/architecture.md, Frontend conventions). Most are singletons: one
 * copy per page. Of ours, the stateless ones may also come from a remote's own copy (versions/ledger.js). MUI components are not shared one path at
 * a time (each would carry its own internals: that made things worse); the '@mui/material' facade
 * shares the first pages' components, and one deep path, the defaults context, is shared on its own.
 * MUI X (@mui/x-data-grid, @mui/x-charts) is deliberately not here: only the admin remote imports
 * it, so it stays in the admin's own chunks (the charts in the Analytics tab's lazy chunk) and no
 * other build provides or downloads it; the theme reaches it through the shared Emotion context and
 * '@mui/system/DefaultPropsProvider' below.
 */
export const SHARED_MODULES = [
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

/**
 * The `shared` option of a build (issue 33; docs/deploy-a-remote.md, "Versions"). Our modules (the
 * libraries, the facades and their parts) have the ledger's version, and the build asks for the
 * lowest version holding every name it imports; strict, so a singleton the page cannot satisfy
 * refuses to load the remote instead of handing it an older copy, while a duplicable module
 * falls back to the remote's own copy. Other packages have their installed version and ask for
 * their major.
 * @param {object} options
 * @param {string} options.appDir the app whose imports decide what it asks for
 * @param {boolean} [options.server] the server bundle (its own react-router facade)
 * @param {boolean} [options.development] a dev server: a stale ledger is a warning, not an error
 */
export function sharedModules({ appDir, server = false, development = false }) {
  const stale = staleModules(repoRoot, SHARED_MODULES);
  if (stale.length) {
    const message = `Shared modules changed without a new version: ${stale.join(', ')}. Run 'npm run shared-versions' to give them one (${LEDGER_FILE}; docs/deploy-a-remote.md, "Versions").`;
    if (!development) throw new Error(message);
    console.warn(message);
  }
  const ledger = readLedger(repoRoot);
  const modules = ownModules(repoRoot);
  const names = importedNames(appDir, repoRoot, SHARED_MODULES, server);
  return Object.fromEntries(
    SHARED_MODULES.map((name) => {
      const own = moduleFor(modules, name, server);
      if (own) {
        const entry = ledger[own.key];
        const requiredVersion = `^${lowestVersionFor(entry, names.get(name) ?? new Set())}`;
        return [name, { singleton: !own.duplicable, requiredVersion, version: entry.version, strictVersion: !own.duplicable }];
      }
      const version = installedVersion(packageOf(name), repoRoot);
      return [name, { singleton: true, requiredVersion: `^${version.split('.')[0]}.0.0`, version, strictVersion: true }];
    }),
  );
}

/** Which build this is, in its mf-manifest.json (metaData.buildInfo): BUILD_COMMIT, else git's HEAD. */
export function buildInfo() {
  let commit = process.env.BUILD_COMMIT;
  if (!commit) {
    try {
      commit = execFileSync('git', ['rev-parse', '--short=12', 'HEAD'], { cwd: repoRoot, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    } catch {
      commit = 'unknown'; // a copy without its history (an image's build context)
    }
  }
  return { commit, builtAt: new Date().toISOString() };
}

export const appVersion = rootManifest.version;
