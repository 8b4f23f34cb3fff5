import path from 'node:path';
import { Logger } from '@nestjs/common';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { DataDirLock } from './data-dir-lock.js';

/**
 * Connections the socket server accepts. Must cover the TypeORM pool, the session-store pool and
 * a CLI tool (seed) talking to the running server, or PGlite resets connections.
 */
export const TYPEORM_POOL_SIZE = 4;
export const SESSION_POOL_SIZE = 2;
const MAX_CONNECTIONS = TYPEORM_POOL_SIZE + SESSION_POOL_SIZE + 4;

/**
 * PGlite (PostgreSQL compiled to WebAssembly) persisted under DATA_DIR/pglite, served on a
 * loopback socket so the ordinary `pg` driver talks to it exactly as to a PostgreSQL server.
 */
export class EmbeddedPostgres {
  private constructor(
    private readonly lock: DataDirLock,
    private readonly db: PGlite,
    private readonly server: PGLiteSocketServer,
    /** `postgres://` URL of the socket */
    readonly url: string,
  ) {}

  static async start(dataDir: string): Promise<EmbeddedPostgres> {
    const logger = new Logger('EmbeddedPostgres');
    const lock = DataDirLock.acquire(dataDir);
    let db: PGlite | undefined;
    try {
      const started = Date.now();
      db = await PGlite.create(path.join(dataDir, 'pglite'));
      const server = new PGLiteSocketServer({ db, host: '127.0.0.1', port: 0, maxConnections: MAX_CONNECTIONS });
      await server.start();
      const address = server.getServerConn();
      lock.setSocket(address);
      logger.log(`Embedded PostgreSQL (PGlite) from ${dataDir} ready in ${Date.now() - started} ms`);
      return new EmbeddedPostgres(lock, db, server, `postgres://postgres@${address}/postgres`);
    } catch (error) {
      await db?.close().catch(() => undefined);
      lock.release();
      throw error;
    }
  }

  /** Socket server first (clients are already gone), then PGlite, then the lock. */
  async stop(): Promise<void> {
    try {
      await this.server.stop();
      await this.db.close();
    } finally {
      this.lock.release();
    }
  }
}
