import type { CustomerDetail, CustomerRow } from '@dentalmarket/contracts';
import { summary } from '../orders/orderFixtures.js';

/** Shared fixtures of the customer specs: wire shapes exactly as the contract gives them. */
export const customerRow = (i: number, changes: Partial<CustomerRow> = {}): CustomerRow => ({
  id: i,
  username: `dr.user${i}`,
  email: `user${i}@clinic.example`,
  full_name: `Dr. User ${i}`,
  role: 'customer',
  registered_at: '2026-01-31T12:00:00.000Z',
  disabled_at: null,
  orders: 3,
  total_spent: '2820.84',
  last_order_at: '2026-03-02T12:00:00.000Z',
  ...changes,
});

/** The drawer's account: its row and its newest orders (at most 10, as the API gives them). */
export const customerDetail = (row: CustomerRow): CustomerDetail => ({
  ...row,
  recent_orders: Array.from({ length: Math.min(row.orders, 10) }, (_v, i) => summary(i + 1, i === 0 ? 'shipped' : 'placed')),
});
