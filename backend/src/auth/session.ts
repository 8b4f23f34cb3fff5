import connectPgSimple from 'connect-pg-simple';
import session from 'express-session';
import type { RequestHandler } from 'express';
import type pg from 'pg';

export const SESSION_COOKIE = 'dentalmarket.sid';
const SESSION_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * express-session with the rows in PostgreSQL's `session` table (created by our migration), so
 * sessions survive restarts and are shared between API instances. Secure cookies follow the
 * connection: behind an HTTPS proxy (trust proxy) they are Secure.
 */
export function sessionMiddleware(pool: pg.Pool, secret: string): { middleware: RequestHandler; close(): void } {
  const PgStore = connectPgSimple(session);
  const store = new PgStore({ pool, tableName: 'session', createTableIfMissing: false, pruneSessionInterval: 15 * 60 });
  const middleware = session({
    name: SESSION_COOKIE,
    secret,
    store,
    resave: false,
    saveUninitialized: false,
    rolling: true,
    cookie: { httpOnly: true, sameSite: 'lax', secure: 'auto', maxAge: SESSION_MAX_AGE_MS, path: '/' },
  });
  /** stops the store's prune timer */
  return { middleware, close: () => store.close() };
}
