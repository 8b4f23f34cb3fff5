import type { AdminPracticeDetail, AdminPracticeInvoice, AdminPracticeRow } from '@dentalmarket/contracts/admin-practices';

/** Shared fixtures of the practice specs: wire shapes exactly as the contract gives them. */
export const practiceRow = (i: number, changes: Partial<AdminPracticeRow> = {}): AdminPracticeRow => ({
  id: i,
  name: `Practice ${i}`,
  created_at: '2026-01-31T12:00:00.000Z',
  members: 3,
  owners: [`Dr. Owner ${i}`],
  owner_count: 1,
  payment_terms: 'card',
  net_days: null,
  credit_limit: null,
  open_balance: '0.00',
  tax_exempt_certificate: null,
  tax_exempt_until: null,
  disabled_at: null,
  ...changes,
});

/** The drawer's practice: its row, its phone and tax id, and its three people. */
export const practiceDetail = (row: AdminPracticeRow): AdminPracticeDetail => ({
  ...row,
  phone: '+1 503 555 0100',
  tax_id: null,
  people: [
    { user_id: 11, username: 'dr.owner', full_name: 'Dr. Hana Harbour', email: 'hana@harbour.example', role: 'owner', disabled_at: row.disabled_at, disabled_with_practice: row.disabled_at !== null },
    { user_id: 12, username: 'buyer', full_name: null, email: 'buyer@harbour.example', role: 'purchaser', disabled_at: row.disabled_at, disabled_with_practice: row.disabled_at !== null },
    { user_id: 13, username: 'nurse', full_name: 'Nurse Ng', email: 'nurse@harbour.example', role: 'assistant', disabled_at: '2026-03-01T12:00:00.000Z', disabled_with_practice: false },
  ],
});

export const invoice = (i: number, state: AdminPracticeInvoice['state']): AdminPracticeInvoice => ({
  number: `DM-INV${String(i).padStart(3, '0')}`,
  created_at: '2026-02-01T10:00:00.000Z',
  total: '70.03',
  order_status: state === 'cancelled' ? 'cancelled' : 'placed',
  payment_due_at: '2026-03-03T10:00:00.000Z',
  paid_at: state === 'paid' ? '2026-02-20T10:00:00.000Z' : null,
  state,
});
