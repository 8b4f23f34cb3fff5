/**
 * Orders (issue 18): the wire shapes shared by the API, the checkout remote's order screens and the
 * admin's Orders tab. Money is a two-decimal string of US dollars, as on products; the database
 * keeps integer cents. Card fields never appear here: they never leave the browser.
 */
import { CHECKOUT } from './limits.js';
import { type Cents, percentOf } from './money.js';

export interface OrderTotals {
  subtotal: Cents;
  shipping: Cents;
  tax: Cents;
  total: Cents;
}

/**
 * SPEC §9, the one rule for the checkout's display and the server's pricing: flat $15 shipping
 * (none on an empty cart), tax 8 % of the subtotal rounded half up to the cent, total = subtotal +
 * shipping + tax; all in integer cents.
 */
export function orderTotals(subtotal: Cents, taxExempt = false): OrderTotals {
  const shipping = subtotal > 0 ? CHECKOUT.shippingCents : 0;
  // issue 36: a practice with a valid tax-exemption certificate pays no tax
  const tax = taxExempt ? 0 : percentOf(subtotal, CHECKOUT.taxPercent);
  return { subtotal, shipping, tax, total: subtotal + shipping + tax };
}

/** Issue 36: why an order carries no tax, as the order's pages, the admin and the emails say it. */
export const taxExemptReason = (certificate: string, validUntil: string) => `Tax exempt (certificate ${certificate}, valid until ${validUntil})`;

/** POST /api/orders (409): the tax the checkout showed (expected_tax) is not the order's, the practice's exemption changed meanwhile. */
export const taxChangedMessage = (expected: string, actual: string) =>
  `The order's tax is now $${actual}, not the $${expected} shown: your practice's tax exemption changed. Check the totals and submit again`;

/**
 * Every status an order can have. The first is before an order is placed (issue 36: a practice's
 * order that needs an owner's approval), the last two end such an order unplaced; the supplier
 * (the admin) sees only SUPPLIER_ORDER_STATUSES.
 */
