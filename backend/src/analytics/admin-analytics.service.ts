import { BadRequestException, Injectable } from '@nestjs/common';
import type { Response } from 'express';
import type { DataSource } from 'typeorm';
import { addDays, ANALYTICS_RANGE_MAX_DAYS, centsToDecimal, daysSpanned, FIRST_DAY, type OrdersPerDay, PARTNER_CLICKS_CSV_COLUMNS, type PartnerClicksReport, type SearchTermsReport, utcDay } from '@dentalmarket/contracts';
import { csvLine } from '../common/csv.js';
import { streamCsv } from '../common/csv-stream.js';
import { ReadRoutes } from '../database/read-routes.js';
import type { AnalyticsRangeDto } from './dto/analytics-range.dto.js';

/** Partners and search terms listed by name; the rest of the partners' clicks are summed as `others`. */
const TOP = 20;

export interface Range {
  from: string;
  to: string;
}

/**
 * ?from=&to= (each a calendar day, checked by AnalyticsRangeDto) checked together: defaults (the
 * last 30 days, never before the calendar's first day), from ≤ to, at most ANALYTICS_RANGE_MAX_DAYS days.
 */
export function resolveRange(query: AnalyticsRangeDto, now = new Date()): Range {
  const to = query.to ?? utcDay(now);
  const from = query.from ?? [addDays(to, -29), FIRST_DAY].sort().at(-1)!;
  if (from > to) throw new BadRequestException('from must not be after to');
  if (daysSpanned(from, to) > ANALYTICS_RANGE_MAX_DAYS) throw new BadRequestException(`the range may span at most ${ANALYTICS_RANGE_MAX_DAYS} days`);
  return { from, to };
}

/**
 * The Analytics tab's figures. Every one reads a daily rollup kept in the transaction that writes
 * its facts: `order_counts` (orders and cents per day and status, a trigger on orders),
 * `partner_click_days` and `search_term_days` (the analytics writer's batches). A year's chart reads
 * at most a few hundred thousand small rows through the rollups' primary keys (day first), never
 * the million orders or ten million clicks.
 */
@Injectable()
export class AdminAnalyticsService {
  constructor(
    private readonly routes: ReadRoutes,
  ) {}

  /** The rollups' reads: on a replica when one qualifies (database/read-routes.ts), else the primary. */
  private query<T>(text: string, values: unknown[]): Promise<T> {
    return this.routes.read('analytics', (target) => target.dataSource.query(text, values) as Promise<T>);
  }

  async orders(range: Range): Promise<OrdersPerDay> {
    const rows = (await this.query(
      `SELECT to_char(d, 'YYYY-MM-DD') AS day, coalesce(sum(c.n), 0)::int AS orders,
              coalesce(sum(c.cents) FILTER (WHERE c.status <> 'cancelled'), 0)::text AS cents
         FROM generate_series($1::date, $2::date, interval '1 day') AS d
         LEFT JOIN order_counts c ON c.day = d::date
        GROUP BY d ORDER BY d`,
      [range.from, range.to],
    )) as Array<{ day: string; orders: number; cents: string }>;
    const totalCents = rows.reduce((sum, row) => sum + BigInt(row.cents), 0n);
    return {
      ...range,
      days: rows.map((row) => ({ day: row.day, orders: row.orders, revenue: centsToDecimal(Number(row.cents)) })),
      totals: { orders: rows.reduce((sum, row) => sum + row.orders, 0), revenue: centsToDecimal(Number(totalCents)) },
    };
  }

  async partnerClicks(range: Range): Promise<PartnerClicksReport> {
    const [days, partners] = await Promise.all([
      this.query(
        `SELECT to_char(d, 'YYYY-MM-DD') AS day, coalesce(sum(p.clicks), 0)::int AS clicks
           FROM generate_series($1::date, $2::date, interval '1 day') AS d
           LEFT JOIN partner_click_days p ON p.day = d::date
          GROUP BY d ORDER BY d`,
        [range.from, range.to],
      ) as Promise<Array<{ day: string; clicks: number }>>,
      this.query(
        `SELECT manufacturer, sum(clicks)::int AS clicks FROM partner_click_days
          WHERE day BETWEEN $1 AND $2 GROUP BY manufacturer ORDER BY clicks DESC, manufacturer`,
        [range.from, range.to],
      ) as Promise<Array<{ manufacturer: string; clicks: number }>>,
    ]);
    const total = days.reduce((sum, row) => sum + row.clicks, 0);
    const top = partners.slice(0, TOP);
    return { ...range, days, partners: top, others: total - top.reduce((sum, row) => sum + row.clicks, 0), total };
  }

  /** One pass over the range's rows: each term's sums once, then the most searched and the most often fruitless. */
  async searches(range: Range): Promise<SearchTermsReport> {
    const [row] = (await this.query(
      `WITH terms AS MATERIALIZED (
         SELECT term, sum(searches)::int AS searches, sum(zero_results)::int AS zero_results FROM search_term_days
          WHERE day BETWEEN $1 AND $2 GROUP BY term
       )
       SELECT (SELECT coalesce(json_agg(t), '[]') FROM (SELECT term, searches, zero_results FROM terms ORDER BY searches DESC, term LIMIT ${TOP}) t) AS top,
              (SELECT coalesce(json_agg(t), '[]') FROM (SELECT term, zero_results AS searches FROM terms WHERE zero_results > 0 ORDER BY zero_results DESC, term LIMIT ${TOP}) t) AS no_results`,
      [range.from, range.to],
    )) as Array<Pick<SearchTermsReport, 'top' | 'no_results'>>;
    return { ...range, top: row!.top, no_results: row!.no_results };
  }

  /** One row per day, partner and product with clicks, streamed: what a partner's invoice is built from. */
  partnerClicksCsv(range: Range, response: Response): Promise<void> {
    return this.routes.read('export', (target) => this.partnerClicksCsvFrom(target.dataSource, range, response));
  }

  private partnerClicksCsvFrom(source: DataSource, range: Range, response: Response): Promise<void> {
    return streamCsv<{ day: string; manufacturer: string; product_id: number; product_name: string | null; clicks: number }>(
      source,
      {
        text: `SELECT to_char(p.day, 'YYYY-MM-DD') AS day, p.manufacturer, p.product_id, pr.name AS product_name, p.clicks
                 FROM partner_click_days p LEFT JOIN products pr ON pr.id = p.product_id
                WHERE p.day BETWEEN $1 AND $2 ORDER BY p.day, p.manufacturer, p.product_id`,
        values: [range.from, range.to],
        header: PARTNER_CLICKS_CSV_COLUMNS,
        line: (row) => csvLine([row.day, row.manufacturer, row.product_id, row.product_name, row.clicks]),
      },
      response,
      { filename: `partner-clicks-${range.from}-${range.to}.csv` },
    );
  }
}
