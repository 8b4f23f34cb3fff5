import fs from 'node:fs';
import path from 'node:path';

/** What the lock file holds: who owns the embedded database and where its socket listens. */
export interface LockInfo {
  pid: number;
  /** host:port of the running PGlite socket server, once it listens */
  socket?: string;
  startedAt: string;
}

export class DataDirLockedError extends Error {
  constructor(
    public readonly dataDir: string,
    public readonly holder: LockInfo,
  ) {
    super(
      `The embedded database in ${dataDir} is in use by another DentalMarket process (pid ${holder.pid}). ` +
        'Stop that process first, point DATA_DIR at another directory, or set DATABASE_URL to use a PostgreSQL server.',
    );
    this.name = 'DataDirLockedError';
  }
}

/** Locks held by this process, so a second holder in the same process is refused too. */
const heldHere = new Set<string>();

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function lockPath(dataDir: string): string {
  return path.join(dataDir, 'pglite.lock');
}

/** The live holder of the lock, or null when there is none (or only a stale file). */
export function readLiveLock(dataDir: string): LockInfo | null {
  const file = lockPath(dataDir);
  let info: LockInfo;
  try {
    info = JSON.parse(fs.readFileSync(file, 'utf8')) as LockInfo;
  } catch {
    return null;
  }
  if (!Number.isInteger(info.pid)) return null;
  // Our own pid in the file but not held by us: left over by an earlier run that had the same pid
  // (pid 1 in a container), so it is stale.
  if (info.pid === process.pid) return heldHere.has(file) ? info : null;
  return isAlive(info.pid) ? info : null;
}

/**
 * PGlite takes no lock on its directory; two processes on one directory would corrupt it.
 * An exclusive-create lock file with our pid; a file whose pid is dead is stale and replaced.
 */
export class DataDirLock {
  private constructor(
    private readonly file: string,
    private info: LockInfo,
  ) {}

  static acquire(dataDir: string): DataDirLock {
    fs.mkdirSync(dataDir, { recursive: true });
    const file = lockPath(dataDir);
    const info: LockInfo = { pid: process.pid, startedAt: new Date().toISOString() };
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        const fd = fs.openSync(file, 'wx', 0o600);
        fs.writeSync(fd, JSON.stringify(info));
        fs.closeSync(fd);
        heldHere.add(file);
        return new DataDirLock(file, info);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
        const holder = readLiveLock(dataDir);
        if (holder) throw new DataDirLockedError(dataDir, holder);
        fs.rmSync(file, { force: true });
      }
    }
    throw new Error(`Could not take the lock ${file}`);
  }

  /** Records the socket address so CLI tools can reach the running database. */
  setSocket(socket: string): void {
    this.info = { ...this.info, socket };
    fs.writeFileSync(this.file, JSON.stringify(this.info));
  }

  release(): void {
    if (!heldHere.delete(this.file)) return;
    fs.rmSync(this.file, { force: true });
  }
}
