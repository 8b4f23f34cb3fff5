/** @jest-environment ../scripts/jest-fetch-environment.cjs */
import { fireEvent, screen, within } from '@testing-library/react';
import type { OrderSummary } from '@dentalmarket/contracts';
import { customer, fakeApi, renderAt } from '../test/support.js';
import OrdersList from './OrdersList.js';

const summary = (i: number): OrderSummary => ({
  number: `DM-00000${i}`,
  status: i % 2 ? 'shipped' : 'placed',
  email: 'jane@example.com',
  full_name: 'Jane Smith',
  total: `${100 + i}.50`,
  line_count: 1,
  created_at: '2026-03-02T10:15:00.000Z',
  po_number: null,
  approval_expires_at: null,
  payment_due_at: null,
  paid_at: null,
  outstanding: '0.00',
});

function serve(total: number) {
  const all = Array.from({ length: total }, (_v, i) => summary(i + 1));
  return fakeApi((request) => {
    const url = new URL(request.path, 'http://localhost');
    if (url.pathname === '/api/service-requests') return { status: 200, body: { requests: [], total: 0, page: 1, limit: 10 } };
    if (url.pathname !== '/api/orders') return { status: 404, body: {} };
    const page = Number(url.searchParams.get('page'));
    const limit = Number(url.searchParams.get('limit'));
    return { status: 200, body: { orders: all.slice((page - 1) * limit, page * limit), total, page, limit } };
  });
}

describe('/orders: the shopper\'s orders', () => {
  it('lists number, date, status and total, each row linking to its order, a page at a time', async () => {
    const requests = serve(12);
    renderAt('/orders', <OrdersList />, { user: customer });
    expect(screen.getByRole('heading', { level: 1, name: 'Your orders' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Your orders' });
    const first = within(table).getAllByRole('row')[1];
    expect(within(first).getByRole('link', { name: 'DM-000001' }).getAttribute('href')).toBe('/orders/DM-000001');
    expect(within(first).getAllByText('Mar 2, 2026').length).toBeGreaterThan(0);
    expect(within(first).getByText('Shipped')).toBeTruthy();
    expect(within(first).getByText('$101.50')).toBeTruthy();
    expect(within(table).getAllByRole('row')).toHaveLength(11);
    fireEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(await screen.findByRole('link', { name: 'DM-0000011' })).toBeTruthy();
    expect(requests.map((r) => r.path).filter((path) => path.startsWith('/api/orders'))).toEqual(['/api/orders?page=1&limit=10', '/api/orders?page=2&limit=10']);
  });

  it('says so when there are no orders yet', async () => {
    serve(0);
    renderAt('/orders', <OrdersList />, { user: customer });
    expect(await screen.findByText('You have not placed any orders yet.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
