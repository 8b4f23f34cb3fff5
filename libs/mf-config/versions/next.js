// The next ledger entry of a shared module whose content changed (docs/deploy-a-remote.md, "Versions").
import { installedVersion } from './sources.js';

const major = (version) => Number(version.split('.')[0]);

/** The next version of a module, and the version each of its names first appeared in. */
export function nextEntry(module, previous, content, exports, repoRoot, forceMajor = false) {
  const facadeMajor = module.facadeOf ? major(installedVersion(module.facadeOf, repoRoot)) : 0;
  if (!previous) {
    const version = module.facadeOf ? installedVersion(module.facadeOf, repoRoot) : '1.0.0';
    return { change: 'new', entry: { version, content: content.hash, packages: content.packages, exports: Object.fromEntries(exports.map((n) => [n, version])) } };
  }
  const removed = Object.keys(previous.exports).filter((name) => !exports.includes(name));
  const added = exports.filter((name) => !(name in previous.exports));
  const packageMajor = Object.entries(content.packages).some(([pkg, version]) => previous.packages?.[pkg] && major(version) > major(previous.packages[pkg]));
  const [M, m, p] = previous.version.split('.').map(Number);
  if (removed.length || packageMajor || forceMajor) {
    const version = `${Math.max(M + 1, facadeMajor)}.0.0`;
    return { change: `major (${removed.length ? `removed ${removed.join(', ')}` : packageMajor ? 'a package moved to a new major' : '--major'})`, entry: { version, content: content.hash, packages: content.packages, exports: Object.fromEntries(exports.map((n) => [n, version])) } };
  }
  if (added.length) {
    const version = `${M}.${m + 1}.0`;
    const introduced = Object.fromEntries(exports.map((n) => [n, previous.exports[n] ?? version]));
    return { change: `minor (added ${added.join(', ')})`, entry: { version, content: content.hash, packages: content.packages, exports: introduced } };
  }
  const version = `${M}.${m}.${p + 1}`;
  return { change: 'patch', entry: { ...previous, version, content: content.hash, packages: content.packages } };
}

