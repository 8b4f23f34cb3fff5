import { type ArgumentsHost, Catch, type ExceptionFilter, HttpStatus } from '@nestjs/common';
import type { ErrorRequestHandler, Request, RequestHandler, Response } from 'express';
import type { ApiError } from '@dentalmarket/contracts';
import { hasSessionCookie } from '../auth/session.js';
import type { CachedResponse } from '../catalog/catalogue-responses.js';
import { type DatabaseStatus, isUnavailable } from '../database/database-status.js';

/** What a 503 tells clients (and load balancers) to wait before trying again. */
export const RETRY_AFTER_SECONDS = 5;

export const DATABASE_UNAVAILABLE: ApiError = {
  statusCode: HttpStatus.SERVICE_UNAVAILABLE,
  message: 'The database is unavailable; try again in a few seconds',
  error: 'Service Unavailable',
};

export interface OutageOptions {
  status: DatabaseStatus;
  /** STALE_IF_ERROR_SECONDS: how far into an outage kept responses are still served */
  staleIfErrorSeconds: number;
  /** the catalogue response kept for a URL (CatalogueResponses.lastKept) */
  lastKept(url: string): CachedResponse | undefined;
}

/**
 * How the API answers while the database cannot be reached: at once, never waiting on the pool.
 * An anonymous GET whose catalogue response is kept gets that response, marked stale, for the first
 * STALE_IF_ERROR_SECONDS of the outage (a shopper is better served by a page a minute old than by an
 * error); everything else, writes included, gets 503 with Retry-After and the usual JSON error.
 */
export class OutageResponder {
  constructor(private readonly options: OutageOptions) {}

  get status(): DatabaseStatus {
    return this.options.status;
  }

  answer(req: Request, res: Response): void {
    const { status } = this.options;
    const kept = this.stale(req);
    if (kept) {
      status.answered('stale');
      for (const [name, value] of kept.headers) res.setHeader(name, value);
      res.removeHeader('ETag');
      // the response matched the database when it was last reached; no cache may reuse it without asking again
      res.setHeader('Age', String(Math.ceil(status.downForMs() / 1000)));
      res.setHeader('Cache-Control', 'no-cache');
      res.vary('Cookie');
      // end(), not send(): send() would add an ETag, inviting a 304 that says the stale copy is current
      res.status(200).type('application/json; charset=utf-8').end(kept.json);
      return;
    }
    if (status.down) status.answered('refused');
    res.removeHeader('ETag');
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('Retry-After', String(RETRY_AFTER_SECONDS));
    res.status(HttpStatus.SERVICE_UNAVAILABLE).json(DATABASE_UNAVAILABLE);
  }

  /** Express middleware on /api: while the database is known to be down, answer without trying it (health checks excepted). */
  gate(): RequestHandler {
    return (req, res, next) => {
      if (!this.status.down || req.path === '/health' || req.path.startsWith('/health/')) return next();
      this.answer(req, res);
    };
  }

  /** Express error handler, for middleware that met the database before Nest did (the session store). */
  errors(): ErrorRequestHandler {
    return (error: unknown, req, res, next) => {
      if (res.headersSent || !isUnavailable(error)) return next(error);
      this.status.failed(error);
      this.answer(req, res);
    };
  }

  private stale(req: Request): CachedResponse | undefined {
    const { status, staleIfErrorSeconds } = this.options;
    if (!status.down || status.downForMs() > staleIfErrorSeconds * 1000) return undefined;
    if ((req.method !== 'GET' && req.method !== 'HEAD') || hasSessionCookie(req)) return undefined;
    return this.options.lastKept(req.originalUrl);
  }
}

/**
 * Wraps the API's exception filter: an error that means the database is unreachable (or timed out)
 * is answered by the OutageResponder, not logged with a stack per request as a 500.
 */
@Catch()
export class OutageAwareFilter implements ExceptionFilter {
  constructor(
    private readonly inner: ExceptionFilter,
    private readonly outage: OutageResponder,
  ) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    if (!isUnavailable(exception)) return this.inner.catch(exception, host);
    const res = host.switchToHttp().getResponse<Response>();
    if (res.headersSent) return;
    this.outage.status.failed(exception);
    this.outage.answer(host.switchToHttp().getRequest<Request>(), res);
  }
}
