import satisfies from 'semver/functions/satisfies.js';
import type { LiveFrontends, LiveRemote, LiveSharedModule, RemoteName } from '@dentalmarket/contracts';
import type { BuildManifest, BuildSharedModule } from './build-manifest.js';

/** The shell as the live answer shows it; `undefined` when its manifest could not be read. */
export function liveShell(shell: BuildManifest | undefined): LiveFrontends['shell'] {
  if (!shell) return { build: null, shared: [] };
  return { build: shell.build, shared: shell.shared.map(({ name, version, singleton }) => ({ name, version, singleton })) };
}

/**
 * Which copy of each of a remote's shared modules a page uses, as the federation runtime decides with
 * `shareStrategy: 'loaded-first'` (libs/mf-config): the shell loads first and provides every module
 * it shares, so a remote gets the shell's copy where the shell has one that will do. A singleton has
 * one copy per page: the shell's, and when that one is outside the remote's range the remote cannot
 * run against it (the shell does not load it: 'unmet'). Any other module falls back to the remote's
 * own copy when the shell's is outside its range, or when the shell shares no such module.
 */
export function resolveRemote(name: RemoteName, url: string, shell: readonly BuildSharedModule[], remote: BuildManifest): LiveRemote {
  // the first copy the shell lists is the one it registers first, so the one a page gets
  const provided = new Map<string, string>();
  for (const module of shell) if (!provided.has(module.name)) provided.set(module.name, module.version);
  const unmet: string[] = [];
  const shared = remote.shared.map((module): LiveSharedModule => {
    const asked = module.requiredVersion === false ? '*' : module.requiredVersion;
    const base = { name: module.name, asked, own: module.version, singleton: module.singleton };
    const shellVersion = provided.get(module.name);
    if (shellVersion === undefined) return { ...base, got: module.version, source: 'own' };
    // no range: any copy will do (semver's '*' would refuse a prerelease)
    const fits = module.requiredVersion === false || satisfies(shellVersion, module.requiredVersion, { includePrerelease: false });
    if (fits) return { ...base, got: shellVersion, source: 'shell' };
    if (!module.singleton) return { ...base, got: module.version, source: 'own' };
    unmet.push(`${module.name} ${asked} (the shell has ${shellVersion})`);
    return { ...base, got: null, source: 'unmet' };
  });
  return { name, url, status: unmet.length > 0 ? 'unmet' : 'ok', build: remote.build, shared, unmet };
}

/** A remote whose manifest could not be read: nothing is known of its build or modules. */
export function unreachableRemote(name: RemoteName, url: string, error: string): LiveRemote {
  return { name, url, status: 'unreachable', build: null, shared: [], unmet: [], error };
}
