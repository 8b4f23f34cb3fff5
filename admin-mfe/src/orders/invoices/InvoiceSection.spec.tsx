/** @jest-environment ../scripts/jest-fetch-environment.cjs */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Order, OrderPayments } from '@dentalmarket/contracts';
import { stubFetch } from '../../categories/testSupport.js';
import { order, stats, summary } from '../orderFixtures.js';
import { renderOrdersTab } from '../ordersTestSupport.js';

const NUMBER = 'DM-000001';
const DUE = '2026-03-30T10:00:00.000Z';

/** The server with one invoice of $1,417.92: payments add up, one over what is outstanding is refused (409). */
function serve() {
  let current: Order = { ...order(NUMBER, 'placed'), payment_due_at: DUE, amount_paid: '0.00' };
  let payments: OrderPayments = { number: NUMBER, total: '1417.92', amount_paid: '0.00', outstanding: '1417.92', payment_due_at: DUE, paid_at: null, payments: [] };
  return stubFetch((call) => {
    const url = new URL(call.path, 'http://localhost');
    if (url.pathname === '/api/admin/orders/stats') return { status: 200, body: stats };
    if (url.pathname === '/api/admin/orders') return { status: 200, body: { orders: [summary(1)], total: 1, page: 1, limit: 25 } };
    if (url.pathname === `/api/admin/orders/${NUMBER}`) return { status: 200, body: current };
    if (url.pathname === `/api/admin/orders/${NUMBER}/payments` && call.method === 'GET') return { status: 200, body: payments };
    if (url.pathname === `/api/admin/orders/${NUMBER}/payments`) {
      const body = call.body as { amount: string; paid_on: string; reference?: string };
      const paid = Math.round(Number(payments.amount_paid) * 100 + Number(body.amount) * 100);
      const paidAt = paid === 141792 ? '2026-03-20T10:00:00.000Z' : null;
      payments = {
        ...payments,
        amount_paid: (paid / 100).toFixed(2),
        outstanding: ((141792 - paid) / 100).toFixed(2),
        paid_at: paidAt,
        payments: [...payments.payments, { id: payments.payments.length + 1, amount: Number(body.amount).toFixed(2), paid_on: body.paid_on, reference: body.reference ?? null, note: null, recorded_by: 'admin', created_at: '2026-03-20T10:00:00.000Z' }],
      };
      current = { ...current, amount_paid: payments.amount_paid, paid_at: paidAt };
      return { status: 201, body: payments };
    }
    return { status: 404, body: { message: 'not served' } };
  });
}

async function openInvoice() {
  await renderOrdersTab();
  fireEvent.click(await screen.findByRole('button', { name: NUMBER }));
  const drawer = within(await screen.findByRole('dialog', { name: `Order ${NUMBER}` }));
  return within(await drawer.findByRole('region', { name: 'Invoice' }));
}

describe("the order drawer's invoice", () => {
  it('records a partial payment, lists it, then the rest: the invoice is paid and the form goes', async () => {
    const served = serve();
    const invoice = await openInvoice();
    expect(invoice.getByRole('link', { name: 'Download invoice (PDF)' }).getAttribute('href')).toMatch(new RegExp(`/api/admin/orders/${NUMBER}/invoice\\.pdf$`));
    const form = within(await invoice.findByRole('form', { name: 'Record payment' }));
    const amount = form.getByLabelText(/Amount \(USD\)/) as HTMLInputElement;
    expect(amount.value).toBe('1417.92');
    fireEvent.change(amount, { target: { value: '2000' } });
    fireEvent.click(form.getByRole('button', { name: 'Record payment' }));
    await form.findByText('At most the $1417.92 outstanding');
    fireEvent.change(amount, { target: { value: '400' } });
    fireEvent.change(form.getByLabelText('Reference (optional)'), { target: { value: 'Cheque 12' } });
    fireEvent.click(form.getByRole('button', { name: 'Record payment' }));
    await within(await invoice.findByRole('list', { name: 'Payments' })).findByText(/Cheque 12/);
    const posted = served.calls.filter((c) => c.method === 'POST');
    expect(posted.map((c) => c.body)).toEqual([expect.objectContaining({ amount: '400', reference: 'Cheque 12' })]);
    await waitFor(() => expect((within(invoice.getByRole('form', { name: 'Record payment' })).getByLabelText(/Amount \(USD\)/) as HTMLInputElement).value).toBe('1017.92'));
    fireEvent.click(within(invoice.getByRole('form', { name: 'Record payment' })).getByRole('button', { name: 'Record payment' }));
    await invoice.findByText('Paid in full');
    await waitFor(() => expect(invoice.queryByRole('form', { name: 'Record payment' })).toBeNull());
  }, 120_000); // three saves in a rendered tab: slow on a loaded runner
});
