import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import type { Request, Response } from 'express';
import { from, mergeMap, type Observable } from 'rxjs';
import { ReadRoutes } from './read-routes.js';

/**
 * Read-your-writes with replicas: after a write (any POST, PUT, PATCH or DELETE that succeeded, its
 * transaction committed), the response carries the primary's WAL position in WROTE_COOKIE; until a
 * replica has replayed that far, this browser's reads go to the primary (ReadRoutes.pick). The cookie
 * lives REPLICA_MAX_LAG_MS plus two checks: past that, any replica within the bound has the write.
 * Nothing without DATABASE_READ_URLS.
 */
@Injectable()
export class ReadYourWritesInterceptor implements NestInterceptor {
  constructor(private readonly routes: ReadRoutes) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const req = context.switchToHttp().getRequest<Request | undefined>();
    if (!this.routes.enabled || !req || ['GET', 'HEAD', 'OPTIONS'].includes(req.method)) return next.handle();
    const res = context.switchToHttp().getResponse<Response>();
    return next.handle().pipe(
      mergeMap((body: unknown) =>
        from(
          this.routes.wrote(res).then(
            () => body,
            // the write is done; a position not read only costs this browser a moment of replica reads
            () => body,
          ),
        ),
      ),
    );
  }
}
