import { createHash } from 'node:crypto';
import Negotiator from 'negotiator';
import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import type { Request, Response } from 'express';
import { catchError, finalize, lastValueFrom, map, type Observable, of, throwError } from 'rxjs';
import { hasSessionCookie } from '../auth/session.js';
import { ReadRoutes } from '../database/read-routes.js';
import { type CachedResponse, CatalogueResponses } from './catalogue-responses.js';
import { CatalogueVersion } from './catalogue-version.js';

const ANONYMOUS = 'public, max-age=60, stale-while-revalidate=300';
/**
 * A request with the session cookie gets `private, no-cache`, not the public policy: its response
 * carries the rolling session's Set-Cookie, which no shared cache may store and hand to others, and
 * a signed-in admin must see their own edit at once rather than a copy up to a minute old. The body
 * is the same for everyone, so only the policy differs; `Vary: Cookie` on the public responses keeps
 * a cache from answering a signed-in request with an anonymous entry (e.g. the browser's own, stored
 * before sign-in).
 */
const SIGNED_IN = 'private, no-cache';

/**
 * The content coding `compression` will pick for this Accept-Encoding: the same negotiation as its own
 * (negotiator's, highest q; br, then gzip preferred on ties), so each coding's bytes get their own ETag.
 */
interface PreferringNegotiator {
  encoding(available: string[], options: { preferred: string[] }): string | undefined;
}

export function negotiatedCoding(acceptEncoding: string | undefined): string {
  // (negotiator 1.x takes the preferred codings as an option; its published types predate it)
  const negotiator = new Negotiator({ headers: { 'accept-encoding': acceptEncoding } }) as unknown as PreferringNegotiator;
  return negotiator.encoding(['br', 'gzip', 'deflate', 'identity'], { preferred: ['br', 'gzip'] }) ?? 'identity';
}

const JSON_TYPE = 'application/json; charset=utf-8';

/** Sends a kept response: its headers, then its JSON text as it was (Nest sends a string as is). */
function replay(res: Response, response: CachedResponse): string {
  for (const [name, value] of response.headers) res.setHeader(name, value);
  res.setHeader('Content-Type', JSON_TYPE);
  return response.json;
}

/** The ETag (catalogue version, URL, content coding) and the caching policy (anonymous or signed in). */
function setHeaders(req: Request, res: Response, version: string): void {
  const digest = createHash('sha1').update(`${req.originalUrl}\n${negotiatedCoding(req.headers['accept-encoding'])}`).digest('base64url');
  res.setHeader('ETag', `"${version}-${digest.slice(0, 22)}"`);
  if (hasSessionCookie(req)) res.setHeader('Cache-Control', SIGNED_IN);
  else {
    res.setHeader('Cache-Control', ANONYMOUS);
    res.vary('Cookie');
  }
}

/** An error carries neither the ETag nor the caching policy: only a 200 is worth revalidating. */
const dropValidators = (res: Response) => (error: unknown) => {
  res.removeHeader('ETag');
  res.removeHeader('Cache-Control');
  return throwError(() => error);
};

/**
 * Conditional GETs for the anonymous catalogue reads. The strong ETag is derived before the handler
 * runs from the catalogue version, the URL (path and query: page, filter, sort) and the content
 * coding (each coding is a different byte sequence, hence its own strong validator), so a matching
 * If-None-Match is answered 304 without querying or serialising anything. Errors carry neither
 * header: only a 200 is a representation worth revalidating.
 *
 * A 200 is kept (CatalogueResponses) under the same version and URL, so the next request for it,
 * from anyone, signed in or not, is its JSON text again without a query: the body is the same for
 * everyone, only the caching policy differs.
 */
