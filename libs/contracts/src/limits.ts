/** Business constants and validation limits from SPEC §5 and §9, shared by API and clients. */
export const LIMITS = {
  usernameMin: 3,
  passwordMin: 6,
  nameMax: 255,
  slugMax: 255,
  priceMaxCents: 99_999_999_99, // numeric(10,2)
  ratingMax: 5,
  imageMaxBytes: 5 * 1024 * 1024,
  productSearchFetchLimit: 1000,
  defaultSortOrder: 999,
  /** largest id a client may name: PostgreSQL's integer (serial) range */
  idMax: 2_147_483_647,
  /** deepest page of a list a client may ask for */
  pageMax: 100_000,
  /** most ids in one GET /api/products?ids= */
  productIdsMax: 100,
} as const;

export const DEFAULT_CATEGORY_ICON = 'fa-folder';
export const IMAGE_MIME_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;

export const CHECKOUT = {
  shippingCents: 15_00,
  taxPercent: 8,
  processingDelayMs: 2000,
} as const;

export const TIMINGS = {
  sessionRefetchMs: 5 * 60 * 1000,
  loginCookieMaxAgeSeconds: 604_800,
  highlightMs: 800,
  modalCloseMs: 300,
  autoCloseAfterAddMs: 1500,
  debugPollMs: 3000,
  toastDurationMs: 5000,
} as const;

export const CART_STORAGE_KEY = 'shopping-cart';
/** SPEC §3 Local settings object: where the browser keeps it (read by the server-rendered page's colour-scheme check too). */
export const SETTINGS_STORAGE_KEY = 'dental-marketplace-settings';
/** A server-rendered page's data for hydration (issue 20): the id of its JSON script, written by the API, read by the shell. */
export const SERVER_STATE_SCRIPT_ID = 'dm-server-state';
/** Set on <html> by a server-rendered page for a dark-mode shopper (the API's page-start script); the shell then renders afresh. */
export const DARK_MARK = 'data-dm-dark';
/**
 * A server-rendered page answers taps before its app has started (issue 32): the page-start script
 * holds a tap on a control the app does not own yet, marks the control busy (PENDING_MARK), and once
 * the shell dispatches READY_EVENT on the document (the route's part hydrated, the saved cart restored)
 * replays it on the same element, after a REPLAY_EVENT there (a part hydrated only when seen hydrates
 * at once for it). The shell also sets READY_MARK on <html> then.
 */
export const READY_EVENT = 'dm:ready';
export const READY_MARK = 'data-dm-ready';
export const REPLAY_EVENT = 'dm:replay';
export const PENDING_MARK = 'data-dm-pending';
export const DEBUG_TEST_PRODUCT_ID = 999;
export const MOBILE_BREAKPOINT_PX = 768;
