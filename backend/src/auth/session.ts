import connectPgSimple from 'connect-pg-simple';
import session from 'express-session';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type pg from 'pg';

export const SESSION_COOKIE = 'dentalmarket.sid';

/** Whether the request carries the session cookie (signed in, or once was). */
export function hasSessionCookie(req: Request): boolean {
  return (req.headers.cookie ?? '').split(';').some((pair) => pair.trim().startsWith(`${SESSION_COOKIE}=`));
}

/**
 * Whether a request can skip the session middleware: a GET or HEAD without the session cookie.
 * express-session would give it a new, empty session that nothing reads a user from and nothing
 * fills (only the login and registration POSTs sign in), so it would neither touch the database
 * nor set a cookie (saveUninitialized: false); but making that session still costs a random id,
 * two hashes of it and hooks on the response, on every anonymous catalogue read.
 */
export function needsNoSession(req: Request): boolean {
  return (req.method === 'GET' || req.method === 'HEAD') && !hasSessionCookie(req);
}

declare module 'express-session' {
  interface SessionData {
    /** when the user signed in (ms since epoch): the absolute lifetime counts from here */
    signedInAt?: number;
  }
}

export interface SessionLifetimes {
  /** seconds without a request after which the session ends (rolling) */
  idleSeconds: number;
  /** seconds after sign-in after which the session ends, whatever the activity */
  absoluteSeconds: number;
}

/**
 * express-session with the rows in PostgreSQL's `session` table (created by our migration), so
 * sessions survive restarts and are shared between API instances. The cookie is HttpOnly,
 * SameSite=Lax, Secure behind HTTPS; every request pushes the idle expiry forward (rolling), and
 * the store prunes expired rows every 15 minutes. On top, an absolute lifetime: a session older
 * than it is replaced by an empty one (the old row deleted) however recently it was used.
 */
export function sessionMiddleware(pool: pg.Pool, secret: string, lifetimes: SessionLifetimes): { middleware: RequestHandler[]; close(): void } {
  const PgStore = connectPgSimple(session);
  const store = new PgStore({ pool, tableName: 'session', createTableIfMissing: false, pruneSessionInterval: 15 * 60 });
  const sessions = session({
    name: SESSION_COOKIE,
    secret,
    store,
    resave: false,
    saveUninitialized: false,
    rolling: true,
    cookie: { httpOnly: true, sameSite: 'lax', secure: 'auto', maxAge: lifetimes.idleSeconds * 1000, path: '/' },
  });
  const absolute = (req: Request, _res: Response, next: NextFunction) => {
    const data = req.session as (typeof req.session & { passport?: { user?: unknown } }) | undefined;
    if (!data?.passport?.user) return next();
    if (data.signedInAt === undefined) {
      data.signedInAt = Date.now(); // a session from before this rule: its lifetime starts now
      return next();
    }
    if (Date.now() - data.signedInAt <= lifetimes.absoluteSeconds * 1000) return next();
    req.session.regenerate((error) => next(error));
  };
  /** stops the store's prune timer */
  return { middleware: [sessions, absolute], close: () => store.close() };
}

/** Stamps the sign-in time on the (already regenerated) session of a login or registration. */
export function markSignedIn(req: Request): void {
  req.session.signedInAt = Date.now();
}