export const ORDER_STATUSES = ['awaiting_approval', 'placed', 'processing', 'shipped', 'delivered', 'cancelled', 'declined', 'expired'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** The statuses of placed orders: the admin's grid, drawer, export, figures and status changes know only these. */
export const SUPPLIER_ORDER_STATUSES = ['placed', 'processing', 'shipped', 'delivered', 'cancelled'] as const satisfies readonly OrderStatus[];
export type SupplierOrderStatus = (typeof SUPPLIER_ORDER_STATUSES)[number];

/** Each status as shoppers and admins read it. */
export const ORDER_STATUS_LABELS: Readonly<Record<OrderStatus, string>> = {
  awaiting_approval: 'Awaiting approval',
  placed: 'Placed',
  processing: 'Processing',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
  declined: 'Declined',
  expired: 'Expired',
};

/**
 * The only status changes the admin's API accepts; any other answers 409. `cancelled` needs a reason.
 * An order awaiting approval is the practice's to approve or decline (POST /api/orders/:number/approve,
 * /decline); it expires by itself: no admin change reaches or leaves those statuses.
 */
export const ORDER_TRANSITIONS: Readonly<Record<OrderStatus, readonly SupplierOrderStatus[]>> = {
  awaiting_approval: [],
  placed: ['processing', 'cancelled'],
  processing: ['shipped', 'cancelled'],
  shipped: ['delivered'],
  delivered: [],
  cancelled: [],
  declined: [],
  expired: [],
};

/** The checkout form's shipping part (SPEC §5), same names as the form. */
export interface ShippingAddress {
  fullName: string;
  email: string;
  address: string;
  city: string;
  state: string;
  zipCode: string;
}

/** A cart line as posted: the product, the quantity, and the unit price the shopper saw. */
export interface OrderLineInput {
  product_id: number;
  quantity: number;
  /** e.g. "1299.00"; a different current price answers 409 */
  unit_price: string;
}

/** POST /api/orders, with an `Idempotency-Key: <uuid>` header made once per checkout attempt. */
export interface CreateOrderRequest {
  lines: OrderLineInput[];
  shipping: ShippingAddress;
  /** the practice's purchase-order number (issue 36): optional, unless the practice requires one; PO_NUMBER_RULES */
  po_number?: string | null;
  /** issue 36: the tax the checkout showed (e.g. "0.00" for a tax-exempt practice); when sent and not the order's, 409 (taxChangedMessage) */
  expected_tax?: string;
}

/** A line as ordered: a snapshot, never changed by later catalogue edits. */
export interface OrderLine {
  product_id: number;
  name: string;
  manufacturer: string;
  unit_price: string;
  image_url: string | null;
  quantity: number;
  line_total: string;
}

export interface OrderEvent {
  from_status: OrderStatus | null;
  to_status: OrderStatus;
  /** 'customer', 'guest', 'system', or the admin's username */
  actor: string;
  note: string | null;
  created_at: string;
}

export interface Order {
  /** public, unguessable, e.g. "DM-7K3QX9" */
  number: string;
  status: OrderStatus;
  email: string;
  shipping: ShippingAddress;
  currency: 'USD';
  subtotal: string;
  shipping_cost: string;
  tax: string;
  total: string;
  carrier: string | null;
  tracking_number: string | null;
  lines: OrderLine[];
  events: OrderEvent[];
  created_at: string;
  updated_at: string;
  /** the shopper's reads (issue 36): the practice member who placed it (full name, else username); absent elsewhere */
  placed_by?: string | null;
  /** the practice's purchase-order number, or null */
  po_number: string | null;
  /** the owner who approved it (issue 36), null when it needed no approval (or the account is gone); the shopper's reads only */
  approved_by?: string | null;
  /** when an owner approved it, or null */
  approved_at: string | null;
  /** while it awaits approval: when it expires unless approved; otherwise null */
  approval_expires_at: string | null;
  /** paid by invoice (the practice's terms, issue 36): when payment is due; null for a card order */
  payment_due_at: string | null;
  /** issue 36: the practice's tax-exemption certificate the order was placed under (its tax is 0), or null */
  tax_exempt_certificate: string | null;
  /** the last day (YYYY-MM-DD) that certificate was valid, or null */
  tax_exempt_until: string | null;
  /** an invoice: the payments recorded against it so far (dollars, "0.00" until the first); a card order: its total */
  amount_paid: string;
  /** an invoice: when payments reached its total (null while any of it is outstanding); null for a card order */
  paid_at: string | null;
}

/** A row of the shopper's list (GET /api/orders) and of the admin grid (GET /api/admin/orders). */
export interface OrderSummary {
  number: string;
  status: OrderStatus;
  email: string;
  full_name: string;
  total: string;
  line_count: number;
  created_at: string;
  /** the shopper's list (issue 36): the practice member who placed it; absent in the admin grid */
  placed_by?: string | null;
  /** the practice's purchase-order number, or null */
  po_number: string | null;
  /** while it awaits approval: when it expires unless approved; otherwise null */
  approval_expires_at: string | null;
  /** an invoice (issue 36): when payment is due; null for a card order */
  payment_due_at: string | null;
  /** an invoice: when it was paid in full, or null */
  paid_at: string | null;
  /** an invoice: what is left to pay (dollars); "0.00" for a card order */
  outstanding: string;
}

export interface OrderListResponse {
  orders: OrderSummary[];
  /** exact, except for a search in the admin grid: counted up to 1,000, then 1,000 with `total_capped` */
  total: number;
  /** the admin grid's search matched more than `total` orders (the count stops at 1,000) */
  total_capped?: boolean;
  page: number;
  limit: number;
}

/** GET /api/admin/orders query: search by number, email or name; status; created_at range; sort. */
export interface AdminOrderListQuery {
  q?: string;
  status?: SupplierOrderStatus;
  /** ISO dates (YYYY-MM-DD), inclusive */
  from?: string;
  to?: string;
  sort?: 'created_at' | 'total';
  order?: 'asc' | 'desc';
  /** issue 36: only unpaid invoices past their due date, the longest overdue first (sort and order do not apply) */
  overdue?: 'true' | 'false';
  page?: number;
  limit?: number;
}

/** POST /api/admin/orders/:number/status */
export interface OrderStatusChange {
  status: SupplierOrderStatus;
  /** required for 'cancelled' (the reason) */
  note?: string;
  carrier?: string;
  tracking_number?: string;
}

/** POST /api/orders/lookup: a guest finds an order by its number and email (404 if they don't match). */
export interface OrderLookupRequest {
  number: string;
  email: string;
}

/** Why a posted line cannot be ordered as sent. */
export type OrderLineProblem = 'not_found' | 'not_equipment' | 'out_of_stock' | 'price_changed';

export interface OrderLineConflict {
  product_id: number;
  problem: OrderLineProblem;
  /** the catalogue's name and price now; null when the product no longer exists */
  name: string | null;
  current_price: string | null;
}

/** 409 body of POST /api/orders: the usual error fields plus each line that needs the shopper's eye. */
export interface OrderConflictResponse {
  statusCode: 409;
  message: string;
  error: 'Conflict';
  lines: OrderLineConflict[];
}

/** GET /api/admin/orders/stats: the dashboard's three figures. */
export interface OrderStats {
  orders_today: number;
  /** exact, e.g. "12345.67" */
  revenue_this_month: string;
  best_sellers: Array<{ product_id: number; name: string; quantity: number }>;
  /** issue 36: unpaid invoices past their due date, and what is left to pay of them (dollars) */
  overdue_invoices: number;
  overdue_amount: string;
}

/** A payment the admin recorded against an invoice (issue 36). */
export interface OrderPayment {
  id: number;
  /** dollars, e.g. "120.00" */
  amount: string;
  /** the day the money was paid (YYYY-MM-DD) */
  paid_on: string;
  reference: string | null;
  note: string | null;
  /** the admin's username (or the API key) that recorded it */
  recorded_by: string;
  created_at: string;
}

/** POST /api/admin/orders/:number/payments: a payment of part or all of what is outstanding. */
export interface OrderPaymentCreate {
  amount: string;
  /** YYYY-MM-DD; not in the future */
  paid_on: string;
  reference?: string;
  note?: string;
}

/** An invoice's payments and where it stands. */
export interface OrderPayments {
  number: string;
  total: string;
  amount_paid: string;
  outstanding: string;
  payment_due_at: string;
  paid_at: string | null;
  payments: OrderPayment[];
}

/**
 * Routes:
 *   POST /api/orders                       → 201 Order (guest or signed in); 400 naming the field; 409 OrderConflictResponse
 *   GET  /api/orders?page&limit            → OrderListResponse (signed in: own orders, newest first)
 *   GET  /api/orders/:number               → Order (own only; 404 otherwise)
 *   POST /api/orders/lookup                → Order (number + email; 404 otherwise)
 *   GET  /api/admin/orders?AdminOrderListQuery → OrderListResponse
 *   GET  /api/admin/orders/stats           → OrderStats
 *   GET  /api/admin/orders/export.csv?same filters → text/csv, streamed
 *   GET  /api/admin/orders/:number         → Order
 *   POST /api/admin/orders/:number/status  → Order; 409 if the change is not in ORDER_TRANSITIONS
 *   GET  /api/admin/orders/:number/payments → OrderPayments (an invoice's payments; 409 for a card order)
 *   POST /api/admin/orders/:number/payments → OrderPayments (201; 409 over what is outstanding)
 *   GET  /api/admin/orders/:number/invoice.pdf, GET /api/orders/:number/invoice.pdf → application/pdf
 *   GET  /api/practice/approvals?page&limit → OrderListResponse (owners: their practice's orders awaiting approval)
 *   POST /api/orders/:number/approve       → Order (owners; placed now, its lines rechecked: 409 OrderConflictResponse)
 *   POST /api/orders/:number/decline       → Order (owners; { reason })
 */
export const ORDER_ROUTES = {
  create: '/api/orders',
  mine: '/api/orders',
  lookup: '/api/orders/lookup',
  admin: '/api/admin/orders',
  adminStats: '/api/admin/orders/stats',
  adminExport: '/api/admin/orders/export.csv',
} as const;
