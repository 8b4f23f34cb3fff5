/** @jest-environment ../scripts/jest-fetch-environment.cjs */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { OrderSummary, Practice } from '@dentalmarket/contracts';
import { customer, fakeApi, order, renderAt } from '../test/support.js';
import PracticePage from './PracticePage.js';

const practice = (my_role: Practice['my_role'], overrides: Partial<Practice> = {}): Practice => ({
  id: 3,
  name: 'Harbour Dental',
  phone: null,
  tax_id: null,
  created_at: '2026-03-01T10:00:00.000Z',
  updated_at: '2026-03-01T10:00:00.000Z',
  members: [{ user_id: 7, username: 'jane', full_name: 'Jane Smith', email: 'jane@example.com', role: my_role, joined_at: '2026-03-01T10:00:00.000Z' }],
  my_role,
  my_user_id: 7,
  po_required: false,
  approvals_enabled: true,
  approval_threshold: '500.00',
  approval_days: 7,
  payment_terms: 'card',
  net_days: null,
  credit_limit: null,
  open_balance: null,
  tax_exemption: null,
  tax_exempt_now: false,
  ...overrides,
});

const waiting: OrderSummary = {
  number: 'DM-WAIT01',
  status: 'awaiting_approval',
  email: 'amy@example.com',
  full_name: 'Amy Adams',
  total: '231.00',
  line_count: 2,
  created_at: '2026-03-02T10:15:00.000Z',
  placed_by: 'Amy Adams',
  po_number: 'PO-77',
  approval_expires_at: '2026-03-09T10:15:00.000Z',
  payment_due_at: null,
  paid_at: null,
  outstanding: '0.00',
};

function serve(role: Practice['my_role'], answers: Record<string, { status: number; body?: unknown }> = {}, overrides: Partial<Practice> = {}) {
  return fakeApi((request) => {
    const key = `${request.method} ${request.path.split('?')[0]}`;
    if (answers[key]) return answers[key];
    if (key === 'GET /api/practice') return { status: 200, body: practice(role, overrides) };
    if (key === 'GET /api/practice/invitations') return { status: 200, body: [] };
    if (key === 'GET /api/practice/approvals') return { status: 200, body: { orders: [waiting], total: 1, page: 1, limit: 10 } };
    return { status: 404, body: { statusCode: 404, message: 'Not found' } };
  });
}

describe('/practice, approvals (issue 36)', () => {
  it('an owner sees the orders awaiting approval with who submitted them and approves one', async () => {
    const requests = serve('owner', { 'POST /api/orders/DM-WAIT01/approve': { status: 200, body: order({ number: 'DM-WAIT01', approved_by: 'Jane Smith' }) } });
    renderAt('/practice', <PracticePage />, { user: customer });
    const list = within(await screen.findByRole('region', { name: 'Orders awaiting approval (1)' }));
    expect(list.getByText(/Amy Adams · 2 lines · PO PO-77/)).toBeTruthy();
    expect(list.getByRole('link', { name: 'DM-WAIT01' }).getAttribute('href')).toBe('/orders/DM-WAIT01');
    fireEvent.click(list.getByRole('button', { name: 'Approve order DM-WAIT01' }));
    expect(await screen.findByText('Order DM-WAIT01 approved')).toBeTruthy();
    expect(requests.some((r) => r.method === 'POST' && r.path === '/api/orders/DM-WAIT01/approve')).toBe(true);
  }, 30_000);

  it('declining needs a reason, which is sent; a refusal (the order no longer waits) is shown as the server says it', async () => {
    const requests = serve('owner', { 'POST /api/orders/DM-WAIT01/decline': { status: 409, body: { statusCode: 409, message: 'Order DM-WAIT01 is placed: only an order awaiting approval can be declined' } } });
    renderAt('/practice', <PracticePage />, { user: customer });
    fireEvent.click(await screen.findByRole('button', { name: 'Decline order DM-WAIT01' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Decline order DM-WAIT01?' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Decline' }));
    expect(await dialog.findByText('A reason is required: it is emailed to the member who submitted the order')).toBeTruthy();
    expect(requests.filter((r) => r.method === 'POST')).toEqual([]);
    fireEvent.change(dialog.getByRole('textbox', { name: 'Reason' }), { target: { value: '  Ordered last week  ' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Decline' }));
    expect(await screen.findByText('Order DM-WAIT01 is placed: only an order awaiting approval can be declined')).toBeTruthy();
    expect(JSON.parse(requests.find((r) => r.method === 'POST')!.text)).toEqual({ reason: 'Ordered last week' });
  }, 30_000);

  it("an owner edits the ordering settings; a bad number of days is named before anything is sent", async () => {
    const requests = serve('owner', { 'PATCH /api/practice': { status: 200, body: practice('owner', { po_required: true }) } });
    renderAt('/practice', <PracticePage />, { user: customer });
    const settings = within(await screen.findByRole('region', { name: 'Ordering' }));
    fireEvent.click(settings.getByRole('switch', { name: 'Require a PO number on every order' }));
    fireEvent.change(settings.getByRole('spinbutton', { name: 'Days an order may wait' }), { target: { value: '45' } });
    fireEvent.click(settings.getByRole('button', { name: 'Save settings' }));
    expect(await settings.findByText('A whole number of days from 1 to 30')).toBeTruthy();
    expect(requests.filter((r) => r.method === 'PATCH')).toEqual([]);
    fireEvent.change(settings.getByRole('spinbutton', { name: 'Days an order may wait' }), { target: { value: '10' } });
    fireEvent.change(settings.getByRole('textbox', { name: "Purchasers' orders over (USD)" }), { target: { value: '' } });
    fireEvent.click(settings.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(requests.some((r) => r.method === 'PATCH')).toBe(true));
    expect(JSON.parse(requests.find((r) => r.method === 'PATCH')!.text)).toEqual({ po_required: true, approvals_enabled: true, approval_threshold: null, approval_days: 10 });
  }, 30_000);

  it('a practice on invoice terms reads them, with its credit limit and open balance', async () => {
    serve('purchaser', {}, { payment_terms: 'invoice', net_days: 30, credit_limit: '5000.00', open_balance: '1418.99' });
    renderAt('/practice', <PracticePage />, { user: customer });
    expect(await screen.findByText('Paid by invoice, net 30 days · credit limit $5,000.00 · open balance $1,418.99')).toBeTruthy();
  }, 30_000);

  it('a purchaser reads the settings as sentences and never sees the approvals list', async () => {
    const requests = serve('purchaser');
    renderAt('/practice', <PracticePage />, { user: customer });
    expect(await screen.findByText("Assistants' orders, and purchasers' orders over $500.00, need an owner's approval; they expire after 7 days unless approved.")).toBeTruthy();
    expect(screen.getByText('A PO number is optional.')).toBeTruthy();
    expect(screen.queryByRole('region', { name: /Orders awaiting approval/ })).toBeNull();
    expect(requests.some((r) => r.path.startsWith('/api/practice/approvals'))).toBe(false);
  }, 30_000);
});
