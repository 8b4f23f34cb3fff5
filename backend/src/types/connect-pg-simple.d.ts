declare module 'connect-pg-simple' {
  import type session from 'express-session';
  import type { Pool } from 'pg';

  interface PgStoreOptions {
    pool?: Pool;
    conString?: string;
    tableName?: string;
    schemaName?: string;
    createTableIfMissing?: boolean;
    pruneSessionInterval?: number | false;
    ttl?: number;
    errorLog?: (...args: unknown[]) => void;
  }

  type PgStoreClass = new (options?: PgStoreOptions) => session.Store & { close(): void };

  export default function connectPgSimple(sessionModule: typeof session): PgStoreClass;
}
