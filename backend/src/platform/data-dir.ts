import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Where root keeps the embedded database of a checkout that the user `postgres` cannot reach. */
export const ROOT_DATA_HOME = '/var/lib/dentalmarket';

/** uid and gid of `postgres`, or of `nobody` while it does not exist yet (a new system user is no better placed). */
function serverUserIds(): { uid: number; gid: number } {
  for (const name of ['postgres', 'nobody']) {
    try {
      const id = (flag: string) => Number(execFileSync('id', [flag, name], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim());
      return { uid: id('-u'), gid: id('-g') };
    } catch {
      // try the next
    }
  }
  return { uid: 65534, gid: 65534 };
}

/** Can that user enter `dir`, or the nearest part of it that exists (root creates the rest 0755)? */
function reachable(dir: string, user: { uid: number; gid: number }): boolean {
  let existing = dir;
  while (!fs.existsSync(existing)) existing = path.dirname(existing);
  try {
    execFileSync('sh', ['-c', 'cd -- "$1"', 'sh', existing], { ...user, stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/**
 * The default DATA_DIR: `<checkout>/data`. Run as root with the embedded database, PostgreSQL runs
 * as `postgres`, which must reach DATA_DIR; a checkout in a private directory (such as /root, mode
 * 0700) would stop the start. Rather than loosen the user's directories, the data then lives in
 * `/var/lib/dentalmarket/<checkout name>-<hash of its path>`, owned by `postgres`, mode 0700, and
 * `note` says so for the log.
 */
export function defaultDataDir(checkout: string, options: { embedded: boolean; home?: string }): { dir: string; note?: string } {
  const preferred = path.join(checkout, 'data');
  if (!options.embedded || os.platform() === 'win32' || process.getuid?.() !== 0) return { dir: preferred };
  const user = serverUserIds();
  if (reachable(preferred, user)) return { dir: preferred };
  const home = options.home ?? ROOT_DATA_HOME;
  const dir = path.join(home, `${path.basename(checkout)}-${createHash('sha256').update(checkout).digest('hex').slice(0, 10)}`);
  fs.mkdirSync(home, { recursive: true, mode: 0o755 });
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  fs.chmodSync(dir, 0o700);
  if (reachable(home, user)) fs.chownSync(dir, user.uid, user.gid);
  return {
    dir,
    note: `The embedded database's user "postgres" cannot reach ${preferred} (a private parent directory), so DATA_DIR is ${dir}. Set DATA_DIR to choose another place.`,
  };
}
