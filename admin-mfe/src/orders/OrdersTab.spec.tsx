/** @jest-environment ../scripts/jest-fetch-environment.cjs */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { OrderSummary } from '@dentalmarket/contracts';
import { stubFetch, type Call } from '../categories/testSupport.js';
import { stats, summary } from './orderFixtures.js';
import { renderOrdersTab } from './ordersTestSupport.js';

const all = Array.from({ length: 130 }, (_v, i) => summary(i + 1));

/** The admin list answers one page of `orders` as the server pages it, and the stats. */
function serve(orders: OrderSummary[] = all) {
  return stubFetch((call) => {
    const url = new URL(call.path, 'http://localhost');
    if (url.pathname === '/api/admin/orders/stats') return { status: 200, body: stats };
    if (url.pathname === '/api/admin/orders') {
      const page = Number(url.searchParams.get('page'));
      const limit = Number(url.searchParams.get('limit'));
      return { status: 200, body: { orders: orders.slice((page - 1) * limit, page * limit), total: orders.length, page, limit } };
    }
    return { status: 404, body: { message: 'not served' } };
  });
}

const listCalls = (calls: Call[]) => calls.filter((c) => c.path.startsWith('/api/admin/orders?')).map((c) => Object.fromEntries(new URL(c.path, 'http://localhost').searchParams));

async function choose(label: string, option: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
  fireEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: option }));
  await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
}

describe('the admin Orders tab', () => {
  it('shows the three figures and the first page of orders, newest first', async () => {
    const { calls } = serve();
    await renderOrdersTab();
    const figure = (name: string) => within(screen.getByRole('region', { name }));
    await waitFor(() => expect(figure('Orders today').getByText('12')).toBeTruthy());
    expect(figure('Revenue this month').getByText('$12,345.67')).toBeTruthy();
    expect(figure('Best sellers, last 30 days').getByText('Curing Light')).toBeTruthy();
    expect(await screen.findByText('1–25 of 130')).toBeTruthy();
    const row = within(screen.getByText('DM-000001').closest('[role="row"]') as HTMLElement);
    for (const text of ['Buyer 1', 'buyer1@clinic.example', 'Placed', '$1,418.92', '2']) expect(row.getByText(text)).toBeTruthy();
    expect(listCalls(calls)[0]).toEqual({ sort: 'created_at', order: 'desc', page: '1', limit: '25' });
  });

  it('sorts by date and total only', async () => {
    const { calls } = serve();
    await renderOrdersTab();
    await screen.findByText('1–25 of 130');
    const header = (name: string) => screen.getByRole('columnheader', { name: new RegExp(`^${name}`) });
    // the grid marks a header that sorts on click
    const sortable = (name: string) => header(name).classList.contains('MuiDataGrid-columnHeader--sortable');
    expect(['Order', 'Date', 'Customer', 'Email', 'Status', 'Total', 'Lines'].filter(sortable)).toEqual(['Date', 'Total']);
    fireEvent.click(header('Customer'));
    fireEvent.click(header('Total'));
    await waitFor(() => expect(listCalls(calls).at(-1)).toMatchObject({ sort: 'total', page: '1' }));
    expect(new Set(listCalls(calls).map((c) => c.sort))).toEqual(new Set(['created_at', 'total']));
  });

  it('sends search, status and date range as the list params from page 1, and the export link carries the same filters', async () => {
    const { calls } = serve();
    await renderOrdersTab();
    await screen.findByText('1–25 of 130');
    fireEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    await screen.findByText('26–50 of 130');
    await choose('Status', 'Processing');
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-03-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-03-31' } });
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search orders by number, email or name' }), { target: { value: ' dana ' } });
    const wanted = { q: 'dana', status: 'processing', from: '2026-03-01', to: '2026-03-31', page: '1' };
    await waitFor(() => expect(listCalls(calls).at(-1)).toMatchObject(wanted));
    // the search is asked once it settles, not for each key
    expect(listCalls(calls).filter((c) => c.q !== undefined && c.q !== 'dana')).toEqual([]);
    const href = new URL(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')!);
    expect(href.pathname).toBe('/api/admin/orders/export.csv');
    expect(Object.fromEntries(href.searchParams)).toEqual({ q: 'dana', status: 'processing', from: '2026-03-01', to: '2026-03-31' });
  });

  it('says "more than 1,000" when a search matched more orders than the API counts', async () => {
    stubFetch((call) => {
      const url = new URL(call.path, 'http://localhost');
      if (url.pathname === '/api/admin/orders/stats') return { status: 200, body: stats };
      return { status: 200, body: { orders: all.slice(0, 25), total: 1000, total_capped: true, page: 1, limit: 25 } };
    });
    await renderOrdersTab();
    expect(await screen.findByText('1–25 of more than 1,000')).toBeTruthy();
  });

  it('goes back to page 1 when the rows per page change', async () => {
    const { calls } = serve();
    await renderOrdersTab();
    await screen.findByText('1–25 of 130');
    fireEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    await screen.findByText('26–50 of 130');
    await choose('Rows per page:', '50');
    expect(await screen.findByText('1–50 of 130')).toBeTruthy();
    expect(listCalls(calls).at(-1)).toMatchObject({ page: '1', limit: '50' });
  });
});