@Injectable()
export class CatalogueCacheInterceptor implements NestInterceptor {
  constructor(
    private readonly version: CatalogueVersion,
    private readonly responses: CatalogueResponses,
    private readonly routes: ReadRoutes,
  ) {}

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    const req = context.switchToHttp().getRequest<Request>();
    const res = context.switchToHttp().getResponse<Response>();
    if (req.method !== 'GET' && req.method !== 'HEAD') return next.handle();
    if (this.routes.enabled) return this.routed(req, res, next);
    const version = await this.version.current();
    setHeaders(req, res, version);
    // Express's own freshness rule (If-None-Match against the ETag just set, honouring a request's
    // Cache-Control: no-cache); res.send() applies the same rule and turns the empty reply into a 304
    if (req.fresh) return of(undefined);
    // nothing is kept (CATALOGUE_CACHE_MB=0): Nest serialises the body as it would (the same JSON
    // and Content-Type), without copying the handler's headers and text for a cache that is off
    if (!this.responses.keeps) return next.handle().pipe(catchError(dropValidators(res)));
    const claim = this.responses.claim(version, req.originalUrl);
    if ('kept' in claim) return of(replay(res, claim.kept));
    if ('pending' in claim) {
      const response = await claim.pending;
      if (response) return of(replay(res, response));
    }
    const keep = 'keep' in claim ? claim.keep : () => undefined;
    const before = new Set(res.getHeaderNames());
    return next.handle().pipe(
      map((body: unknown) => {
        const response: CachedResponse = {
          json: JSON.stringify(body) ?? 'null',
          // what the handler's own interceptors added (X-Total-Count, Link), never a cookie
          headers: res
            .getHeaderNames()
            .filter((name) => !before.has(name) && name !== 'set-cookie')
            .map((name) => [name, res.getHeader(name)!]),
        };
        keep(response);
        return replay(res, response);
      }),
      catchError(dropValidators(res)),
      // an error or an abandoned request keeps nothing; a kept response was settled in map()
      finalize(() => keep(undefined)),
    );
  }

  /**
   * The same with DATABASE_READ_URLS (docs/operations.md "Reads from replicas"): the read goes where
   * ReadRoutes sends it (a replica, or the primary for an admin, a browser that wrote a moment ago, or
   * one that has seen a newer catalogue than any replica has). On a replica, a response is computed
   * as the version its last check found and kept only if the version read after is the same
   * (ReadRoutes.unlocked, else computed again in a snapshot); on the primary, in one read-only
   * snapshot whose first statement reads the version. Either way the version it is kept and tagged
   * under is the version of its data, never one a replica has not reached. The browser is told the
   * version it was served (SEEN_COOKIE), so no server behind serves it later.
   */
  private async routed(req: Request, res: Response, next: CallHandler): Promise<Observable<unknown>> {
    const admin = (req.user as { role?: string } | undefined)?.role === 'admin';
    const needs = { ...this.routes.needs(), primary: admin };
    const target = this.routes.choose(needs);
    const checked = this.routes.checkedVersion(target);
    const version = checked ?? (await this.version.atLeast(needs.version));
    setHeaders(req, res, version);
    if (req.fresh) {
      this.routes.served(res, version);
      return of(undefined);
    }
    // an older catalogue than the kept one (a replica's, for a moment): computed, not kept
    const claim = this.responses.keeps && this.responses.newest(version) ? this.responses.claim(version, req.originalUrl) : { keep: () => undefined };
    if ('kept' in claim) return of(this.sent(res, version, replay(res, claim.kept)));
    if ('pending' in claim) {
      const response = await claim.pending;
      if (response) return of(this.sent(res, version, replay(res, response)));
    }
    const keep = 'keep' in claim ? claim.keep : () => undefined;
    const before = new Set(res.getHeaderNames());
    try {
      const work = () => lastValueFrom(next.handle());
      const { value: body, version: read } = await this.routes.read(
        'catalogue',
        // a replica: read as the version its last check found, checked again after (ReadRoutes.unlocked)
        (chosen) => (chosen === target && checked !== undefined ? this.routes.unlocked(chosen, checked, work) : this.routes.snapshot(chosen, work)),
        needs,
        target,
      );
      const response: CachedResponse = {
        json: JSON.stringify(body) ?? 'null',
        headers: res
          .getHeaderNames()
          .filter((name) => !before.has(name) && name !== 'set-cookie')
          .map((name) => [name, res.getHeader(name)!]),
      };
      if (read === version) keep(response);
      else {
        // the snapshot is newer than the version looked up: tagged and kept as what it is
        keep(undefined);
        setHeaders(req, res, read);
        const again = this.responses.keeps && this.responses.newest(read) ? this.responses.claim(read, req.originalUrl) : undefined;
        if (again && 'keep' in again) again.keep(response);
      }
      return of(this.sent(res, read, replay(res, response)));
    } catch (error) {
      keep(undefined);
      res.removeHeader('ETag');
      res.removeHeader('Cache-Control');
      throw error;
    }
  }

  private sent(res: Response, version: string, json: string): string {
    this.routes.served(res, version);
    return json;
  }
}
