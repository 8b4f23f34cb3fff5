import type { AdminPracticeRow, InvoiceState } from '@dentalmarket/contracts/admin-practices';

/** 'Card' or 'Invoice, net 30' */
export const termsLabel = (row: Pick<AdminPracticeRow, 'payment_terms' | 'net_days'>) => (row.payment_terms === 'invoice' ? `Invoice, net ${row.net_days}` : 'Card');

/** '' when there are none; 'Dr. A, Dr. B +2' when more own it than the row names. */
export const ownersLabel = (row: Pick<AdminPracticeRow, 'owners' | 'owner_count'>) =>
  row.owners.join(', ') + (row.owner_count > row.owners.length ? ` +${row.owner_count - row.owners.length}` : '');

export const INVOICE_STATE_LABELS: Record<InvoiceState, string> = { unpaid: 'Unpaid', overdue: 'Overdue', paid: 'Paid', cancelled: 'Cancelled' };
export const INVOICE_STATE_COLORS: Record<InvoiceState, 'default' | 'error' | 'success' | 'warning'> = { unpaid: 'warning', overdue: 'error', paid: 'success', cancelled: 'default' };

/**
 * The tax-exemption column: '—' when none, 'Until 2027-06-30' while valid (through its last day, UTC,
 * as the checkout judges it), 'Expired 2026-01-31' after.
 */
export function exemptionLabel(row: Pick<AdminPracticeRow, 'tax_exempt_until'>, today = new Date().toISOString().slice(0, 10)): string {
  if (row.tax_exempt_until === null) return '—';
  return row.tax_exempt_until >= today ? `Until ${row.tax_exempt_until}` : `Expired ${row.tax_exempt_until}`;
}
