import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { type Observable, tap } from 'rxjs';
import { normaliseSearchTerm } from '@dentalmarket/contracts';
import { CatalogueResponses } from '../catalog/catalogue-responses.js';
import { AnalyticsWriter } from './analytics-writer.js';

const RECORDS_SEARCH_TERMS = 'analytics:records-search-terms';

/** Marks the product list, whose searches SearchTermsInterceptor records. */
export const RecordsSearchTerms = () => SetMetadata(RECORDS_SEARCH_TERMS, true);

/** The normalised term of a first-page search of the list (not an `ids` look-up), or ''. */
function searchOf(query: Request['query']): string {
  const { search, page, ids } = query;
  if (typeof search !== 'string' || ids !== undefined) return '';
  if (page !== undefined && page !== '1') return ''; // a further page of a search already counted
  return normaliseSearchTerm(search);
}

/**
 * Whether a product list answer showed no products: the list's JSON (as the catalogue cache sends
 * it, products first) or its object. undefined when unknown.
 */
function foundNothing(body: unknown): boolean | undefined {
  if (typeof body === 'string') return body.startsWith('{"products":[]');
  if (body && typeof body === 'object' && Array.isArray((body as { products?: unknown }).products)) return (body as { products: unknown[] }).products.length === 0;
  return undefined;
}

/**
 * Records the product list's searches (first page only) for the analytics: the normalised term and
 * whether the shopper saw no products, summed in memory and written in batches (AnalyticsWriter),
 * with no user identity. It sits outside the catalogue cache, so an answer from the cache, a kept
 * response or a 304, is a search a shopper made too; a 304's result is read from the kept response
 * (if it is no longer kept, the search counts as one that found something). A request that fails
 * records nothing.
 */
@Injectable()
export class SearchTermsInterceptor implements NestInterceptor {
  constructor(
    private readonly reflector: Reflector,
    private readonly writer: AnalyticsWriter,
    private readonly responses: CatalogueResponses,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const req = context.switchToHttp().getRequest<Request>();
    if (req.method !== 'GET' || !this.reflector.get<boolean>(RECORDS_SEARCH_TERMS, context.getHandler())) return next.handle();
    const term = searchOf(req.query);
    if (!term) return next.handle();
    return next.handle().pipe(
      tap((body) => {
        const nothing = foundNothing(body ?? this.responses.lastKept(req.originalUrl)?.json);
        this.writer.addSearch(term, nothing === true);
      }),
    );
  }
}
