/**
 * Module Federation shares '@mui/material' by its package name: a deep import such as
 * '@mui/material/Box' does not match the shared key, so the remote that makes it bundles and runs
 * a second MUI whose theme defaults never apply (the e2e suite proves one copy at run time; this
 * keeps the source from drifting back). Icons are the one exception: @mui/icons-material is routed
 * to the shared barrel by libs/mf-config/mui-svg-icon.js.
 */
import fs from 'node:fs';
import path from 'node:path';

// jest runs in the shell workspace (npm test --workspace shell)
const repoRoot = path.resolve(process.cwd(), '..');
const FOLDERS = ['shell/src', 'storefront-mfe/src', 'checkout-mfe/src', 'admin-mfe/src', 'libs/ui/src', 'libs/store/src'];

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.(ts|tsx)$/.test(entry.name) ? [full] : [];
  });
}

it('imports MUI and Emotion only by their shared package names (no deep @mui/material/... paths)', () => {
  const deep = FOLDERS.flatMap((folder) => sources(path.join(repoRoot, folder)))
    .flatMap((file) =>
      [...fs.readFileSync(file, 'utf8').matchAll(/from\s+['"](@mui\/material\/[^'"]+|@mui\/system\/[^'"]+|@emotion\/react\/[^'"]+)['"]/g)].map(
        (match) => `${path.relative(repoRoot, file)}: ${match[1]}`,
      ),
    );
  expect(deep).toEqual([]);
});
