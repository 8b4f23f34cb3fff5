/**
 * Module hooks for the backend specs (registered in-thread by ./register.mjs): TypeScript compiled by
 * SWC with the options the build's tsc and the unit suites' Jest use (legacy decorators with their
 * metadata, ES2022), `./x.js` imports resolved to the `./x.ts` beside them (NodeNext's convention), and
 * the workspace libraries read from their sources, as Jest's moduleNameMapper did.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { transformSync } from '@swc/core';

const repo = fileURLToPath(new URL('../../../', import.meta.url));
const libs = {
  '@dentalmarket/contracts': 'libs/contracts/src/index.ts',
  '@dentalmarket/api-client': 'libs/api-client/src/index.ts',
};

const swcOptions = {
  jsc: {
    parser: { syntax: 'typescript', decorators: true },
    transform: { legacyDecorator: true, decoratorMetadata: true },
    target: 'es2022',
  },
  module: { type: 'es6' },
  // inline, read by --enable-source-maps: a failure's stack names the .ts line
  sourceMaps: 'inline',
};

/** @type {import('node:module').ResolveHookSync} */
export function resolve(specifier, context, nextResolve) {
  if (specifier in libs) return { url: pathToFileURL(path.join(repo, libs[specifier])).href, format: 'module', shortCircuit: true };
  const sub = /^@dentalmarket\/contracts\/([a-z-]+)$/.exec(specifier);
  if (sub) return { url: pathToFileURL(path.join(repo, `libs/contracts/src/${sub[1]}.ts`)).href, format: 'module', shortCircuit: true };
  if (specifier.endsWith('.js') && (specifier.startsWith('./') || specifier.startsWith('../')) && context.parentURL?.endsWith('.ts')) {
    const ts = new URL(`${specifier.slice(0, -3)}.ts`, context.parentURL);
    if (fs.existsSync(ts)) return { url: ts.href, format: 'module', shortCircuit: true };
  }
  return nextResolve(specifier, context);
}

/** @type {import('node:module').LoadHookSync} */
export function load(url, context, nextLoad) {
  if (url.startsWith('file:') && url.endsWith('.ts') && !url.includes('/node_modules/')) {
    const filename = fileURLToPath(url);
    const { code } = transformSync(fs.readFileSync(filename, 'utf8'), { ...swcOptions, filename });
    return { format: 'module', source: code, shortCircuit: true };
  }
  return nextLoad(url, context);
}
