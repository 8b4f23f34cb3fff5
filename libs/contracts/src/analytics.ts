/**
 * Analytics (issue 21): what the shop records for the admin's analytics tab. A partner product's
 * 'View Product' link reports its click to PARTNER_CLICKS_ROUTE twice over (navigator.sendBeacon
 * with a PartnerClickBody, and the link's `ping` attribute with the same fields in its query); the
 * API counts the pair once. The product search records its normalised terms (normaliseSearchTerm).
 */

/** Where a partner link's click is reported: POST, answered 204 at once. */
export const PARTNER_CLICKS_ROUTE = '/api/partner-clicks';

/**
 * The beacon's body (JSON, sent as text/plain by navigator.sendBeacon). A ping sends the same
 * fields as query parameters of PARTNER_CLICKS_ROUTE (`?productId=12&clickId=…&from=…`).
 */
export interface PartnerClickBody {
  /** the partner (affiliate) product whose link was followed */
  productId: number;
  /** a UUID made once per click, sent in the beacon and in the ping: the pair counts once */
  clickId?: string;
  /** the shop page the link was on: path and query only, e.g. /marketplace?type=affiliate */
  from?: string;
}

export const ANALYTICS_LIMITS = {
  /** longest `from` (path and query) a click records */
  fromMax: 512,
  /** longest search term recorded, after normalising */
  searchTermMax: 100,
} as const;

/**
 * A search term as the analytics count it: trimmed, lower-case, runs of white space as one space,
 * at most ANALYTICS_LIMITS.searchTermMax characters (never ending in half a surrogate pair).
 * '' for a term that is only white space.
 */
export function normaliseSearchTerm(term: string): string {
  const normal = term.trim().replace(/\s+/gu, ' ').toLowerCase();
  if (normal.length <= ANALYTICS_LIMITS.searchTermMax) return normal;
  const cut = normal.slice(0, ANALYTICS_LIMITS.searchTermMax);
  return (/[\ud800-\udbff]$/.test(cut) ? cut.slice(0, -1) : cut).trimEnd();
}

/** The admin's Analytics tab (GET /api/admin/analytics/…): every figure over a range of UTC days. */
export interface AnalyticsRange {
  /** first UTC day, inclusive, e.g. '2026-11-01'; default 29 days before `to` */
  from?: string;
  /** last UTC day, inclusive; default today (UTC) */
  to?: string;
}

/** Longest range one request may ask for, in days. */
export const ANALYTICS_RANGE_MAX_DAYS = 366;

/** GET /api/admin/analytics/orders: orders placed and revenue per UTC day (every day of the range, zeros included). */
export interface OrdersPerDay {
  from: string;
  to: string;
  days: Array<{
    day: string;
    /** orders placed that day, any status */
    orders: number;
    /** their total in dollars ('1234.56'), cancelled orders excluded */
    revenue: string;
  }>;
  totals: { orders: number; revenue: string };
}

/** GET /api/admin/analytics/partner-clicks: counted clicks per UTC day (every day, zeros included) and per partner (manufacturer). */
export interface PartnerClicksReport {
  from: string;
  to: string;
  days: Array<{ day: string; clicks: number }>;
  /** the partners with the most clicks in the range, most first (at most 20; `others` counts the rest) */
  partners: Array<{ manufacturer: string; clicks: number }>;
  others: number;
  total: number;
}

/** GET /api/admin/analytics/searches: the most searched terms, and those that found nothing. */
export interface SearchTermsReport {
  from: string;
  to: string;
  /** at most 20, most searched first */
  top: Array<{ term: string; searches: number; zero_results: number }>;
  /** terms that found nothing at least once, most often first (at most 20) */
  no_results: Array<{ term: string; searches: number }>;
}

/**
 * GET /api/admin/analytics/partner-clicks.csv?from=&to=: one row per day, partner and product with
 * clicks (columns `day,manufacturer,product_id,product_name,clicks`), for the partner's invoice.
 */
export const PARTNER_CLICKS_CSV_COLUMNS = ['day', 'manufacturer', 'product_id', 'product_name', 'clicks'] as const;
