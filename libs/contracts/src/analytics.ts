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
