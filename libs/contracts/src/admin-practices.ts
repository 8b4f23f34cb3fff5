/**
 * The admin's practices (issue 36, "the admin's view"): the Customers tab's Practices list, a
 * practice's drawer (its people, orders and invoices) and disabling a practice with its people.
 * Imported as '@dentalmarket/contracts/admin-practices': only the admin's remote downloads it.
 */
import type { OrderStatus, OrderSummary } from './orders.js';
import type { PaymentTerms, PracticeRole } from './practices.js';

export const ADMIN_PRACTICE_SORT_FIELDS = ['name', 'created', 'members', 'open_balance'] as const;
export type AdminPracticeSortField = (typeof ADMIN_PRACTICE_SORT_FIELDS)[number];

/** A practice's drawer lists at most this many of its people (the newest count is said beside them). */
export const ADMIN_PRACTICE_MEMBERS_SHOWN = 100;
/** The owners a practices row names; the rest are counted. */
export const ADMIN_PRACTICE_OWNERS_SHOWN = 3;
/** A practice's orders and invoices are counted up to this many (then 'more than'). */
export const ADMIN_PRACTICE_COUNT_CAP = 10_000;

export interface AdminPracticeListQuery {
  /** the starts of words of the practice's name (`harb`, `Harbour De`), or the start of a member's email, or `@domain` */
  q?: string;
  /** default name, A to Z */
  sort?: AdminPracticeSortField;
  direction?: 'asc' | 'desc';
  page?: number;
  /** at most 100 */
  limit?: number;
}

export interface AdminPracticeRow {
  id: number;
  name: string;
  created_at: string;
  /** its shopper accounts (any status) */
  members: number;
  /** the names of up to ADMIN_PRACTICE_OWNERS_SHOWN owners (full name, else username), oldest account first */
  owners: string[];
  owner_count: number;
  payment_terms: PaymentTerms;
  net_days: number | null;
  credit_limit: string | null;
  /** unpaid, uncancelled invoices (dollars) */
  open_balance: string;
  /** when an admin disabled the practice (and its people); null while enabled */
  disabled_at: string | null;
  /** its tax-exemption certificate and the last day it is valid (YYYY-MM-DD); both null: not exempt */
  tax_exempt_certificate: string | null;
  tax_exempt_until: string | null;
}

export interface AdminPracticeListResponse {
  practices: AdminPracticeRow[];
  /** exact; with a search counted up to 1,000 (then 1,000 with total_capped) */
  total: number;
  total_capped?: boolean;
  page: number;
  limit: number;
}

export interface AdminPracticeMember {
  user_id: number;
  username: string;
  full_name: string | null;
  email: string;
  role: PracticeRole;
  /** when the account was disabled; null while it may sign in */
  disabled_at: string | null;
  /** disabled because its practice was (enabling the practice enables it again) */
  disabled_with_practice: boolean;
}

/** GET /api/admin/practices/:id */
export interface AdminPracticeDetail extends AdminPracticeRow {
  phone: string | null;
  tax_id: string | null;
  /** up to ADMIN_PRACTICE_MEMBERS_SHOWN: owners first, then purchasers, then assistants */
  people: AdminPracticeMember[];
}

export interface AdminPracticePageQuery {
  page?: number;
  /** at most 50 */
  limit?: number;
}

/** GET /api/admin/practices/:id/orders: newest first. */
export interface AdminPracticeOrders {
  orders: OrderSummary[];
  /** exact up to ADMIN_PRACTICE_COUNT_CAP, then that with total_capped */
  total: number;
  total_capped?: boolean;
  page: number;
  limit: number;
}

export const INVOICE_STATES = ['unpaid', 'overdue', 'paid', 'cancelled'] as const;
export type InvoiceState = (typeof INVOICE_STATES)[number];

export interface AdminPracticeInvoice {
  number: string;
  created_at: string;
  total: string;
  order_status: OrderStatus;
  payment_due_at: string;
  paid_at: string | null;
  /** paid; cancelled (the order was); overdue (unpaid after its due date); else unpaid */
  state: InvoiceState;
}

/** GET /api/admin/practices/:id/invoices: the orders placed on invoice terms, latest due date first. */
export interface AdminPracticeInvoices {
  invoices: AdminPracticeInvoice[];
  total: number;
  total_capped?: boolean;
  page: number;
  limit: number;
}

export const ADMIN_PRACTICE_MESSAGES = {
  notFound: 'Practice not found',
  /** POST /api/admin/customers/:id/enable of a person whose practice is disabled */
  enableInDisabledPractice: "This account's practice is disabled: enable the practice first",
  /** accepting an invitation to a disabled practice */
  invitationToDisabledPractice: 'This practice is disabled: ask DentalMarket to enable it first',
} as const;
