import { parseBuildManifest, type BuildManifest } from './build-manifest.js';
import { liveShell, resolveRemote } from './live-resolution.js';

/** A build's mf-manifest.json as Module Federation writes it (the fields read here, and some that are not). */
function manifest(buildName: string, shared: Array<{ name: string; version: string; singleton: boolean; requiredVersion?: string | false }>, buildInfo: Record<string, string> = {}): BuildManifest {
  return parseBuildManifest({
    id: buildName,
    name: buildName,
    metaData: { name: buildName, type: 'app', buildInfo: { buildVersion: '0.1.0', buildName, ...buildInfo }, publicPath: '/' },
    shared: shared.map((module) => ({ id: `${buildName}:${module.name}`, assets: { js: { sync: [], async: [] } }, fallback: '', ...module })),
    remotes: [],
    exposes: [],
  });
}

const SHELL = manifest('@dentalmarket/shell', [
  { name: 'react', version: '19.3.1', singleton: true, requiredVersion: '^19.3.1' },
  { name: 'react-dom', version: '19.3.1', singleton: true, requiredVersion: '^19.3.1' },
  { name: 'date-fns', version: '4.1.0', singleton: false, requiredVersion: '^4.1.0' },
  { name: 'nanoid', version: '5.1.5', singleton: false, requiredVersion: '^5.0.0' },
]).shared;

const resolve = (shared: Parameters<typeof manifest>[1]) => resolveRemote('storefront', '/remotes/storefront/mf-manifest.json', SHELL, manifest('@dentalmarket/storefront-mfe', shared));

describe("a remote's shared modules, as a page with the shell loaded first gives them", () => {
  it("gives a singleton the shell's copy when it is in the remote's range", () => {
    const remote = resolve([{ name: 'react', version: '19.4.0', singleton: true, requiredVersion: '^19.0.0' }]);
    expect(remote).toMatchObject({ status: 'ok', unmet: [] });
    expect(remote.shared).toEqual([{ name: 'react', asked: '^19.0.0', own: '19.4.0', singleton: true, got: '19.3.1', source: 'shell' }]);
  });

  it("gives a singleton nothing when the shell's copy is out of range: the remote is unmet, and says what the shell has", () => {
    const remote = resolve([
      { name: 'react', version: '99.0.0', singleton: true, requiredVersion: '^99.0.0' },
      { name: 'react-dom', version: '19.3.1', singleton: true, requiredVersion: '^19.3.1' },
    ]);
    expect(remote.status).toBe('unmet');
    expect(remote.unmet).toEqual(['react ^99.0.0 (the shell has 19.3.1)']);
    expect(remote.shared[0]).toEqual({ name: 'react', asked: '^99.0.0', own: '99.0.0', singleton: true, got: null, source: 'unmet' });
    expect(remote.shared[1]).toMatchObject({ got: '19.3.1', source: 'shell' });
  });

  it("does not count a prerelease of the shell's as in range", () => {
    const shell = manifest('@dentalmarket/shell', [{ name: 'react', version: '20.0.0-rc.1', singleton: true, requiredVersion: '^20.0.0-rc.1' }]).shared;
    const remote = resolveRemote('checkout', '/remotes/checkout/mf-manifest.json', shell, manifest('checkout', [{ name: 'react', version: '19.3.1', singleton: true, requiredVersion: '^19.0.0' }]));
    expect(remote.unmet).toEqual(['react ^19.0.0 (the shell has 20.0.0-rc.1)']);
  });

  it("gives a module that is no singleton the shell's copy in range, else the remote's own", () => {
    const remote = resolve([
      { name: 'nanoid', version: '5.0.9', singleton: false, requiredVersion: '^5.0.0' },
      { name: 'date-fns', version: '3.6.0', singleton: false, requiredVersion: '^3.6.0' },
    ]);
    expect(remote).toMatchObject({ status: 'ok', unmet: [] });
    expect(remote.shared).toEqual([
      { name: 'nanoid', asked: '^5.0.0', own: '5.0.9', singleton: false, got: '5.1.5', source: 'shell' },
      { name: 'date-fns', asked: '^3.6.0', own: '3.6.0', singleton: false, got: '3.6.0', source: 'own' },
    ]);
  });

  it("gives a module the shell does not share the remote's own copy, singleton or not", () => {
    const remote = resolve([
      { name: 'formik', version: '2.4.9', singleton: true, requiredVersion: '^2.4.9' },
      { name: 'yup', version: '1.6.1', singleton: false, requiredVersion: '^1.6.1' },
    ]);
    expect(remote.status).toBe('ok');
    expect(remote.shared.map(({ name, got, source }) => ({ name, got, source }))).toEqual([
      { name: 'formik', got: '2.4.9', source: 'own' },
      { name: 'yup', got: '1.6.1', source: 'own' },
    ]);
  });

  it("asks '*' for a module with no required version (false or absent), and takes the shell's copy whatever it is", () => {
    const shell = manifest('@dentalmarket/shell', [{ name: 'react', version: '20.0.0-rc.1', singleton: true }]).shared;
    const remote = resolveRemote(
      'admin',
      'https://admin.example.com/mf-manifest.json',
      shell,
      manifest('admin', [
        { name: 'react', version: '19.3.1', singleton: true, requiredVersion: false },
        { name: 'lodash', version: '4.17.21', singleton: false },
      ]),
    );
    expect(remote.status).toBe('ok');
    expect(remote.shared).toEqual([
      { name: 'react', asked: '*', own: '19.3.1', singleton: true, got: '20.0.0-rc.1', source: 'shell' },
      { name: 'lodash', asked: '*', own: '4.17.21', singleton: false, got: '4.17.21', source: 'own' },
    ]);
  });
});

describe("a build's manifest", () => {
  it('gives its commit and build time when the build records them', () => {
    const built = manifest('@dentalmarket/shell', [], { commit: '3f9c2ab', builtAt: '2026-05-04T09:12:44.000Z' });
    expect(liveShell(built)).toEqual({ build: { commit: '3f9c2ab', builtAt: '2026-05-04T09:12:44.000Z', name: '@dentalmarket/shell' }, shared: [] });
  });

  it('gives its package version for the commit of an older build, and no build time', () => {
    expect(manifest('@dentalmarket/storefront-mfe', []).build).toEqual({ commit: '0.1.0', builtAt: '', name: '@dentalmarket/storefront-mfe' });
    expect(parseBuildManifest({ shared: [] }).build).toEqual({ commit: 'unknown', builtAt: '', name: 'unknown' });
  });

  it('is refused when it is no federation manifest', () => {
    expect(() => parseBuildManifest({ name: 'storefront' })).toThrow('not a Module Federation manifest (no "shared" list)');
    expect(() => parseBuildManifest([])).toThrow('not a Module Federation manifest');
  });

  it("lists the shell's shared modules by name, version and singleton", () => {
    expect(liveShell(manifest('@dentalmarket/shell', [{ name: 'react', version: '19.3.1', singleton: true, requiredVersion: '^19.3.1' }])).shared).toEqual([
      { name: 'react', version: '19.3.1', singleton: true },
    ]);
    expect(liveShell(undefined)).toEqual({ build: null, shared: [] });
  });
});
