import { type BeforeApplicationShutdown, Inject, Injectable, Logger } from '@nestjs/common';
import { Database } from '../database/database.js';
import { isUnavailable, isUnreachable } from '../database/database-status.js';
import { Transactions } from '../database/transactions.js';

/** One click to record (a product that is not a partner product, or no product, is dropped at the flush). */
export interface ClickRow {
  productId: number;
  clickedAt: Date;
  referrerPath: string | null;
  /** 32 bytes, hex */
  visitorHash: string;
  /** the page's id for this click (beacon and ping send the same one); null when the report had none */
  clickId: string | null;
}

/** How soon buffered rows are written, and how many clicks make a flush start at once. */
export const FLUSH_INTERVAL_MS = 250;
export const FLUSH_CLICKS = 1_000;
/** After a failed flush (the database is down), the next try. */
const RETRY_MS = 2_000;
/** What is kept while the database cannot be written: past it, new rows are dropped (and counted in the log). */
const MAX_BUFFERED_CLICKS = 100_000;
const MAX_BUFFERED_TERMS = 20_000;

const utcDay = (at: Date) => at.toISOString().slice(0, 10);

/**
 * One statement: the batch unnested, only clicks of partner (affiliate) products that exist inserted,
 * and exactly those rows rolled up per UTC day and product (ordered, so two instances flushing at
 * once take the rollup's row locks in the same order).
 */
const INSERT_CLICKS = `
  WITH batch AS (
    SELECT * FROM unnest($1::int[], $2::timestamptz[], $3::text[], $4::text[], $5::uuid[]) AS b(product_id, clicked_at, referrer_path, visitor_hash, click_id)
  ), counted AS (
    -- a click whose beacon and ping reached two instances is counted by the first write of its id
    INSERT INTO partner_clicks (product_id, clicked_at, referrer_path, visitor_hash, click_id)
    SELECT b.product_id, b.clicked_at, b.referrer_path, decode(b.visitor_hash, 'hex'), b.click_id
      FROM batch b JOIN products p ON p.id = b.product_id AND p.product_type = 'affiliate'
    ON CONFLICT (click_id) DO NOTHING
    RETURNING product_id, clicked_at
  )
  INSERT INTO partner_click_days AS d (day, product_id, manufacturer, clicks)
  SELECT (c.clicked_at AT TIME ZONE 'UTC')::date, c.product_id, p.manufacturer, count(*)::int
    FROM counted c JOIN products p ON p.id = c.product_id
   GROUP BY 1, 2, 3
   ORDER BY 1, 2
  ON CONFLICT (day, product_id) DO UPDATE SET clicks = d.clicks + excluded.clicks, manufacturer = excluded.manufacturer`;

const UPSERT_SEARCH_TERMS = `
  INSERT INTO search_term_days AS s (day, term, searches, zero_results)
  SELECT * FROM unnest($1::date[], $2::text[], $3::int[], $4::int[]) ORDER BY 1, 2
  ON CONFLICT (day, term) DO UPDATE SET searches = s.searches + excluded.searches, zero_results = s.zero_results + excluded.zero_results`;

interface TermCount {
  day: string;
  term: string;
  searches: number;
  zeroResults: number;
}

/**
 * The analytics' buffered writer: partner clicks and search terms are kept in memory and written
 * every FLUSH_INTERVAL_MS (or at once when FLUSH_CLICKS clicks wait), each flush one transaction of
 * two multi-row statements, so a request that records something never waits for the database.
 * Search terms are summed per (day, term) in memory first.
 *
 * The price of answering at once: a crash (or a kill) loses what the buffer holds, at most about a
 * quarter of a second of clicks and searches. A graceful shutdown loses nothing: the buffer is
 * written before the database closes. While the database is down (or times out), the rows wait (up
 * to MAX_BUFFERED_CLICKS / MAX_BUFFERED_TERMS) and are written when it is back; a batch that fails
 * otherwise is logged and dropped.
 */
@Injectable()
export class AnalyticsWriter implements BeforeApplicationShutdown {
  private readonly logger = new Logger('Analytics');
  private clicks: ClickRow[] = [];
  private terms = new Map<string, TermCount>();
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> | undefined;
  private dropped = 0;
  private stopped = false;

  constructor(
    private readonly transactions: Transactions,
    @Inject(Database) private readonly database: Database,
  ) {}

