import fs from 'node:fs';
import path from 'node:path';
import { Database } from '../../src/database/database.js';
import { defaultDataDir } from '../../src/platform/data-dir.js';
import { tempDir } from '../helpers.js';

const isRoot = process.getuid?.() === 0;
// CI runs as root; elsewhere PostgreSQL runs as the caller, who can always reach their own checkout
const asRoot = isRoot ? it : it.skip;

describe('the default DATA_DIR for root', () => {
  asRoot('a checkout in a 0700 directory: the data moves to a postgres-owned home, the directory stays private, the server starts there', async () => {
    const privateParent = tempDir('private-home');
    fs.chmodSync(privateParent, 0o700);
    const checkout = path.join(privateParent, 'dentalmarket');
    fs.mkdirSync(checkout);
    const home = path.join(tempDir('var-lib'), 'dentalmarket');

    const { dir, note } = defaultDataDir(checkout, { embedded: true, home });
    expect(path.dirname(dir)).toBe(home);
    expect(path.basename(dir)).toMatch(/^dentalmarket-[0-9a-f]{10}$/);
    expect(note).toContain(dir);
    expect(fs.statSync(privateParent).mode & 0o777).toBe(0o700);
    expect(fs.statSync(dir).mode & 0o777).toBe(0o700);
    // the same checkout always gets the same place
    expect(defaultDataDir(checkout, { embedded: true, home }).dir).toBe(dir);

    const database = await Database.open({ databaseUrl: undefined, dataDir: dir });
    try {
      expect(await database.dataSource.query('SELECT 1 AS one')).toEqual([{ one: 1 }]);
    } finally {
      await database.close();
    }
  });

  asRoot('a reachable checkout, or a database server, keeps <checkout>/data', () => {
    const open = tempDir('open-checkout');
    expect(defaultDataDir(open, { embedded: true, home: '/nonexistent' })).toEqual({ dir: path.join(open, 'data') });
    const privateParent = tempDir('private-server');
    fs.chmodSync(privateParent, 0o700);
    expect(defaultDataDir(privateParent, { embedded: false, home: '/nonexistent' })).toEqual({ dir: path.join(privateParent, 'data') });
  });
});
