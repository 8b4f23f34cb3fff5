/** @jest-environment ../scripts/jest-fetch-environment.cjs */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { AdminPracticeRow } from '@dentalmarket/contracts/admin-practices';
import { screenWidth } from '@dentalmarket/ui/testing';
import { renderWithStore, stubFetch, type Call } from '../../categories/testSupport.js';
import { CustomersTab } from '../CustomersTab.js';
import { practiceDetail, practiceRow } from './practiceFixtures.js';

const all = Array.from({ length: 60 }, (_v, i) => practiceRow(i + 1));

function serve(practices: AdminPracticeRow[] = all) {
  return stubFetch((call) => {
    const url = new URL(call.path, 'http://localhost');
    if (url.pathname === '/api/admin/practices') {
      const page = Number(url.searchParams.get('page'));
      const limit = Number(url.searchParams.get('limit'));
      return { status: 200, body: { practices: practices.slice((page - 1) * limit, page * limit), total: practices.length, page, limit } };
    }
    if (url.pathname === '/api/admin/customers') return { status: 200, body: { customers: [], total: 0, page: 1, limit: 25 } };
    const one = /^\/api\/admin\/practices\/(\d+)$/.exec(url.pathname);
    const found = one && practices.find((p) => p.id === Number(one[1]));
    if (found) return { status: 200, body: practiceDetail(found) };
    if (/\/orders$/.test(url.pathname)) return { status: 200, body: { orders: [], total: 0, page: 1, limit: 10 } };
    if (/\/invoices$/.test(url.pathname)) return { status: 200, body: { invoices: [], total: 0, page: 1, limit: 10 } };
    return { status: 404, body: { message: 'not served' } };
  });
}

const renderTab = () =>
  renderWithStore(
    <MemoryRouter initialEntries={['/admin?tab=customers']}>
      <CustomersTab />
    </MemoryRouter>,
    null,
  );

const listCalls = (calls: Call[]) => calls.filter((c) => c.path.startsWith('/api/admin/practices?')).map((c) => Object.fromEntries(new URL(c.path, 'http://localhost').searchParams));
const rowOf = (text: string) => within(screen.getByText(text).closest('[role="row"]') as HTMLElement);

describe("the admin Customers tab's Practices view", () => {
  afterEach(() => screenWidth(false));

  it('is shown first: each practice with its people, owners, terms, credit limit, open balance, tax exemption and status', async () => {
    const { calls } = serve([
      practiceRow(1, { name: 'Harbour Dental', members: 4, owners: ['Dr. A', 'Dr. B', 'Dr. C'], owner_count: 5, payment_terms: 'invoice', net_days: 30, credit_limit: '5000.00', open_balance: '1418.99', tax_exempt_certificate: 'OR-EX-448812', tax_exempt_until: '2099-06-30' }),
      practiceRow(2, { name: 'Orchard Smiles', members: 1, disabled_at: '2026-03-05T12:00:00.000Z', tax_exempt_certificate: 'OR-EX-1', tax_exempt_until: '2020-01-31' }),
      practiceRow(3, { name: 'Lakeside Dental' }),
    ]);
    await renderTab();
    expect(screen.getByRole('heading', { name: 'Practices' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Practices', pressed: true })).toBeTruthy();
    expect(await screen.findByText('1–3 of 3')).toBeTruthy();
    expect(rowOf('Lakeside Dental').getAllByText('—')).toHaveLength(2); // no credit limit, not exempt
    const harbour = rowOf('Harbour Dental');
    for (const text of ['4', 'Dr. A, Dr. B, Dr. C +2', 'Invoice, net 30', '$5,000.00', '$1,418.99', 'Until 2099-06-30', 'Active']) expect(harbour.getByText(text)).toBeTruthy();
    const orchard = rowOf('Orchard Smiles');
    for (const text of ['1', 'Card', '—', '$0.00', 'Expired 2020-01-31', 'Disabled']) expect(orchard.getByText(text)).toBeTruthy();
    expect(listCalls(calls)[0]).toEqual({ sort: 'name', direction: 'asc', page: '1', limit: '25' });
  });

  it('sorts by name, people and open balance on the server, from page 1', async () => {
    const { calls } = serve();
    await renderTab();
    await screen.findByText('1–25 of 60');
    const header = (name: string) => screen.getByRole('columnheader', { name: new RegExp(`^${name}`) });
    const sortable = (name: string) => header(name).classList.contains('MuiDataGrid-columnHeader--sortable');
    expect(['Practice', 'People', 'Owners', 'Terms', 'Credit limit', 'Open balance', 'Tax exempt', 'Status'].filter(sortable)).toEqual(['Practice', 'People', 'Open balance']);
    fireEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    await screen.findByText('26–50 of 60');
    fireEvent.click(header('Open balance'));
    await waitFor(() => expect(listCalls(calls).at(-1)).toEqual({ sort: 'open_balance', direction: 'asc', page: '1', limit: '25' }));
    fireEvent.click(header('People'));
    await waitFor(() => expect(listCalls(calls).at(-1)).toMatchObject({ sort: 'members', direction: 'asc' }));
    fireEvent.click(header('People'));
    await waitFor(() => expect(listCalls(calls).at(-1)).toMatchObject({ sort: 'members', direction: 'desc' }));
  });

  it('sends the settled search from page 1', async () => {
    const { calls } = serve();
    await renderTab();
    await screen.findByText('1–25 of 60');
    fireEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    await screen.findByText('26–50 of 60');
    const search = screen.getByRole('searchbox', { name: 'Search practices' });
    fireEvent.change(search, { target: { value: ' @harbour' } });
    fireEvent.change(search, { target: { value: ' @harbour.example ' } });
    await waitFor(() => expect(listCalls(calls).at(-1)).toMatchObject({ q: '@harbour.example', page: '1' }));
    expect(listCalls(calls).filter((c) => c.q !== undefined && c.q !== '@harbour.example')).toEqual([]);
  });

  it('switches to the People view and back, keeping the view in the address', async () => {
    serve();
    await renderTab();
    await screen.findByText('1–25 of 60');
    fireEvent.click(screen.getByRole('button', { name: 'People' }));
    expect(await screen.findByRole('heading', { name: 'People' })).toBeTruthy();
    expect(await screen.findByText('No customers found')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Practices' }));
    expect(await screen.findByRole('heading', { name: 'Practices' })).toBeTruthy();
  });

  it('opens a practice from the keyboard: Enter on a cell of the row', async () => {
    serve();
    await renderTab();
    const cell = (await screen.findByText('Dr. Owner 3')).closest('[role="gridcell"]') as HTMLElement;
    act(() => cell.focus());
    fireEvent.keyDown(cell, { key: 'Enter' });
    const drawer = within(await screen.findByRole('dialog', { name: 'Practice 3' }));
    expect(await drawer.findByText('hana@harbour.example')).toBeTruthy();
  });

  it('says "No practices found" when nothing matches', async () => {
    serve([]);
    await renderTab();
    expect(await screen.findByText('No practices found')).toBeTruthy();
  });

  it('keeps the practice, its balance and its status on a phone', async () => {
    screenWidth(true);
    serve();
    await renderTab();
    const headers = () => screen.getAllByRole('columnheader').map((h) => h.textContent);
    await waitFor(() => expect(headers()).toEqual(['Practice', 'Open balance', 'Status']));
  });
});
