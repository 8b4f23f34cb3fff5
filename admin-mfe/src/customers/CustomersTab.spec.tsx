/** @jest-environment ../scripts/jest-fetch-environment.cjs */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CustomerRow } from '@dentalmarket/contracts';
import { screenWidth } from '@dentalmarket/ui/testing';
import { renderWithStore, stubFetch, type Call } from '../categories/testSupport.js';
import { customerDetail, customerRow } from './customerFixtures.js';
import { MemoryRouter } from 'react-router';
import { CustomersTab } from './CustomersTab.js';

/** The tab's People view (issue 36: the Practices view is shown first), as ?view=people opens it. */
const renderPeople = () =>
  renderWithStore(
    <MemoryRouter initialEntries={['/admin?tab=customers&view=people']}>
      <CustomersTab />
    </MemoryRouter>,
    null,
  );

const all = Array.from({ length: 60 }, (_v, i) => customerRow(i + 1));

/** The admin list answers one page of `customers` as the server pages it, and each account. */
function serve(customers: CustomerRow[] = all, extra: { total_capped?: boolean; total?: number } = {}) {
  return stubFetch((call) => {
    const url = new URL(call.path, 'http://localhost');
    if (url.pathname === '/api/admin/customers') {
      const page = Number(url.searchParams.get('page'));
      const limit = Number(url.searchParams.get('limit'));
      return { status: 200, body: { customers: customers.slice((page - 1) * limit, page * limit), total: customers.length, page, limit, ...extra } };
    }
    const one = /^\/api\/admin\/customers\/(\d+)$/.exec(url.pathname);
    const found = one && customers.find((c) => c.id === Number(one[1]));
    if (found) return { status: 200, body: customerDetail(found) };
    return { status: 404, body: { message: 'not served' } };
  });
}

const listCalls = (calls: Call[]) => calls.filter((c) => c.path.startsWith('/api/admin/customers?')).map((c) => Object.fromEntries(new URL(c.path, 'http://localhost').searchParams));
const rowOf = (text: string) => within(screen.getByText(text).closest('[role="row"]') as HTMLElement);

async function choose(label: string, option: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
  fireEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: option }));
  await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
}

describe("the admin Customers tab's People view", () => {
  afterEach(() => screenWidth(false));

  it('shows the first page of accounts, newest first, with their figures and status', async () => {
    const { calls } = serve([
      customerRow(1, { username: 'dana.lee', email: 'dana@clinic.example', orders: 12, total_spent: '12345.6' }),
      customerRow(2, { username: 'new.nurse', email: 'nurse@practice.example', orders: 0, total_spent: '0.00', last_order_at: null, disabled_at: '2026-03-05T12:00:00.000Z' }),
    ]);
    await renderPeople();
    expect(screen.getByRole('heading', { name: 'People' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'People', pressed: true })).toBeTruthy();
    expect(await screen.findByText('1–2 of 2')).toBeTruthy();
    const dana = rowOf('dana.lee');
    for (const text of ['dana@clinic.example', 'Jan 31, 2026', '12', '$12,345.60', 'Mar 2, 2026', 'Active']) expect(dana.getByText(text)).toBeTruthy();
    const nurse = rowOf('new.nurse');
    for (const text of ['nurse@practice.example', '0', '$0.00', '—', 'Disabled']) expect(nurse.getByText(text)).toBeTruthy();
    expect(listCalls(calls)[0]).toEqual({ sort: 'registered', direction: 'desc', page: '1', limit: '25' });
  });

  it('sorts by every figure the server sorts by, not by status', async () => {
    const { calls } = serve();
    await renderPeople();
    await screen.findByText('1–25 of 60');
    const header = (name: string) => screen.getByRole('columnheader', { name: new RegExp(`^${name}`) });
    const sortable = (name: string) => header(name).classList.contains('MuiDataGrid-columnHeader--sortable');
    const names = ['Username', 'Email', 'Registered', 'Orders', 'Total spent', 'Last order', 'Status'];
    expect(names.filter(sortable)).toEqual(['Username', 'Email', 'Registered', 'Orders', 'Total spent', 'Last order']);
    fireEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    await screen.findByText('26–50 of 60');
    fireEvent.click(header('Total spent'));
    await waitFor(() => expect(listCalls(calls).at(-1)).toEqual({ sort: 'spent', direction: 'asc', page: '1', limit: '25' }));
    fireEvent.click(header('Total spent'));
    await waitFor(() => expect(listCalls(calls).at(-1)).toMatchObject({ sort: 'spent', direction: 'desc' }));
    fireEvent.click(header('Last order'));
    await waitFor(() => expect(listCalls(calls).at(-1)).toMatchObject({ sort: 'last_order', direction: 'asc' }));
    fireEvent.click(header('Username'));
    await waitFor(() => expect(listCalls(calls).at(-1)).toMatchObject({ sort: 'username', direction: 'asc' }));
  });

  it('sends the settled search and the role from page 1', async () => {
    const { calls } = serve();
    await renderPeople();
    await screen.findByText('1–25 of 60');
    fireEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    await screen.findByText('26–50 of 60');
    const search = screen.getByRole('searchbox', { name: 'Search customers' });
    expect(search.getAttribute('placeholder')).toBe('Username, email or @domain');
    fireEvent.change(search, { target: { value: ' @clinic' } });
    fireEvent.change(search, { target: { value: ' @clinic.example ' } });
    await waitFor(() => expect(listCalls(calls).at(-1)).toMatchObject({ q: '@clinic.example', page: '1' }));
    // the search is asked once it settles, not for each key
    expect(listCalls(calls).filter((c) => c.q !== undefined && c.q !== '@clinic.example')).toEqual([]);
    await choose('Role', 'Admins');
    await waitFor(() => expect(listCalls(calls).at(-1)).toEqual({ q: '@clinic.example', role: 'admin', sort: 'registered', direction: 'desc', page: '1', limit: '25' }));
    await choose('Role', 'All');
    await waitFor(() => expect(listCalls(calls).at(-1)).not.toHaveProperty('role'));
  });

  it('says "more than 1,000" when a search matched more accounts than the API counts', async () => {
    stubFetch(() => ({ status: 200, body: { customers: all.slice(0, 25), total: 1000, total_capped: true, page: 1, limit: 25 } }));
    await renderPeople();
    expect(await screen.findByText('1–25 of more than 1,000')).toBeTruthy();
  });

  it('says "No customers found" when nothing matches', async () => {
    serve([]);
    await renderPeople();
    expect(await screen.findByText('No customers found')).toBeTruthy();
  });

  it('opens a customer from the keyboard: Enter on a cell of the row', async () => {
    serve();
    await renderPeople();
    const cell = (await screen.findByText('user3@clinic.example')).closest('[role="gridcell"]') as HTMLElement;
    act(() => cell.focus());
    fireEvent.keyDown(cell, { key: 'Enter' });
    const drawer = within(await screen.findByRole('dialog', { name: 'dr.user3' }));
    expect(await drawer.findByText('Dr. User 3')).toBeTruthy();
  });

  it('leaves the dates to the drawer on a phone', async () => {
    screenWidth(true);
    serve();
    await renderPeople();
    await screen.findByText('1–25 of 60');
    const headers = () => screen.getAllByRole('columnheader').map((h) => h.textContent);
    await waitFor(() => expect(headers()).toEqual(['Username', 'Email', 'Orders', 'Total spent', 'Status']));
  });
});
