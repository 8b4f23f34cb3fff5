// The versions of the shared modules whose code is ours (issue 33; docs/deploy-a-remote.md, "Versions").
//
// shared-versions.json records, for each of them, its version, a hash of its content and the version
// each of its names first appeared in. Every production build checks the hashes: a module whose
// content changed without a new version fails the build (run `npm run shared-versions`, which gives
// it one: a removed name is a new major, an added name a new minor, anything else a new patch). Each
// build then asks, per module, for the lowest version holding every name it imports: a remote built
// later can use an older shell's copy exactly when that copy has all it needs.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ALL, installedVersion, moduleFiles, packageOf, referencesOf, walkFiles } from './sources.js';

/**
 * A shared module of ours: its ledger key, the shared name builds know it by, its entry file, and
 * whether it must be one copy per page. `duplicable` ones (stateless components, pure helpers) may
 * come from a remote's own copy when the page's copy is too old; the others hold state or context
 * (the store and its api slice, the theme, the router, Formik's context, the settings) and never do.
 */
export function ownModules(repoRoot) {
  const facade = (file) => path.join(repoRoot, 'libs/mf-config/facades', file);
  const part = (name, duplicable) => ({ key: `@dentalmarket/mui-parts/${name}`, entry: facade(`mui-material/${name}.js`), duplicable, facadeOf: '@mui/material' });
  const modules = [
    { key: '@dentalmarket/store', entry: path.join(repoRoot, 'libs/store/src/index.ts'), duplicable: false },
    { key: '@dentalmarket/ui', entry: path.join(repoRoot, 'libs/ui/src/index.ts'), duplicable: false },
    { key: '@dentalmarket/ui/forms', entry: path.join(repoRoot, 'libs/ui/src/forms.ts'), duplicable: true },
    { key: '@dentalmarket/contracts', entry: path.join(repoRoot, 'libs/contracts/src/index.ts'), duplicable: true },
    { key: '@mui/material', entry: facade('mui-material.js'), duplicable: true, facadeOf: '@mui/material' },
    part('theme', false),
    part('layout', true),
    part('base', true),
    part('overlays', true),
    part('fields', true),
    { key: 'react-router', entry: facade('react-router.js'), duplicable: false, facadeOf: 'react-router' },
    // what the server bundles resolve 'react-router' to (server.js)
    { key: 'react-router (server)', name: 'react-router', entry: facade('react-router.server.js'), duplicable: false, facadeOf: 'react-router', server: true },
    { key: 'formik', entry: facade('formik.js'), duplicable: false, facadeOf: 'formik' },
  ];
  return modules.map((module) => ({ name: module.key, ...module }));
}

/** The module of ours a build resolves a shared name to (the server bundles have their own react-router). */
export function moduleFor(modules, name, server = false) {
  return modules.find((m) => m.name === name && Boolean(m.server) === (server && m.name === 'react-router'));
}

/** The real package behind each '@dentalmarket/unshared/*' name (shared.js unsharedPackages). */
const UNSHARED = { 'react-router': 'react-router', formik: 'formik', 'mui-svg-icon': '@mui/material' };

export const LEDGER_FILE = 'libs/mf-config/shared-versions.json';

export function readLedger(repoRoot) {
  return JSON.parse(fs.readFileSync(path.join(repoRoot, LEDGER_FILE), 'utf8'));
}

export function writeLedger(repoRoot, ledger) {
  fs.writeFileSync(path.join(repoRoot, LEDGER_FILE), `${JSON.stringify(ledger, null, 2)}\n`);
}

/**
 * What a module is made of: its files' text, the installed version of every package it bundles, and
 * the content of the modules of ours it re-exports (the MUI facade is its parts' names). Shared
 * packages it merely imports (React, the store) are not: they come from the page at run time.
 */
export function contentOf(module, modules, repoRoot, sharedNames, memo = new Map()) {
  if (memo.has(module.key)) return memo.get(module.key);
  const hash = createHash('sha256');
  const packages = {};
  for (const file of moduleFiles(module.entry)) {
    const { text, references } = referencesOf(file);
    hash.update(`${path.relative(repoRoot, file).split(path.sep).join('/')}\n${text}\n`);
    for (const { specifier, reexport } of references) {
      if (specifier.startsWith('.')) continue;
      if (specifier.startsWith('@dentalmarket/unshared/')) {
        const pkg = UNSHARED[specifier.slice('@dentalmarket/unshared/'.length)];
        packages[pkg] = installedVersion(pkg, repoRoot);
        continue;
      }
      const own = modules.find((m) => m.name === specifier && !m.server);
      if (own) {
        if (reexport) hash.update(`${own.key}:${contentOf(own, modules, repoRoot, sharedNames, memo).hash}\n`);
        continue;
      }
      if (sharedNames.includes(specifier) || specifier.startsWith('@dentalmarket/')) continue;
      const pkg = packageOf(specifier);
      packages[pkg] = installedVersion(pkg, repoRoot);
    }
  }
  for (const [pkg, version] of Object.entries(packages).sort()) hash.update(`${pkg}@${version}\n`);
  const result = { hash: hash.digest('hex').slice(0, 16), packages: Object.fromEntries(Object.entries(packages).sort()) };
  memo.set(module.key, result);
  return result;
}

/** The modules whose content no longer matches the ledger: each needs a new version. */
export function staleModules(repoRoot, sharedNames) {
  const ledger = readLedger(repoRoot);
  const modules = ownModules(repoRoot);
  const memo = new Map();
  return modules.filter((module) => ledger[module.key]?.content !== contentOf(module, modules, repoRoot, sharedNames, memo).hash).map((m) => m.key);
}

const parse = (version) => version.split('.').map(Number);
const compare = (a, b) => {
  const [x, y] = [parse(a), parse(b)];
  return x[0] - y[0] || x[1] - y[1] || x[2] - y[2];
};

/**
 * Which names a build imports from each shared module, over the files it bundles: its own sources
 * (tests aside) and the copies of our shared modules it carries as fallbacks. `server` builds
 * resolve 'react-router' to the server facade.
 */
export function importedNames(appDir, repoRoot, sharedNames, server = false) {
  const modules = ownModules(repoRoot);
  const names = new Map();
  // a shared module of ours the build imports is also a copy it carries: its own imports count too
  walkFiles(sourceFiles(path.join(appDir, 'src')), (references) => {
    const carried = [];
    for (const { specifier, names: taken } of references) {
      if (!sharedNames.includes(specifier)) continue;
      const set = names.get(specifier) ?? new Set();
      for (const name of taken) set.add(name);
      names.set(specifier, set);
      const own = moduleFor(modules, specifier, server);
      if (own) carried.push(own.entry);
    }
    return carried;
  });
  return names;
}

function sourceFiles(dir) {
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(ts|tsx|js|mjs)$/.test(entry.name) && !entry.name.endsWith('.d.ts'))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}

/**
 * The lowest version of a module holding every name in `names` (its current major): what a build
 * that imports those names asks for. Names the ledger does not list are types (erased at build time).
 */
export function lowestVersionFor(entry, names) {
  const introduced = names.has(ALL) ? Object.values(entry.exports) : [...names].map((name) => entry.exports[name]).filter(Boolean);
  const [major] = parse(entry.version);
  return introduced.reduce((lowest, version) => (compare(version, lowest) > 0 ? version : lowest), `${major}.0.0`);
}

export { compare as compareVersions };
