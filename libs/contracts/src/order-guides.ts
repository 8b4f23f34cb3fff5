/**
 * Order guides (issue 36): a practice's named lists of products with default quantities, shared by
 * every member. The API's /api/order-guides routes, the shopper's Order guides page and the
 * storefront's 'Add to list' share these shapes. Imported as '@dentalmarket/contracts/order-guides'
 * for the limits and words (the main entry re-exports the types only).
 */

export const ORDER_GUIDE_LIMITS = {
  /** a guide's name, trimmed */
  nameMax: 120,
  /** lines on one guide */
  linesMax: 200,
  /** guides one practice keeps */
  guidesMax: 500,
  /** a line's default quantity: what one order line takes at checkout */
  quantityMax: 999,
  /** guides a page of GET /api/order-guides holds at most */
  pageMax: 100,
} as const;

/** Why a line of a guide is not added to the cart by 'Add all to cart'. */
export const ORDER_GUIDE_LINE_PROBLEMS = ['not_found', 'not_equipment', 'out_of_stock'] as const;
export type OrderGuideLineProblem = (typeof ORDER_GUIDE_LINE_PROBLEMS)[number];

/** Each problem as the Order guides page says it, after the line's name. */
export const ORDER_GUIDE_PROBLEM_TEXT: Readonly<Record<OrderGuideLineProblem, string>> = {
  not_found: 'is no longer in the catalogue',
  not_equipment: 'can no longer be ordered here',
  out_of_stock: 'is out of stock',
};

/** A guide in the practice's list. */
export interface OrderGuideSummary {
  id: number;
  name: string;
  line_count: number;
  /** who last changed it: a member's full name, else the username; null once that account is gone */
  updated_by: string | null;
  created_at: string;
  updated_at: string;
}

export interface OrderGuideListResponse {
  guides: OrderGuideSummary[];
  total: number;
  page: number;
  limit: number;
}

/** A line of a guide, with the catalogue's product as it is now (null once the product was deleted). */
export interface OrderGuideLine {
  id: number;
  /** null once the product was deleted from the catalogue */
  product_id: number | null;
  /** the product's name now, or as it was when added (a deleted product) */
  name: string;
  manufacturer: string;
  quantity: number;
  /** today's price, two decimals; null for a deleted product */
  price: string | null;
  image_url: string | null;
  slug: string | null;
  /** null when the line can be ordered now */
  problem: OrderGuideLineProblem | null;
}

export interface OrderGuide extends OrderGuideSummary {
  lines: OrderGuideLine[];
}

/** POST /api/order-guides: a name, and the first lines, or the lines of one of the practice's orders (`from_order`). */
export interface OrderGuideCreate {
  name: string;
  lines?: OrderGuideLineInput[];
  /** an order number of the practice: the guide takes its lines and quantities */
  from_order?: string;
}

export interface OrderGuideLineInput {
  product_id: number;
  quantity: number;
}

/** PATCH /api/order-guides/:id */
export interface OrderGuideUpdate {
  name: string;
}

/** PATCH /api/order-guides/:id/lines/:lineId: a new quantity, a new place (0 = first), or both. */
export interface OrderGuideLineUpdate {
  quantity?: number;
  position?: number;
}

/** A line 'Add all to cart' adds: the product as the cart keeps it, at today's price. */
export interface OrderGuideCartLine {
  id: number;
  name: string;
  manufacturer: string;
  price: string;
  image_url: string | null;
  quantity: number;
}

/** A line 'Add all to cart' skips, and why. */
export interface OrderGuideSkippedLine {
  line_id: number;
  product_id: number | null;
  name: string;
  problem: OrderGuideLineProblem;
}

/** POST /api/order-guides/:id/add-to-cart: prices and availability checked now. */
export interface OrderGuideCartResponse {
  lines: OrderGuideCartLine[];
  skipped: OrderGuideSkippedLine[];
}
