import fs from 'node:fs';
import path from 'node:path';

/** What the lock file holds: who owns the embedded database and where its socket listens. */
export interface LockInfo {
  pid: number;
  /** directory of the running embedded server's Unix socket, once it listens */
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
  return path.join(dataDir, 'dentalmarket.lock');
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
 * One API process per DATA_DIR: the lock file names it. It is taken atomically: the content is
 * written to a private file first and then hard-linked into place, so the lock never exists half
 * written. A file whose pid is dead is stale: it is moved aside (an atomic rename) and checked
 * again before it is dropped, so two processes replacing one stale lock cannot both win.
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
    const draft = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
    fs.writeFileSync(draft, JSON.stringify(info), { mode: 0o600 });
    try {
      for (let attempt = 0; attempt < 5; attempt++) {
        try {
          fs.linkSync(draft, file);
          heldHere.add(file);
          return new DataDirLock(file, info);
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
          const holder = readLiveLock(dataDir);
          if (holder) throw new DataDirLockedError(dataDir, holder);
          DataDirLock.dropStale(file);
        }
      }
      throw new Error(`Could not take the lock ${file}`);
    } finally {
      fs.rmSync(draft, { force: true });
    }
  }

  private static dropStale(file: string): void {
    const aside = `${file}.${process.pid}.stale`;
    try {
      fs.renameSync(file, aside);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return; // someone else moved it first
      throw error;
    }
    let moved: LockInfo | undefined;
    try {
      moved = JSON.parse(fs.readFileSync(aside, 'utf8')) as LockInfo;
    } catch {
      moved = undefined;
    }
    // Between our check and the rename another process may have replaced the stale file with its
    // own live lock: put that one back.
    const live = moved && Number.isInteger(moved.pid) && moved.pid !== process.pid && isAlive(moved.pid);
    if (live) {
      try {
        fs.linkSync(aside, file);
      } catch {
        // a third process already took the lock: it wins
      }
    }
    fs.rmSync(aside, { force: true });
  }

  /** Records where the embedded server's socket is, so CLI tools can reach the running database. */
  setSocket(socket: string): void {
    this.info = { ...this.info, socket };
    const draft = `${this.file}.${process.pid}.tmp`;
    fs.writeFileSync(draft, JSON.stringify(this.info), { mode: 0o600 });
    fs.renameSync(draft, this.file);
  }

  release(): void {
    if (!heldHere.delete(this.file)) return;
    fs.rmSync(this.file, { force: true });
  }
}
