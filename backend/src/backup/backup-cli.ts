import path from 'node:path';
import { ConfigError } from '../config/app-config.js';
import { DataDirLockedError } from '../database/data-dir-lock.js';
import { EmbeddedPostgresError } from '../database/embedded-postgres.js';
import { BackupFileError } from './backup-archive.js';
import { RestoreRefusedError } from './restore.service.js';

export class UsageError extends Error {}

/**
 * A file named on the command line, relative to where `npm run` was typed (npm runs a workspace's
 * script in backend/, and says where it started in INIT_CWD).
 */
export function fromCommandLine(file: string): string {
  return path.resolve(process.env.INIT_CWD ?? process.cwd(), file);
}

/** Exit 0, or 1 with the message alone for the errors a user can act on (a stack for the rest). */
export function runCli(main: () => Promise<void>): void {
  main().then(
    () => process.exit(0),
    (error: unknown) => {
      const known = [UsageError, ConfigError, DataDirLockedError, EmbeddedPostgresError, BackupFileError, RestoreRefusedError].some((type) => error instanceof type);
      console.error(known ? (error as Error).message : error);
      process.exit(1);
    },
  );
}
