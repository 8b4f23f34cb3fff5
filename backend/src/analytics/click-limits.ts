/** The partner-click endpoint's limits: the per-address rate is shared by every instance (rate_limits), the rest are per instance. */
export const CLICK_LIMITS = {
  /** requests per client address in RATE_WINDOW_MS (a click is two: beacon and ping); more answer 429 */
  perAddress: 100,
  rateWindowMs: 10_000,
  /** clicks counted per visitor in BURST_WINDOW_MS; more are answered 204 and not counted */
  perVisitor: 30,
  burstWindowMs: 60_000,
  /** how long a click id (or visitor, product and second) is remembered to drop the second report of a click */
  duplicateMs: 10_000,
  /** most addresses, visitors or click ids one window keeps */
  maxKeys: 200_000,
} as const;
