import type { LiveBuild } from '@dentalmarket/contracts';

/** One shared module as a build's mf-manifest.json lists it: its own copy's version and what it requires. */
export interface BuildSharedModule {
  name: string;
  version: string;
  singleton: boolean;
  /** a semver range, or false for none */
  requiredVersion: string | false;
}

/** What this API reads of a build's mf-manifest.json (Module Federation's own manifest). */
export interface BuildManifest {
  build: LiveBuild;
  shared: BuildSharedModule[];
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

/**
 * The build and shared modules of a parsed mf-manifest.json. `metaData.buildInfo` gains `commit`
 * and `builtAt` from libs/mf-config; a build made before that has only its package's version
 * (`buildVersion`) and name, which stand in. Throws when it is no federation manifest at all.
 */
export function parseBuildManifest(json: unknown): BuildManifest {
  if (!isRecord(json) || !Array.isArray(json.shared)) throw new Error('not a Module Federation manifest (no "shared" list)');
  const info = isRecord(json.metaData) && isRecord(json.metaData.buildInfo) ? json.metaData.buildInfo : {};
  const build: LiveBuild = {
    commit: text(info.commit) ?? text(info.buildVersion) ?? 'unknown',
    builtAt: text(info.builtAt) ?? '',
    name: text(info.buildName) ?? text(json.name) ?? 'unknown',
  };
  const shared = json.shared.filter(isRecord).flatMap((entry): BuildSharedModule[] => {
    const name = text(entry.name);
    if (!name) return [];
    return [
      {
        name,
        version: text(entry.version) ?? '',
        singleton: entry.singleton === true,
        requiredVersion: text(entry.requiredVersion) ?? false,
      },
    ];
  });
  return { build, shared };
}
