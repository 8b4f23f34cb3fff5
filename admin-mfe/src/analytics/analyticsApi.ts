import type { AnalyticsRange, OrdersPerDay, PartnerClicksReport, SearchTermsReport } from '@dentalmarket/contracts';
import { api, getApiBaseUrl, type DmExtraOptions } from '@dentalmarket/store';

/** Every admin call is sent with session-expiry handling (SPEC §6). */
const admin: DmExtraOptions = { sessionHandling: true };

/** The admin's analytics routes below the API's base URL (issue 21, libs/contracts/src/analytics.ts). */
const ANALYTICS = '/admin/analytics';

/** A range as the query: only the ends given (the API defaults the others: the last 30 UTC days). */
function rangeParams({ from, to }: AnalyticsRange): Record<string, string> {
  return { ...(from ? { from } : {}), ...(to ? { to } : {}) };
}

/**
 * The admin's Analytics tab: every figure over a range of UTC days, answered by aggregate queries.
 * Not cached once the tab is left (keepUnusedDataFor 0): reopened, it shows the figures as they are now.
 */
export const analyticsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/admin/analytics/orders: orders placed and revenue per day, every day of the range. */
    getOrdersPerDay: build.query<OrdersPerDay, AnalyticsRange>({
      query: (range) => ({ url: `${ANALYTICS}/orders`, params: rangeParams(range) }),
      extraOptions: admin,
      keepUnusedDataFor: 0,
    }),
    /** GET /api/admin/analytics/partner-clicks: counted partner clicks per day and per partner. */
    getPartnerClicks: build.query<PartnerClicksReport, AnalyticsRange>({
      query: (range) => ({ url: `${ANALYTICS}/partner-clicks`, params: rangeParams(range) }),
      extraOptions: admin,
      keepUnusedDataFor: 0,
    }),
    /** GET /api/admin/analytics/searches: the most searched terms and those that found nothing. */
    getSearchTerms: build.query<SearchTermsReport, AnalyticsRange>({
      query: (range) => ({ url: `${ANALYTICS}/searches`, params: rangeParams(range) }),
      extraOptions: admin,
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useGetOrdersPerDayQuery, useGetPartnerClicksQuery, useGetSearchTermsQuery } = analyticsApi;

/**
 * GET /api/admin/analytics/partner-clicks.csv?from&to: the range's clicks per day, partner and
 * product as a CSV attachment, for a plain link (the session cookie authorises it).
 */
export function partnerClicksCsvHref(range: AnalyticsRange): string {
  const query = new URLSearchParams(rangeParams(range)).toString();
  return `${getApiBaseUrl()}${ANALYTICS}/partner-clicks.csv${query ? `?${query}` : ''}`;
}
