/** The admin's Customers tab: accounts with their order figures, and turning an account off. */
import type { OrderSummary } from './orders.js';
import type { UserRole } from './enums.js';

export const CUSTOMER_SORT_FIELDS = ['registered', 'username', 'email', 'orders', 'spent', 'last_order'] as const;
export type CustomerSortField = (typeof CUSTOMER_SORT_FIELDS)[number];

export interface CustomerListQuery {
  /** the start of a username or email, case-insensitive (`jane`, `jane@`), or an email's domain (`@clinic.example`) */
  q?: string;
  role?: UserRole;
  /** default registered, newest first */
  sort?: CustomerSortField;
  direction?: 'asc' | 'desc';
  page?: number;
  /** at most 100 */
  limit?: number;
}

export interface CustomerRow {
  id: number;
  username: string;
  email: string;
  full_name: string | null;
  role: UserRole;
  registered_at: string;
  /** when the account was disabled; null while it may sign in */
  disabled_at: string | null;
  /** orders placed while signed in to the account (all statuses) */
  orders: number;
  /** the total of those orders, cancelled ones excluded, in dollars ('1234.56') */
  total_spent: string;
  last_order_at: string | null;
}

export interface CustomerListResponse {
  customers: CustomerRow[];
  /** exact up to 1,000 with a search; beyond, 1,000 with `total_capped` */
  total: number;
  total_capped?: boolean;
  page: number;
  limit: number;
}

/** GET /api/admin/customers/:id: the account and its newest orders. */
export interface CustomerDetail extends CustomerRow {
  recent_orders: OrderSummary[];
  /** the shopper's practice (issue 36: its payment terms are set by practice); null for an admin */
  practice_id?: number | null;
}

/** The admin's refusals, as the API words them. */
export const CUSTOMER_MESSAGES = {
  disableSelf: 'You cannot disable your own account',
  disableLastAdmin: 'The last admin account cannot be disabled',
  disabledSignIn: 'This account has been disabled',
} as const;
