// What a shared module of ours is made of, and which names a build imports from each shared module:
// both read from the sources' syntax (SWC's parser, the builds' own: fast enough for every build).
import { createRequire } from 'node:module';
import fs from 'node:fs';
import path from 'node:path';

const require = createRequire(import.meta.url);
const swc = require('@swc/core');

/** Every name of a module: `import * as`, `export * from`, `import()` and `require()` use them all. */
export const ALL = '*';

const SOURCE_EXTENSIONS = ['.ts', '.tsx', '.js', '.mjs'];
const TEST_FILE = /\.(spec|test)\.[cm]?[jt]sx?$/;

/** A relative specifier as the builds resolve it (extensionAlias: './x.js' is x.ts, x.tsx or x.js). */
export function resolveRelative(fromFile, specifier) {
  const base = path.resolve(path.dirname(fromFile), specifier);
  const stem = base.replace(/\.[cm]?js$/, '');
  const candidates = [base, ...SOURCE_EXTENSIONS.map((ext) => stem + ext), ...SOURCE_EXTENSIONS.map((ext) => path.join(base, `index${ext}`))];
  return candidates.find((file) => fs.existsSync(file) && fs.statSync(file).isFile()) ?? null;
}

/** Parsed files, until they change (a dev server's config, a test, are longer-lived than one build). */
const parsed = new Map();

/** A file's syntax tree (TypeScript, TSX or JavaScript by its extension). */
export function syntaxOf(file) {
  return parseFile(file).ast;
}

function parseFile(file) {
  const { mtimeMs, size } = fs.statSync(file);
  const cached = parsed.get(file);
  if (cached && cached.mtimeMs === mtimeMs && cached.size === size) return cached;
  const text = fs.readFileSync(file, 'utf8').replace(/\r\n/g, '\n');
  const typescript = /\.[cm]?tsx?$/.test(file);
  const ast = swc.parseSync(text, typescript ? { syntax: 'typescript', tsx: file.endsWith('x') } : { syntax: 'ecmascript', jsx: false });
  const result = { text, ast, references: referencesIn(ast), mtimeMs, size };
  parsed.set(file, result);
  return result;
}

/** Each module a syntax tree refers to, with the names taken from it (ALL: every one) and whether it re-exports them; types only are left out. */
function referencesIn(ast) {
  const references = [];
  const add = (specifier, names, reexport = false) => references.push({ specifier, names, reexport });
  for (const node of ast.body) {
    if (node.type === 'ImportDeclaration' && !node.typeOnly) {
      const names = [];
      for (const spec of node.specifiers) {
        if (spec.type === 'ImportDefaultSpecifier') names.push('default');
        else if (spec.type === 'ImportNamespaceSpecifier') names.push(ALL);
        else if (!spec.isTypeOnly) names.push((spec.imported ?? spec.local).value);
      }
      add(node.source.value, names); // no names: a side-effect import, the module runs
    } else if (node.type === 'ExportAllDeclaration' && !node.typeOnly) {
      add(node.source.value, [ALL], true);
    } else if (node.type === 'ExportNamedDeclaration' && node.source && !node.typeOnly) {
      const names = node.specifiers.filter((spec) => !spec.isTypeOnly).map((spec) => (spec.type === 'ExportSpecifier' ? spec.orig.value : ALL));
      add(node.source.value, names, true);
    }
  }
  // import('x') and require('x') anywhere in the file
  const visit = (value) => {
    if (!value || typeof value !== 'object') return;
    if (Array.isArray(value)) return value.forEach(visit);
    if (value.type === 'CallExpression' && value.arguments?.length === 1 && value.arguments[0].expression?.type === 'StringLiteral') {
      const callee = value.callee;
      if (callee.type === 'Import' || (callee.type === 'Identifier' && callee.value === 'require')) add(value.arguments[0].expression.value, [ALL]);
    }
    for (const key in value) if (key !== 'span') visit(value[key]);
  };
  visit(ast.body);
  return references;
}

/** A file's text (line endings normalised) and its module references. */
export function referencesOf(file) {
  const { text, references } = parseFile(file);
  return { text, references };
}

/**
 * The files reachable from `roots` through relative imports (tests and packages left out), sorted.
 * `onFile` sees each file's references and may name more files to walk (a shared module's entry).
 */
export function walkFiles(roots, onFile = () => []) {
  const seen = new Set();
  const walk = (file) => {
    if (seen.has(file) || TEST_FILE.test(file)) return;
    seen.add(file);
    const { references } = referencesOf(file);
    for (const next of onFile(references)) walk(next);
    for (const { specifier } of references) {
      if (!specifier.startsWith('.')) continue;
      const target = resolveRelative(file, specifier);
      if (target && !target.includes(`${path.sep}node_modules${path.sep}`)) walk(target);
    }
  };
  for (const root of roots) walk(root);
  return [...seen].sort();
}

/** The files a module's entry reaches through relative imports (tests excluded), sorted. */
export const moduleFiles = (entry) => walkFiles([entry]);

/** The package a bare specifier belongs to ('@mui/material/Tab' → '@mui/material'). */
export function packageOf(specifier) {
  const parts = specifier.split('/');
  return parts.slice(0, specifier.startsWith('@') ? 2 : 1).join('/');
}

const versions = new Map();

/** An installed package's version (one lockfile: one version each). */
export function installedVersion(pkg, root) {
  if (!versions.has(pkg)) versions.set(pkg, require(require.resolve(`${pkg}/package.json`, { paths: [root] })).version);
  return versions.get(pkg);
}