  /** Buffers a click. */
  addClick(row: ClickRow): void {
    if (this.clicks.length >= MAX_BUFFERED_CLICKS) {
      this.dropped += 1;
      return;
    }
    this.clicks.push(row);
    if (this.clicks.length >= FLUSH_CLICKS) this.schedule(0);
    else this.schedule(FLUSH_INTERVAL_MS);
  }

  /** Buffers one search of a normalised term (non-empty), and whether it found nothing. */
  addSearch(term: string, zeroResults: boolean, at = new Date()): void {
    const day = utcDay(at);
    const key = `${day}\n${term}`;
    let count = this.terms.get(key);
    if (!count) {
      if (this.terms.size >= MAX_BUFFERED_TERMS) {
        this.dropped += 1;
        return;
      }
      count = { day, term, searches: 0, zeroResults: 0 };
      this.terms.set(key, count);
    }
    count.searches += 1;
    if (zeroResults) count.zeroResults += 1;
    this.schedule(FLUSH_INTERVAL_MS);
  }

  /** Rows waiting to be written (for tests and metrics). */
  get pending(): { clicks: number; searchTerms: number } {
    return { clicks: this.clicks.length, searchTerms: this.terms.size };
  }

  /** Writes everything buffered so far (and waits for a flush already running). */
  async flush(): Promise<void> {
    while (this.flushing) await this.flushing.catch(() => undefined);
    if (this.clicks.length === 0 && this.terms.size === 0) return;
    clearTimeout(this.timer);
    this.timer = undefined;
    this.flushing = this.write().finally(() => (this.flushing = undefined));
    await this.flushing;
  }

  /** The last rows before the database closes (Nest calls this before DatabaseLifecycle's shutdown hook). */
  async beforeApplicationShutdown(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    this.timer = undefined;
    // a failure was reported by write(): what it held is lost with the process
    await this.flush().catch(() => undefined);
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    if (this.timer) {
      if (delayMs > 0) return; // a flush is due soon anyway
      clearTimeout(this.timer);
    }
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.flush().catch(() => undefined); // write() reports its own failure
    }, delayMs);
    this.timer.unref();
  }

  /** One transaction for the current buffers; on failure they go back in front of what came since. */
  private async write(): Promise<void> {
    const clicks = this.clicks;
    const terms = [...this.terms.values()];
    this.clicks = [];
    this.terms = new Map();
    try {
      await this.transactions.run(async (manager) => {
        if (clicks.length > 0) {
          await manager.query(INSERT_CLICKS, [
            clicks.map((c) => c.productId),
            clicks.map((c) => c.clickedAt.toISOString()),
            clicks.map((c) => c.referrerPath),
            clicks.map((c) => c.visitorHash),
            clicks.map((c) => c.clickId),
          ]);
        }
        if (terms.length > 0) {
          await manager.query(UPSERT_SEARCH_TERMS, [terms.map((t) => t.day), terms.map((t) => t.term), terms.map((t) => t.searches), terms.map((t) => t.zeroResults)]);
        }
      });
      if (this.dropped > 0) {
        this.logger.warn(`${this.dropped} analytics rows were dropped while the database could not be written`);
        this.dropped = 0;
      }
    } catch (error) {
      if (isUnavailable(error)) {
        // the database is down or overloaded: the rows wait for it
        this.putBack(clicks, terms);
        if (isUnreachable(error)) this.database.status.suspect(error as Error);
        this.schedule(RETRY_MS);
      } else {
        // anything else would fail again with the same rows: they are dropped, not retried forever
        this.logger.error(`writing ${clicks.length} partner clicks and ${terms.length} search terms failed, and they were dropped: ${(error as Error).message}`);
      }
      throw error;
    }
  }

  private putBack(clicks: ClickRow[], terms: TermCount[]): void {
    const room = Math.max(0, MAX_BUFFERED_CLICKS - this.clicks.length);
    this.dropped += Math.max(0, clicks.length - room);
    this.clicks = [...clicks.slice(0, room), ...this.clicks];
    for (const kept of terms) {
      const key = `${kept.day}\n${kept.term}`;
      const count = this.terms.get(key);
      if (count) {
        count.searches += kept.searches;
        count.zeroResults += kept.zeroResults;
      } else if (this.terms.size < MAX_BUFFERED_TERMS) this.terms.set(key, kept);
      else this.dropped += kept.searches;
    }
  }
}
