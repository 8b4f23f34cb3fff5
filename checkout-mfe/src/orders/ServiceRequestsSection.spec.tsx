/** @jest-environment ../scripts/jest-fetch-environment.cjs */
import { fireEvent, screen, within } from '@testing-library/react';
import type { ServiceRequestStatus, ServiceRequestSummary } from '@dentalmarket/contracts';
import { customer, fakeApi, renderAt } from '../test/support.js';
import OrdersList from './OrdersList.js';

const STATUSES: ServiceRequestStatus[] = ['quoted', 'new', 'contacted', 'won', 'lost'];

const request = (i: number): ServiceRequestSummary => ({
  number: `SR-00000${i}`,
  status: STATUSES[(i - 1) % STATUSES.length],
  product_id: 40 + i,
  product_name: i === 1 ? 'Sterilisation Audit' : `Service ${i}`,
  practice_name: 'Bright Smiles Dental',
  contact_name: 'Jane Smith',
  email: 'jane@example.com',
  phone: '+1 503 555 0100',
  preferred_date: i === 2 ? null : '2026-05-01',
  quote_amount: i === 1 ? '1200.00' : null,
  created_at: '2026-03-02T10:15:00.000Z',
  updated_at: '2026-03-02T10:15:00.000Z',
  placed_by: i === 1 ? 'Amy Adams' : null,
});

/** No orders; `total` service requests, paged as the API pages them. */
function serve(total: number) {
  const all = Array.from({ length: total }, (_v, i) => request(i + 1));
  return fakeApi((seen) => {
    const url = new URL(seen.path, 'http://localhost');
    const page = Number(url.searchParams.get('page'));
    const limit = Number(url.searchParams.get('limit'));
    if (url.pathname === '/api/orders') return { status: 200, body: { orders: [], total: 0, page, limit } };
    if (url.pathname === '/api/service-requests') return { status: 200, body: { requests: all.slice((page - 1) * limit, page * limit), total, page, limit } };
    return { status: 404, body: {} };
  });
}

describe("/orders: the shopper's service requests", () => {
  it('lists number, service, preferred date, who sent it, status and the quote once quoted, below the orders, a page at a time', async () => {
    const requests = serve(12);
    renderAt('/orders', <OrdersList />, { user: customer });
    expect(await screen.findByText('You have not placed any orders yet.')).toBeTruthy();
    const section = within(screen.getByRole('region', { name: 'Service requests' }));
    const table = await section.findByRole('table', { name: 'Service requests' });
    expect(within(table).getAllByRole('row')).toHaveLength(11);
    const [, first, second] = within(table).getAllByRole('row');
    expect(within(first).getByText('SR-000001')).toBeTruthy();
    expect(within(first).getAllByText('Sterilisation Audit').length).toBeGreaterThan(0);
    // a calendar day, shown as that day wherever the shopper is
    expect(within(first).getAllByText(/May 1, 2026/).length).toBeGreaterThan(0);
    expect(within(first).getByText('Quoted')).toBeTruthy();
    expect(within(first).getByText('$1,200.00')).toBeTruthy();
    expect(within(first).getByText('Quote: $1,200.00')).toBeTruthy(); // under the status on a phone
    // issue 36: shared within the practice, each saying who sent it
    expect(within(first).getByText(/Sent .* by Amy Adams/)).toBeTruthy();
    expect(within(second).queryByText(/ by /)).toBeNull();
    expect(within(second).getByText('New')).toBeTruthy();
    expect(within(second).getAllByText(/Any time/).length).toBeGreaterThan(0);
    expect(within(second).getByText('—')).toBeTruthy();
    fireEvent.click(section.getByRole('button', { name: 'Go to next page' }));
    expect(await section.findByText('SR-0000011')).toBeTruthy();
    expect(requests.map((r) => r.path).filter((path) => path.startsWith('/api/service-requests'))).toEqual([
      '/api/service-requests?page=1&limit=10',
      '/api/service-requests?page=2&limit=10',
    ]);
  });

  it('says so when there are none yet', async () => {
    serve(0);
    renderAt('/orders', <OrdersList />, { user: customer });
    const section = within(screen.getByRole('region', { name: 'Service requests' }));
    expect(await section.findByText('No service requests yet.')).toBeTruthy();
    expect(section.getByRole('link', { name: 'Browse services' }).getAttribute('href')).toBe('/marketplace?type=service');
    expect(section.queryByRole('table')).toBeNull();
  });

  it('offers to try again when they could not be loaded', async () => {
    let fail = true;
    fakeApi((seen) => {
      const url = new URL(seen.path, 'http://localhost');
      if (url.pathname === '/api/orders') return { status: 200, body: { orders: [], total: 0, page: 1, limit: 10 } };
      if (fail) return { status: 503, body: { statusCode: 503, message: 'Database unavailable' } };
      return { status: 200, body: { requests: [request(1)], total: 1, page: 1, limit: 10 } };
    });
    renderAt('/orders', <OrdersList />, { user: customer });
    const section = within(screen.getByRole('region', { name: 'Service requests' }));
    expect(await section.findByText(/Your service requests could not be loaded/)).toBeTruthy();
    fail = false;
    fireEvent.click(section.getByRole('button', { name: 'Retry' }));
    expect(await section.findByText('SR-000001')).toBeTruthy();
  });
});
