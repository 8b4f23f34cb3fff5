import { Inject, Injectable } from '@nestjs/common';
import type pg from 'pg';
import QueryStream from 'pg-query-stream';
import { DataSource } from 'typeorm';
import { marketplacePath, productPagePath, type ProductType } from '@dentalmarket/contracts';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import {
  fixedPagePaths,
  INDEX_CLOSE,
  INDEX_OPEN,
  sitemapEntry,
  urlEntry,
  URLSET_CLOSE,
  URLSET_OPEN,
} from './sitemap-xml.js';

/** Rows fetched from the cursor at a time: what a sitemap page holds in memory at most. */
const BATCH_ROWS = 500;
/** XML gathered before a write to the response: a few hundred URLs per chunk. */
const WRITE_CHARS = 16 * 1024;

interface ProductRow {
  slug: string;
  product_type: ProductType;
  created_at: Date;
}

interface ListingRow {
  product_type: ProductType;
  category: string;
  subcategory: string | null;
}

/**
 * The sitemaps, read from the database as they are written: a page's rows come through a cursor
 * (pg-query-stream, BATCH_ROWS at a time) into the response, so a 50,000-URL page, or a 100k
 * catalogue, is never in memory at once. Products are paged in id order, which new products extend
 * at the end; a page's content is fixed for a catalogue version (the ETag).
 */
@Injectable()
export class SitemapService {
  readonly pageSize: number;

  constructor(
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.pageSize = config.sitemapPageSize;
  }

  /** The index: pages.xml, then each products page with its newest product's date. */
  async writeIndex(origin: string, out: NodeJS.WritableStream, source = this.dataSource): Promise<void> {
    // one row per page (a handful even at 100k products): the page's latest product date
    const pages = (await source.query(
      `SELECT page, max(created_at) AS lastmod
         FROM (SELECT (row_number() OVER (ORDER BY id) - 1) / $1 + 1 AS page, created_at FROM products) numbered
        GROUP BY page ORDER BY page`,
      [this.pageSize],
    )) as { page: string; lastmod: Date }[];
    out.write(INDEX_OPEN);
    out.write(sitemapEntry(`${origin}/sitemaps/pages.xml`));
    for (const { page, lastmod } of pages) out.write(sitemapEntry(`${origin}/sitemaps/products-${page}.xml`, lastmod));
    out.end(INDEX_CLOSE);
  }

  /** Whether products page `page` (from 1) has any product. */
  async hasProductsPage(page: number, source = this.dataSource): Promise<boolean> {
    const rows = (await source.query(`SELECT 1 FROM products ORDER BY id OFFSET $1 LIMIT 1`, [(page - 1) * this.pageSize])) as unknown[];
    return rows.length > 0;
  }

  /** Products page `page` (from 1): each product's shareable URL with its date. */
  writeProductsPage(origin: string, page: number, out: NodeJS.WritableStream, source = this.dataSource): Promise<void> {
    return this.stream(
      source,
      `SELECT slug, product_type, created_at FROM products ORDER BY id OFFSET $1 LIMIT $2`,
      [(page - 1) * this.pageSize, this.pageSize],
      (row: ProductRow) => urlEntry(`${origin}${productPagePath(row.slug)}`, row.created_at),
      out,
    );
  }

  /** Home, each type's listing, each category's and each subcategory's. */
  writePages(origin: string, out: NodeJS.WritableStream, source = this.dataSource): Promise<void> {
    const fixed = fixedPagePaths().map((path) => urlEntry(`${origin}${path}`)).join('');
    return this.stream(
      source,
      `SELECT product_type, category, subcategory FROM (
         SELECT c.product_type, c.slug AS category, NULL AS subcategory, c.sort_order, c.name, c.id, 0 AS level FROM categories c
         UNION ALL
         SELECT c.product_type, c.slug, s.slug, c.sort_order, c.name, c.id, 1 FROM subcategories s JOIN categories c ON c.id = s.category_id
       ) listing
       ORDER BY array_position(ARRAY['equipment', 'service', 'affiliate'], product_type::text), sort_order, name, id, level, subcategory`,
      [],
      (row: ListingRow) => urlEntry(`${origin}${marketplacePath({ type: row.product_type, category: row.category, subcategory: row.subcategory ?? undefined })}`),
      out,
      fixed,
    );
  }

  /**
   * Runs `sql` through a cursor on a connection of its own, writing each row's XML between the
   * urlset's tags as it comes, at the pace the client reads. Nothing is written before the first row
   * (or the end) arrives, so a query that fails at once leaves the response unsent: a clean error.
   */
  private async stream<Row>(source: DataSource, sql: string, values: unknown[], toXml: (row: Row) => string, out: NodeJS.WritableStream, prefix = ''): Promise<void> {
    const [client, release] = (await source.driver.obtainMasterConnection()) as [pg.PoolClient, (error?: unknown) => void];
    let failure: unknown;
    try {
      const rows = client.query(new QueryStream(sql, values, { batchSize: BATCH_ROWS })) as AsyncIterable<Row>;
      // the opening tags wait for the first row; then about 16 KB of XML per write, not one per URL
      let pending = '';
      let opened = false;
      for await (const row of rows) {
        if (!opened) pending = URLSET_OPEN + prefix;
        opened = true;
        pending += toXml(row);
        if (pending.length >= WRITE_CHARS) {
          await write(out, pending);
          pending = '';
        }
      }
      await write(out, (opened ? pending : URLSET_OPEN + prefix) + URLSET_CLOSE);
      out.end();
    } catch (error) {
      failure = error;
      throw error;
    } finally {
      // a client whose cursor was cut off mid-stream is discarded rather than returned to the pool
      release(failure);
    }
  }
}

/** Writes `chunk`, waiting for `drain` when the response's buffer is full; rejects if the client goes away. */
function write(out: NodeJS.WritableStream, chunk: string): Promise<void> {
  if (out.write(chunk)) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const settle = (error?: Error) => {
      out.off('drain', drained);
      out.off('close', closed);
      if (error) reject(error);
      else resolve();
    };
    const drained = () => settle();
    const closed = () => settle(new Error('the client closed the connection'));
    out.on('drain', drained);
    out.on('close', closed);
  });
}
