import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { SearchIndexService } from '../catalog/search/search-index.service.js';
import { Database } from '../database/database.js';
import { WARM_UP_HEADER, WARM_UP_TOKEN } from './warm-up-request.js';

/** Requests in flight at once during the warm-up. */
const IN_FLIGHT = 2;
/** A warm-up request that takes longer than this is given up (the warm-up goes on). */
const REQUEST_TIMEOUT_MS = 5_000;

interface ListedProduct {
  id: number;
  slug: string;
  name: string;
}

/**
 * A process that has just started runs its code cold: V8 has not yet compiled the request paths it
 * will run most, so each of its first few hundred requests costs several times the CPU it will later.
 * Given its full share of traffic at once (a restart or a roll behind a load balancer), requests
 * queue in it before it has read them, unseen by its own request log: the failure drill measured
 * 2.5-5 s waits on a replacement process while the others answered in under one (docs/performance.md).
 *
 * So after the server listens, and after the search index's first load, the process sends itself
 * the shoppers' read requests for WARMUP_MS (listing pages, category and type filters, searches,
 * suggestions, product pages, the cart's price check), and readiness answers 503 "Warming up" until
 * it is done. The requests read only: searches are asked for their second page, which the search
 * analytics do not count, and the request log leaves them out. A failed request is no failure of
 * the start: the warm-up goes on and ends at its deadline, or at once when the process is stopping.
 * WARMUP_MS=0 (the default outside production) skips it.
 */
@Injectable()
export class WarmUp {
  private readonly logger = new Logger('WarmUp');
  private running: Promise<void> | undefined;
  private finished = false;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly searchIndex: SearchIndexService,
    private readonly database: Database,
  ) {}

  /** Whether readiness may say 200: no warm-up was started (tests, WARMUP_MS=0) or it has ended. */
  get done(): boolean {
    return this.running === undefined || this.finished;
  }

  /** Starts the warm-up against this process's own listening address (server.ts, right after listen). */
  start(baseUrl: string): Promise<void> {
    if (this.config.warmUpMs <= 0) return Promise.resolve();
    this.running ??= this.run(baseUrl)
      .catch((error: unknown) => this.logger.warn(`Warm-up ended early: ${error instanceof Error ? error.message : String(error)}`))
      .finally(() => (this.finished = true));
    return this.running;
  }

  private async run(baseUrl: string): Promise<void> {
    // the searches should meet the index, as a shopper's will
    while (!(await this.searchIndex.firstLoadDone(1000))) if (this.stopping) return;
    const started = Date.now();
    const deadline = started + this.config.warmUpMs;
    // every request the warm-up sends, the first reads that find its paths included
    let sent = 0;
    // the body is read whole (as a browser would) but parsed only where its content is used
    const get = async (path: string): Promise<string> => {
      sent += 1;
      const response = await fetch(`${baseUrl}${path}`, { headers: { [WARM_UP_HEADER]: WARM_UP_TOKEN }, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
      const body = await response.text();
      if (!response.ok) throw new Error(`${path}: ${response.status}`);
      return body;
    };
    const json = <T>(path: string, fallback: T): Promise<T> =>
      get(path)
        .then((body) => JSON.parse(body) as T)
        .catch(() => fallback);
    const listed = async (page: number) => (await json<{ products?: ListedProduct[] }>(`/api/products?limit=24&page=${page}`, {})).products ?? [];
    // distinct requests (the catalogue cache answers a repeated one without running its query)
    const paths = shopperReads([...(await listed(1)), ...(await listed(2)), ...(await listed(3))], await json<Array<{ slug: string }>>('/api/categories', []));
    let next = 0;
    let failed = 0;
    const worker = async () => {
      while (Date.now() < deadline && !this.stopping) {
        const path = paths[next++ % paths.length]!;
        await get(path).catch(() => (failed += 1));
      }
    };
    await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
    this.logger.log(`Warmed up with ${sent} requests in ${Date.now() - started} ms${failed ? ` (${failed} failed)` : ''}`);
  }

  /** Shutting down, or the database is down (readiness says 503 for it anyway): the warm-up ends. */
  private get stopping(): boolean {
    return this.database.status.closing || this.database.status.down;
  }
}

/** The read requests a shopper's pages send, for the products and categories at hand, each once. */
export function shopperReads(products: ListedProduct[], categories: Array<{ slug: string }>): string[] {
  const q = encodeURIComponent;
  const words = [...new Set(products.flatMap((p) => p.name.toLowerCase().split(/[^a-z0-9]+/)).filter((word) => word.length >= 4))].slice(0, 40);
  const paths = [
    ...[4, 5, 6].map((page) => `/api/products?limit=24&page=${page}`),
    '/api/products?productType=equipment&limit=24&page=1',
    '/api/products?productType=service&limit=24&page=1',
    '/api/products?limit=24&page=1&sort=price-asc',
    '/api/featured-products?limit=8',
    '/api/categories?productType=equipment',
    ...categories.slice(0, 20).flatMap((category) => [1, 2].map((page) => `/api/products?categorySlug=${q(category.slug)}&limit=24&page=${page}`)),
    // pages 2 and 3: the search analytics count a search's first page only
    ...words.flatMap((word) => [2, 3].map((page) => `/api/products?search=${q(word)}&limit=24&page=${page}`)),
    ...words.flatMap((word) => [3, 4, 5].map((length) => `/api/search/suggestions?q=${q(word.slice(0, length))}`)),
    ...products.map((product) => `/api/products/${q(product.slug)}`),
  ];
  for (let i = 0; i + 3 <= products.length; i += 3) paths.push(`/api/products?ids=${products.slice(i, i + 3).map((product) => product.id).join(',')}`);
  return [...new Set(paths)];
}
