import { applyDecorators, type CallHandler, type ExecutionContext, Injectable, type NestInterceptor, UseInterceptors } from '@nestjs/common';
import { ApiOkResponse, ApiResponseOptions } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { map, type Observable } from 'rxjs';
import type { Page } from '../catalog/dto/page-query.dto.js';

/**
 * SPEC §7 answers some lists as plain arrays; they are still paged. The handler returns a Page and
 * this sends its items as the array, with the rest of the list in standard headers:
 * `X-Total-Count` (all matching items) and `Link` (RFC 8288: first, prev, next, last). Counting stops
 * at 1000: beyond it X-Total-Count is 1000, `X-Total-Count-Capped: true` says so, and Link has no last.
 */
@Injectable()
export class PagedArrayInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const http = context.switchToHttp();
    const request = http.getRequest<Request>();
    const response = http.getResponse<Response>();
    return next.handle().pipe(
      map((result: Page<unknown>) => {
        const last = Math.max(1, Math.ceil(result.total / result.limit));
        const url = new URL(request.originalUrl, 'http://placeholder');
        const at = (page: number) => {
          url.searchParams.set('page', String(page));
          url.searchParams.set('limit', String(result.limit));
          return `<${url.pathname}${url.search}>`;
        };
        const links = [`${at(1)}; rel="first"`];
        if (result.page > 1) links.push(`${at(result.totalCapped ? result.page - 1 : Math.min(result.page - 1, last))}; rel="prev"`);
        // a capped total has no known last page: a full page may have a next one
        const hasNext = result.totalCapped ? result.items.length === result.limit : result.page < last;
        if (hasNext) links.push(`${at(result.page + 1)}; rel="next"`);
        if (!result.totalCapped) links.push(`${at(last)}; rel="last"`);
        response.setHeader('X-Total-Count', String(result.total));
        if (result.totalCapped) response.setHeader('X-Total-Count-Capped', 'true');
        response.setHeader('Link', links.join(', '));
        return result.items;
      }),
    );
  }
}

/** Marks a handler as a paged array endpoint and documents its headers in Swagger. */
export function PagedArray(options: ApiResponseOptions): MethodDecorator {
  return applyDecorators(
    UseInterceptors(PagedArrayInterceptor),
    ApiOkResponse({
      ...options,
      headers: {
        'X-Total-Count': {
          description: 'number of all matching items, on every page; exact up to 1000, else 1000 with the header X-Total-Count-Capped: true',
          schema: { type: 'integer' },
        },
        Link: { description: 'RFC 8288 links to the first, previous, next and last pages (with page and limit)', schema: { type: 'string' } },
      },
    } as ApiResponseOptions),
  );
}
