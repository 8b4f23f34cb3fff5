/**
 * Module Federation shares '@mui/material' by its package name, through the facade
 * libs/mf-config/facades/mui-material.js and its parts (the components of a shopper's first pages). A component
 * the facade exports must be imported by the package name: a deep import such as
 * '@mui/material/Button' would not match the shared key and the remote making it would carry a
 * second Button. A component the facade leaves out (admin's Tooltip, Switch…) is imported by its
 * own path and bundled by the remote that uses it; the theme reaches it through Emotion's shared
 * context and the shared '@mui/system/DefaultPropsProvider' (the e2e suite proves both at run time).
 * @mui/system and @emotion/react are never imported by path.
 */
import fs from 'node:fs';
import path from 'node:path';

// jest runs in the shell workspace (npm test --workspace shell)
const repoRoot = path.resolve(process.cwd(), '..');
const FOLDERS = ['shell/src', 'storefront-mfe/src', 'checkout-mfe/src', 'admin-mfe/src', 'libs/ui/src', 'libs/store/src'];
const FACADE_PARTS = path.join(repoRoot, 'libs/mf-config/facades/mui-material');

/** The facade's exports, written in its parts (the facade itself re-exports each part whole). */
function facadeText(): string {
  return fs
    .readdirSync(FACADE_PARTS)
    .filter((file) => file.endsWith('.js'))
    .map((file) => fs.readFileSync(path.join(FACADE_PARTS, file), 'utf8'))
    .join('\n');
}

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.(ts|tsx)$/.test(entry.name) ? [full] : [];
  });
}

/** The component paths the facade exports ('Button', 'styles', 'useMediaQuery'…). */
function facadePaths(): Set<string> {
  const text = facadeText();
  return new Set([...text.matchAll(/from '@mui\/material\/([^']+)'/g)].map((match) => match[1]!));
}

const deepImports = () =>
  FOLDERS.flatMap((folder) => sources(path.join(repoRoot, folder))).flatMap((file) =>
    [...fs.readFileSync(file, 'utf8').matchAll(/from\s+['"]((@mui\/material|@mui\/system|@emotion\/react)\/([^'"]+))['"]/g)].map((match) => ({
      where: `${path.relative(repoRoot, file)}: ${match[1]}`,
      pkg: match[2]!,
      subpath: match[3]!,
    })),
  );

it('imports what the MUI facade shares by the package name, never by path', () => {
  const shared = facadePaths();
  expect(shared.has('Button')).toBe(true);
  expect(deepImports().filter((d) => d.pkg === '@mui/material' && shared.has(d.subpath)).map((d) => d.where)).toEqual([]);
});

it('never imports @mui/system or @emotion/react by path', () => {
  expect(deepImports().filter((d) => d.pkg !== '@mui/material').map((d) => d.where)).toEqual([]);
});

it('keeps the facade to the first pages: no component only checkout or admin uses', () => {
  const shared = facadePaths();
  const firstPages = ['shell/src', 'storefront-mfe/src', 'libs/ui/src', 'libs/store/src'];
  const used = new Set(
    firstPages.flatMap((folder) => sources(path.join(repoRoot, folder))).flatMap((file) =>
      [...fs.readFileSync(file, 'utf8').matchAll(/import\s+\{([^}]*)\}\s+from\s+'@mui\/material'/g)].flatMap((match) =>
        match[1]!.split(',').map((part) => part.trim().split(/\s+as\s+/)[0]!).filter((name) => name && !name.startsWith('type ')),
      ),
    ),
  );
  const components = [...facadeText().matchAll(/export \{ default as (\w+) \} from '@mui\/material\/\w+'/g)].map((m) => m[1]!);
  // SvgIcon stays for @mui/icons-material (libs/mf-config/mui-svg-icon.js)
  expect(components.filter((name) => !used.has(name) && name !== 'SvgIcon')).toEqual([]);
  expect(shared.size).toBeGreaterThan(0);
});

/**
 * A remote's `import { X } from '@mui/material'` is served by the shared facade at run time, so webpack
 * cannot check the name at build time (a consumed shared module's exports are unknown to it): a name
 * the facade lacks builds, then renders `undefined` (React error #130). Every such name is checked here.
 */
it('imports from @mui/material only the names the facade exports (others by their own path)', () => {
  const facade = facadeText();
  const exported = new Set(
    [...facade.matchAll(/export\s+\{([^}]*)\}\s+from/g)].flatMap((match) => match[1]!.split(',').map((part) => part.trim().split(/\s+as\s+/).pop()!).filter(Boolean)),
  );
  expect(exported.has('Button')).toBe(true);
  // specs run in Jest on the real package, not through the facade
  const built = FOLDERS.flatMap((folder) => sources(path.join(repoRoot, folder))).filter((file) => !/\.spec\.tsx?$/.test(file));
  const missing = built.flatMap((file) =>
    [...fs.readFileSync(file, 'utf8').matchAll(/import\s+(type\s+)?\{([^}]*)\}\s+from\s+'@mui\/material'/g)]
      .filter((match) => !match[1])
      .flatMap((match) => match[2]!.split(',').map((part) => part.trim()).filter((part) => part && !part.startsWith('type ')))
      .map((part) => part.split(/\s+as\s+/)[0]!)
      .filter((name) => !exported.has(name))
      .map((name) => `${path.relative(repoRoot, file)}: ${name}`),
  );
  expect(missing).toEqual([]);
});

it('re-exports every part of the facade from @mui/material, and only those', () => {
  const facade = fs.readFileSync(path.join(repoRoot, 'libs/mf-config/facades/mui-material.js'), 'utf8');
  const reexported = [...facade.matchAll(/^export \* from '@dentalmarket\/mui-parts\/(\w+)';$/gm)].map((match) => `${match[1]}.js`);
  expect(reexported.sort()).toEqual(fs.readdirSync(FACADE_PARTS).filter((file) => file.endsWith('.js')).sort());
});
