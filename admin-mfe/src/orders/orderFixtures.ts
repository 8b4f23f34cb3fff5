import type { Order, OrderStatus, OrderSummary } from '@dentalmarket/contracts';

/** Shared fixtures of the order specs: wire shapes exactly as the contract gives them. */
export const summary = (i: number, status: OrderStatus = 'placed'): OrderSummary => ({
  number: `DM-${String(i).padStart(6, '0')}`,
  status,
  email: `buyer${i}@clinic.example`,
  full_name: `Buyer ${i}`,
  total: '1418.92',
  line_count: 2,
  created_at: '2026-03-02T10:00:00.000Z',
  po_number: null,
  approval_expires_at: null,
  payment_due_at: null,
  paid_at: null,
  outstanding: '0.00',
});

export const order = (number: string, status: OrderStatus): Order => ({
  number,
  status,
  email: 'dr.lee@clinic.example',
  shipping: { fullName: 'Dana Lee', email: 'dr.lee@clinic.example', address: '1 Main St', city: 'Austin', state: 'TX', zipCode: '73301' },
  currency: 'USD',
  subtotal: '1299.00',
  shipping_cost: '15.00',
  tax: '103.92',
  total: '1417.92',
  carrier: null,
  tracking_number: null,
  lines: [{ product_id: 7, name: 'Curing Light', manufacturer: 'Acme', unit_price: '1299.00', image_url: null, quantity: 1, line_total: '1299.00' }],
  events: [{ from_status: null, to_status: 'placed', actor: 'guest', note: null, created_at: '2026-03-02T10:00:00.000Z' }],
  created_at: '2026-03-02T10:00:00.000Z',
  updated_at: '2026-03-02T10:00:00.000Z',
  po_number: null,
  approved_at: null,
  approval_expires_at: null,
  payment_due_at: null,
  tax_exempt_certificate: null,
  tax_exempt_until: null,
  amount_paid: '1417.92',
  paid_at: null,
});

export const stats = { orders_today: 12, revenue_this_month: '12345.67', best_sellers: [{ product_id: 7, name: 'Curing Light', quantity: 31 }], overdue_invoices: 2, overdue_amount: '530.40' };
