// The versions of our shared modules (issue 33): the ledger is current, a change gets the version its
// kind calls for, and a build asks for exactly the lowest version holding the names it imports.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { repoRoot, SHARED_MODULES, sharedModules } from '../shared.js';
import { exportLists } from './exports.js';
import { contentOf, importedNames, lowestVersionFor, ownModules, readLedger, staleModules } from './ledger.js';
import { nextEntry } from './next.js';
import { ALL } from './sources.js';

const scratch = () => fs.mkdtempSync(path.join(os.tmpdir(), 'dm-versions-'));
const write = (dir, file, text) => {
  fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
  fs.writeFileSync(path.join(dir, file), text);
};

describe('the ledger of shared-module versions', () => {
  it('records the content and the runtime names of every module as they are now', () => {
    const ledger = readLedger(repoRoot);
    const modules = ownModules(repoRoot);
    const lists = exportLists(modules, repoRoot);
    const memo = new Map();
    for (const module of modules) {
      assert.equal(ledger[module.key]?.content, contentOf(module, modules, repoRoot, SHARED_MODULES, memo).hash, `${module.key}: run npm run shared-versions`);
      assert.deepEqual(Object.keys(ledger[module.key].exports).sort(), lists[module.key], module.key);
    }
  });

  it('lists values, not types: the store exports its api, the contracts their helpers but no interface', () => {
    const lists = exportLists(ownModules(repoRoot), repoRoot);
    assert.ok(lists['@dentalmarket/store'].includes('api'));
    assert.ok(lists['@dentalmarket/contracts'].includes('formatCount'));
    assert.ok(!lists['@dentalmarket/contracts'].includes('Product'), 'an interface is no runtime name');
    assert.ok(!lists['@dentalmarket/contracts'].includes('RemotesManifest'));
    // the MUI facade is its parts' names
    assert.ok(lists['@mui/material'].includes('TextField') && lists['@mui/material'].includes('ThemeProvider'));
    assert.ok(lists['react-router (server)'].includes('StaticRouter') && !lists['react-router'].includes('StaticRouter'));
  });

  it('finds a module whose file changed without a new version, and no other', () => {
    const root = scratch();
    try {
      fs.cpSync(path.join(repoRoot, 'libs'), path.join(root, 'libs'), { recursive: true, filter: (src) => !src.includes('node_modules') && !src.includes(`${path.sep}dist`) });
      fs.symlinkSync(path.join(repoRoot, 'node_modules'), path.join(root, 'node_modules'));
      fs.copyFileSync(path.join(repoRoot, 'package.json'), path.join(root, 'package.json'));
      assert.deepEqual(staleModules(root, SHARED_MODULES), []);
      fs.appendFileSync(path.join(root, 'libs/contracts/src/count.ts'), '\nexport const extra = 1;\n');
      assert.deepEqual(staleModules(root, SHARED_MODULES), ['@dentalmarket/contracts']);
      // a facade's part gaining a component changes the facade made of the parts too
      fs.appendFileSync(path.join(root, 'libs/mf-config/facades/mui-material/fields.js'), "export { default as Rating } from '@mui/material/Rating';\n");
      assert.deepEqual(staleModules(root, SHARED_MODULES), ['@dentalmarket/contracts', '@mui/material', '@dentalmarket/mui-parts/fields']);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('the next version', () => {
  const module = { key: '@dentalmarket/contracts' };
  const previous = { version: '1.2.3', content: 'a', packages: {}, exports: { formatUsd: '1.0.0', formatCount: '1.2.0' } };
  const content = { hash: 'b', packages: {} };

  it('is a patch when only the content changed', () => {
    const { entry } = nextEntry(module, previous, content, ['formatCount', 'formatUsd'], repoRoot);
    assert.equal(entry.version, '1.2.4');
    assert.deepEqual(entry.exports, previous.exports);
  });

  it('is a minor when a name was added, and the new name remembers it', () => {
    const { entry } = nextEntry(module, previous, content, ['addDays', 'formatCount', 'formatUsd'], repoRoot);
    assert.equal(entry.version, '1.3.0');
    assert.deepEqual(entry.exports, { addDays: '1.3.0', formatCount: '1.2.0', formatUsd: '1.0.0' });
  });

  it('is a major when a name was removed, or when asked (a changed signature)', () => {
    assert.equal(nextEntry(module, previous, content, ['formatUsd'], repoRoot).entry.version, '2.0.0');
    const forced = nextEntry(module, previous, content, ['formatCount', 'formatUsd'], repoRoot, true).entry;
    assert.equal(forced.version, '2.0.0');
    assert.deepEqual(forced.exports, { formatCount: '2.0.0', formatUsd: '2.0.0' });
  });

  it('follows the major of the package a facade stands for', () => {
    const facade = { key: 'formik', facadeOf: 'formik' };
    const old = { version: '1.4.0', content: 'a', packages: { formik: '1.9.0' }, exports: { Formik: '1.0.0' } };
    const { entry } = nextEntry(facade, old, { hash: 'b', packages: { formik: '2.4.9' } }, ['Formik'], repoRoot);
    assert.equal(entry.version, '2.0.0');
  });
});

describe('what a build asks for', () => {
  const entry = { version: '1.4.2', exports: { formatUsd: '1.0.0', formatCount: '1.2.0', addDays: '1.4.0' } };

  it('asks for the lowest version holding every name it imports; types are not names', () => {
    assert.equal(lowestVersionFor(entry, new Set(['formatUsd'])), '1.0.0');
    assert.equal(lowestVersionFor(entry, new Set(['formatUsd', 'formatCount', 'Product'])), '1.2.0');
    assert.equal(lowestVersionFor(entry, new Set([ALL])), '1.4.0');
    assert.equal(lowestVersionFor(entry, new Set()), '1.0.0');
  });

  it('reads the names from its sources and from the copies of our modules it carries, tests and types aside', () => {
    const app = scratch();
    try {
      write(app, 'src/index.ts', "import('./bootstrap.js');\n");
      write(app, 'src/bootstrap.tsx', "import { formatUsd, type Product } from '@dentalmarket/contracts';\nimport type { Order } from '@dentalmarket/contracts';\nimport * as store from '@dentalmarket/store';\nexport { Box as Frame } from '@mui/material';\nimport './side.js';\n");
      write(app, 'src/side.ts', "export const lazy = () => import('react-router');\n");
      write(app, 'src/bootstrap.spec.tsx', "import { useSnackbar } from 'notistack';\n");
      const names = importedNames(app, repoRoot, SHARED_MODULES);
      assert.ok(names.get('@dentalmarket/contracts').has('formatUsd'));
      assert.ok(!names.get('@dentalmarket/contracts').has('Product') && !names.get('@dentalmarket/contracts').has('Order'));
      assert.ok(!names.has('notistack'), 'a test file is not part of the build');
      assert.deepEqual([...names.get('@dentalmarket/store')], [ALL]);
      assert.ok(names.get('@mui/material').has('Box'));
      assert.ok(names.get('react-router').has(ALL));
      // the store's own copy, carried as a fallback, imports from the contracts too
      assert.ok(names.get('@dentalmarket/contracts').size > 1);
      assert.ok(names.get('@reduxjs/toolkit'));
    } finally {
      fs.rmSync(app, { recursive: true, force: true });
    }
  });

  it('gives singletons a strict requirement and lets duplicable modules fall back to their own copy', () => {
    const shared = sharedModules({ appDir: path.join(repoRoot, 'storefront-mfe') });
    const ledger = readLedger(repoRoot);
    assert.deepEqual(shared['@dentalmarket/store'], { singleton: true, strictVersion: true, version: ledger['@dentalmarket/store'].version, requiredVersion: shared['@dentalmarket/store'].requiredVersion });
    assert.equal(shared['@dentalmarket/contracts'].singleton, false);
    assert.equal(shared['@dentalmarket/mui-parts/fields'].singleton, false);
    assert.equal(shared['@dentalmarket/mui-parts/theme'].singleton, true);
    assert.equal(shared.react.singleton, true);
    assert.match(shared.react.requiredVersion, /^\^\d+\.0\.0$/);
  });
});
