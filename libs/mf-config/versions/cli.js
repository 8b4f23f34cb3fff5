#!/usr/bin/env node
// npm run shared-versions [-- --check] [-- --major <module>]
//
// Gives every shared module of ours whose content changed a new version in shared-versions.json
// (docs/deploy-a-remote.md, "Versions"): a name removed, or the package a facade stands for moving to a
// new major, is a new major; a name added, a new minor; anything else, a new patch. A changed
// signature cannot be read from the names: say so with `--major <module>`. `--check` changes nothing
// and fails when the ledger is not current (what `npm test` runs).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { SHARED_MODULES } from '../shared.js';
import { exportLists } from './exports.js';
import { contentOf, LEDGER_FILE, ownModules, readLedger, writeLedger } from './ledger.js';
import { nextEntry } from './next.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const { values } = parseArgs({ options: { check: { type: 'boolean' }, major: { type: 'string', multiple: true } } });
const forcedMajor = new Set(values.major ?? []);

const ledger = (() => {
  try {
    return readLedger(repoRoot);
  } catch {
    return {};
  }
})();
const modules = ownModules(repoRoot);
const lists = exportLists(modules, repoRoot);
const memo = new Map();
const next = {};
const problems = [];
for (const module of modules) {
  const content = contentOf(module, modules, repoRoot, SHARED_MODULES, memo);
  const previous = ledger[module.key];
  const exports = lists[module.key];
  const listed = previous && JSON.stringify(Object.keys(previous.exports).sort()) === JSON.stringify(exports);
  if (previous && previous.content === content.hash && listed && !forcedMajor.has(module.key)) {
    next[module.key] = previous;
    continue;
  }
  if (previous && previous.content === content.hash && !listed) problems.push(`${module.key}: the names listed are not the ones it exports`);
  const { change, entry } = nextEntry(module, previous, content, exports, repoRoot, forcedMajor.has(module.key));
  next[module.key] = entry;
  problems.push(`${module.key}: ${previous?.version ?? '-'} → ${entry.version}, ${change}`);
}

if (values.check) {
  if (problems.length) {
    console.error(`${LEDGER_FILE} is not current:\n  ${problems.join('\n  ')}\nRun 'npm run shared-versions'.`);
    process.exit(1);
  }
  console.log(`${LEDGER_FILE} is current (${modules.length} modules).`);
} else {
  writeLedger(repoRoot, next);
  console.log(problems.length ? problems.join('\n') : 'Every shared module already has its version.');
}
