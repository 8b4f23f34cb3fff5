/** Where the embedded PostgreSQL keeps its files inside DATA_DIR, and the URL of its Unix socket. */

import fs from 'node:fs';
import path from 'node:path';
import type { LockInfo } from './data-dir-lock.js';

export const DATABASE = 'dentalmarket';
export const SUPERUSER = 'dentalmarket';
/** Only names the socket file (`.s.PGSQL.5432`): the server listens on no TCP port at all. */
export const SOCKET_PORT = 5432;
/** Unix socket paths are limited to 107 bytes on Linux. */
export const MAX_SOCKET_PATH = 100;

/** Where the embedded server keeps its files inside DATA_DIR. */
export function embeddedPaths(dataDir: string) {
  return {
    cluster: path.join(dataDir, 'postgres'),
    socketDir: path.join(dataDir, 'postgres-run'),
    password: path.join(dataDir, 'postgres.password'),
    legacyPglite: path.join(dataDir, 'pglite'),
  };
}

/** A `postgres://` URL for the server's Unix socket in `socketDir`. */
export function socketUrl(socketDir: string, password: string): string {
  const url = new URL(`postgres://${SUPERUSER}@localhost:${SOCKET_PORT}/${DATABASE}`);
  url.password = password;
  url.searchParams.set('host', socketDir);
  return url.toString();
}

/** URL of the server a live API process runs, read from its lock and the password file. */
export function runningServerUrl(dataDir: string, lock: LockInfo): string | undefined {
  if (!lock.socket) return undefined;
  const password = fs.readFileSync(embeddedPaths(dataDir).password, 'utf8').trim();
  return socketUrl(lock.socket, password);
}
