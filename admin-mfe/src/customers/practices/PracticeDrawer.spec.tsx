/** @jest-environment ../scripts/jest-fetch-environment.cjs */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AdminPracticeRow } from '@dentalmarket/contracts/admin-practices';
import { renderWithStore, stubFetch, type Call } from '../../categories/testSupport.js';
import { summary } from '../../orders/orderFixtures.js';
import { invoice, practiceDetail, practiceRow } from './practiceFixtures.js';
import { PracticesGrid } from './PracticesGrid.js';

const ID = 7;
const NAME = 'Harbour Dental';
const ORDERS = Array.from({ length: 13 }, (_v, i) => ({ ...summary(i + 1), placed_by: i % 2 ? 'Dr. Hana Harbour' : 'buyer' }));
const INVOICES = [invoice(1, 'overdue'), invoice(2, 'paid'), invoice(3, 'unpaid')];

/** The server as the contract gives it, with one practice; disable and enable change it as the API does. */
function serve() {
  let current: AdminPracticeRow = practiceRow(ID, { name: NAME, payment_terms: 'invoice', net_days: 30, credit_limit: '5000.00', open_balance: '140.06' });
  return stubFetch((call) => {
    const url = new URL(call.path, 'http://localhost');
    const page = Number(url.searchParams.get('page') ?? 1);
    const limit = Number(url.searchParams.get('limit') ?? 10);
    if (url.pathname === '/api/admin/practices') return { status: 200, body: { practices: [current], total: 1, page: 1, limit: 25 } };
    if (url.pathname === `/api/admin/practices/${ID}`) return { status: 200, body: practiceDetail(current) };
    if (url.pathname === `/api/admin/practices/${ID}/orders`) return { status: 200, body: { orders: ORDERS.slice((page - 1) * limit, page * limit), total: ORDERS.length, page, limit } };
    if (url.pathname === `/api/admin/practices/${ID}/invoices`) return { status: 200, body: { invoices: INVOICES, total: INVOICES.length, page, limit } };
    if (url.pathname === `/api/admin/practices/${ID}/terms`) return { status: 200, body: { practice_id: ID, name: NAME, payment_terms: 'invoice', net_days: 30, credit_limit: '5000.00', open_balance: '140.06' } };
    if (url.pathname === `/api/admin/practices/${ID}/tax-exemption`) return { status: 200, body: { practice_id: ID, name: NAME, exemption: { certificate: 'OR-EX-448812', valid_until: '2099-06-30' }, active: true } };
    if (url.pathname === `/api/admin/practices/${ID}/disable`) {
      current = { ...current, disabled_at: '2026-03-05T12:00:00.000Z' };
      return { status: 200, body: practiceDetail(current) };
    }
    if (url.pathname === `/api/admin/practices/${ID}/enable`) {
      current = { ...current, disabled_at: null };
      return { status: 200, body: practiceDetail(current) };
    }
    return { status: 404, body: { message: 'not served' } };
  });
}

const posts = (calls: Call[]) => calls.filter((c) => c.method === 'POST').map((c) => c.path);

async function openPractice() {
  await renderWithStore(<PracticesGrid />, null);
  fireEvent.click(await screen.findByRole('button', { name: NAME }));
  const drawer = within(await screen.findByRole('dialog', { name: NAME }));
  await drawer.findByRole('heading', { name: 'People' });
  return drawer;
}

describe('the practice drawer', () => {
  it('lists its people with their email, role and status', async () => {
    serve();
    const drawer = await openPractice();
    const people = within(drawer.getByRole('region', { name: 'People' }));
    const items = people.getAllByRole('listitem').map((item) => item.textContent);
    expect(items).toEqual(['Dr. Hana Harbourhana@harbour.exampleOwnerActive', 'buyerbuyer@harbour.examplePurchaserActive', 'Nurse Ngnurse@harbour.exampleAssistantDisabled']);
    expect(drawer.getByText('+1 503 555 0100')).toBeTruthy();
    // its payment terms and tax exemption, each the admin's to change here
    expect(await drawer.findByText('Tax exempt (certificate OR-EX-448812, valid until 2099-06-30): its orders carry no tax.')).toBeTruthy();
  });

  it('pages its orders, ten at a time, with who placed each', async () => {
    const { calls } = serve();
    const drawer = await openPractice();
    const orders = within(drawer.getByRole('region', { name: 'Orders' }));
    expect(await orders.findByText('1–10 of 13 orders')).toBeTruthy();
    expect(orders.getByText('DM-000001')).toBeTruthy();
    expect(orders.getByRole('button', { name: 'Newer orders' })).toHaveProperty('disabled', true);
    fireEvent.click(orders.getByRole('button', { name: 'Older orders' }));
    expect(await orders.findByText('11–13 of 13 orders')).toBeTruthy();
    expect(orders.getByText('DM-000013')).toBeTruthy();
    expect(orders.getAllByText(/· (buyer|Dr\. Hana Harbour)$/)).toHaveLength(3);
    expect(calls.filter((c) => c.path.includes('/orders?')).map((c) => new URL(c.path, 'http://localhost').searchParams.get('page'))).toEqual(['1', '2']);
  });

  it('lists its invoices with their due dates: overdue, paid, unpaid', async () => {
    serve();
    const drawer = await openPractice();
    const invoices = within(drawer.getByRole('region', { name: 'Invoices' }));
    await invoices.findByText('DM-INV001');
    expect(invoices.getAllByRole('listitem').map((item) => within(item).getByText(/^(Overdue|Paid|Unpaid)$/).textContent)).toEqual(['Overdue', 'Paid', 'Unpaid']);
    expect(invoices.getByText('Due Mar 3, 2026 · paid Feb 20, 2026')).toBeTruthy();
    expect(drawer.getByRole('region', { name: 'Payment terms' })).toBeTruthy();
  });

  it('disables the practice once asked, saying its people are signed out; enables it again', async () => {
    const { calls } = serve();
    const drawer = await openPractice();
    fireEvent.click(drawer.getByRole('button', { name: 'Disable practice' }));
    const question = within(await screen.findByRole('dialog', { name: `Disable ${NAME}?` }));
    expect(question.getByText(/Its 3 people will be signed out everywhere at once/)).toBeTruthy();
    fireEvent.click(question.getByRole('button', { name: 'Disable practice' }));
    expect(await screen.findByText('Practice disabled')).toBeTruthy();
    expect(await drawer.findByRole('button', { name: 'Enable practice' })).toBeTruthy();
    expect(posts(calls)).toEqual([`/api/admin/practices/${ID}/disable`]);
    fireEvent.click(drawer.getByRole('button', { name: 'Enable practice' }));
    expect(await drawer.findByRole('button', { name: 'Disable practice' })).toBeTruthy();
    await waitFor(() => expect(posts(calls)).toEqual([`/api/admin/practices/${ID}/disable`, `/api/admin/practices/${ID}/enable`]));
  });
});
