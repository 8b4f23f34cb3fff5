// The names a shared module of ours exports at run time (types left out), read from the syntax:
// its entry's exports, following `export * from` and re-exports through our own files. Under
// isolatedModules a type crossing a module boundary is marked `type`, so a re-export from a package
// is a value; only our own files' declarations need telling apart (interfaces and type aliases are types).
import path from 'node:path';
import { moduleFor } from './ledger.js';
import { resolveRelative, syntaxOf } from './sources.js';

const VALUE = 'value';
const TYPE = 'type';

function declarationNames(declaration) {
  switch (declaration.type) {
    case 'VariableDeclaration':
      return declaration.declarations.flatMap((d) => patternNames(d.id)).map((name) => [name, VALUE]);
    case 'FunctionDeclaration':
    case 'ClassDeclaration':
      return [[declaration.identifier.value, VALUE]];
    case 'TsEnumDeclaration':
      return [[declaration.id.value, declaration.declare ? TYPE : VALUE]];
    case 'TsInterfaceDeclaration':
    case 'TsTypeAliasDeclaration':
      return [[declaration.id.value, TYPE]];
    default:
      return [];
  }
}

function patternNames(pattern) {
  if (pattern.type === 'Identifier') return [pattern.value];
  if (pattern.type === 'ObjectPattern') return pattern.properties.flatMap((p) => (p.type === 'RestElement' ? patternNames(p.argument) : p.value ? patternNames(p.value) : [p.key.value]));
  if (pattern.type === 'ArrayPattern') return pattern.elements.filter(Boolean).flatMap((e) => patternNames(e.type === 'RestElement' ? e.argument : e));
  if (pattern.type === 'AssignmentPattern') return patternNames(pattern.left);
  return [];
}

/**
 * A file's exports as name → 'value' | 'type'. `resolve` maps a bare specifier to one of our
 * module's entry files (an `export *` from a package cannot be listed: the facades name theirs).
 */
function fileExports(file, resolve, memo) {
  if (memo.has(file)) return memo.get(file);
  const exports = new Map();
  memo.set(file, exports); // a cycle sees what is known so far
  const body = syntaxOf(file).body;
  const target = (specifier) => {
    const resolved = specifier.startsWith('.') ? resolveRelative(file, specifier) : resolve(specifier);
    return resolved ? fileExports(resolved, resolve, memo) : null;
  };
  // what each local name is: declared here, or imported
  const locals = new Map();
  for (const node of body) {
    const declaration = node.type === 'ExportDeclaration' ? node.declaration : node;
    for (const [name, kind] of declarationNames(declaration)) locals.set(name, kind);
    if (node.type === 'ImportDeclaration') {
      for (const spec of node.specifiers) {
        const imported = spec.type === 'ImportSpecifier' ? (spec.imported ?? spec.local).value : 'default';
        const kind = node.typeOnly || spec.isTypeOnly ? TYPE : (target(node.source.value)?.get(imported) ?? VALUE);
        locals.set(spec.local.value, kind);
      }
    }
  }
  for (const node of body) {
    if (node.type === 'ExportDeclaration') for (const [name, kind] of declarationNames(node.declaration)) exports.set(name, kind);
    else if (node.type === 'ExportDefaultDeclaration' || node.type === 'ExportDefaultExpression') exports.set('default', VALUE);
    else if (node.type === 'ExportAllDeclaration' && !node.typeOnly) {
      const from = target(node.source.value);
      if (!from) throw new Error(`${file}: export * from '${node.source.value}' is not one of our modules: name the exports`);
      for (const [name, kind] of from) if (name !== 'default') exports.set(name, kind);
    } else if (node.type === 'ExportNamedDeclaration') {
      for (const spec of node.specifiers) {
        if (spec.type === 'ExportNamespaceSpecifier') {
          exports.set(spec.name.value, VALUE);
          continue;
        }
        const original = spec.orig.value;
        const name = (spec.exported ?? spec.orig).value;
        const kind = node.typeOnly || spec.isTypeOnly ? TYPE : node.source ? (target(node.source.value)?.get(original) ?? VALUE) : (locals.get(original) ?? VALUE);
        exports.set(name, kind);
      }
    }
  }
  return exports;
}

/** Every module's runtime names, sorted, by ledger key. */
export function exportLists(modules, repoRoot) {
  return Object.fromEntries(
    modules.map((module) => {
      const memo = new Map();
      const resolve = (specifier) => {
        const own = moduleFor(modules, specifier, Boolean(module.server));
        if (own) return own.entry;
        if (specifier.startsWith('@dentalmarket/') && !specifier.startsWith('@dentalmarket/unshared/')) throw new Error(`${path.relative(repoRoot, module.entry)}: unknown module ${specifier}`);
        return null;
      };
      const names = [...fileExports(module.entry, resolve, memo)].filter(([, kind]) => kind === VALUE).map(([name]) => name);
      return [module.key, names.sort()];
    }),
  );
}
