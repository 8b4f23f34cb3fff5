/** @jest-environment ../scripts/jest-fetch-environment.cjs */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { OrderGuideSummary } from '@dentalmarket/contracts';
import OrderPage from '../orders/OrderPage.js';
import { customer, fakeApi, order, renderAt } from '../test/support.js';
import OrderGuidesPage from './OrderGuidesPage.js';

const summary = (id: number, name: string, line_count: number): OrderGuideSummary => ({
  id,
  name,
  line_count,
  updated_by: 'Amy Assistant',
  created_at: '2026-03-01T10:00:00.000Z',
  updated_at: '2026-03-04T10:00:00.000Z',
});

const made = (id: number, name: string, line_count = 0) => ({ ...summary(id, name, line_count), lines: [] });

describe('/order-guides', () => {
  it("lists the practice's guides by name with their products and who changed them last, each a link to its page", async () => {
    const requests = fakeApi((request) =>
      request.path.startsWith('/api/order-guides?')
        ? { status: 200, body: { guides: [summary(3, 'Hygiene room', 12), summary(1, 'Monthly supplies', 40)], total: 2, page: 1, limit: 10 } }
        : { status: 404, body: {} },
    );
    renderAt('/order-guides', <OrderGuidesPage />, { user: customer });
    expect(await screen.findByRole('heading', { level: 1, name: 'Order guides' })).toBeTruthy();
    const table = within(await screen.findByRole('table', { name: "Your practice's guides" }));
    const rows = table.getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent))).toEqual([
      ['Hygiene roomMar 4, 2026', '12', 'Mar 4, 2026 by Amy Assistant'],
      ['Monthly suppliesMar 4, 2026', '40', 'Mar 4, 2026 by Amy Assistant'],
    ]);
    expect(table.getByRole('link', { name: 'Monthly supplies' }).getAttribute('href')).toBe('/order-guides/1');
    expect(requests[0]!.path).toBe('/api/order-guides?page=1&limit=10');
  }, 30_000);

  it('says how to start when the practice has none, and makes a guide from a name (checked first), then opens it', async () => {
    const requests = fakeApi((request) => {
      if (request.path.startsWith('/api/order-guides?')) return { status: 200, body: { guides: [], total: 0, page: 1, limit: 10 } };
      if (request.method === 'POST' && request.path === '/api/order-guides') {
        return JSON.parse(request.text).name === 'Taken'
          ? { status: 409, body: { statusCode: 409, message: 'Your practice has an order guide named “Taken” already: choose another name' } }
          : { status: 201, body: made(9, 'Surgery') };
      }
      if (request.path === '/api/order-guides/9') return { status: 200, body: made(9, 'Surgery') };
      return { status: 404, body: {} };
    });
    renderAt('/order-guides', <OrderGuidesPage />, { user: customer });
    expect(await screen.findByText('Your practice has no order guides yet.')).toBeTruthy();
    const form = within(screen.getByRole('form', { name: 'Create order guide' }));
    fireEvent.click(form.getByRole('button', { name: 'Create order guide' }));
    expect(await form.findByText('Name is required')).toBeTruthy();
    fireEvent.change(form.getByRole('textbox', { name: 'Name of the guide' }), { target: { value: 'x'.repeat(121) } });
    fireEvent.click(form.getByRole('button', { name: 'Create order guide' }));
    expect(await form.findByText('Name must be at most 120 characters')).toBeTruthy();
    expect(requests.filter((r) => r.method === 'POST')).toEqual([]);
    fireEvent.change(form.getByRole('textbox', { name: 'Name of the guide' }), { target: { value: 'Taken' } });
    fireEvent.click(form.getByRole('button', { name: 'Create order guide' }));
    expect(await form.findByText('Your practice has an order guide named “Taken” already: choose another name')).toBeTruthy();
    fireEvent.change(form.getByRole('textbox', { name: 'Name of the guide' }), { target: { value: ' Surgery ' } });
    fireEvent.click(form.getByRole('button', { name: 'Create order guide' }));
    await waitFor(() => expect(window.location.pathname).toBe('/order-guides/9'));
    expect(JSON.parse(requests.filter((r) => r.method === 'POST').at(-1)!.text)).toEqual({ name: 'Surgery' });
  }, 30_000);
});

describe("'Save as order guide' on an order's page", () => {
  it("makes a guide from the order's lines under the name given, then opens it", async () => {
    const requests = fakeApi((request) => {
      if (request.path === '/api/orders/DM-7K3QX9') return { status: 200, body: order() };
      if (request.method === 'POST' && request.path === '/api/order-guides') return { status: 201, body: made(4, 'Order DM-7K3QX9', 2) };
      return { status: 404, body: {} };
    });
    renderAt('/orders/DM-7K3QX9', <OrderPage />, { user: customer });
    fireEvent.click(await screen.findByRole('button', { name: 'Save as order guide' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Save as order guide' }));
    expect((dialog.getByRole('textbox', { name: 'Name of the guide' }) as HTMLInputElement).value).toBe('Order DM-7K3QX9');
    fireEvent.click(dialog.getByRole('button', { name: 'Save order guide' }));
    await waitFor(() => expect(window.location.pathname).toBe('/order-guides/4'));
    expect(JSON.parse(requests.find((r) => r.method === 'POST')!.text)).toEqual({ name: 'Order DM-7K3QX9', from_order: 'DM-7K3QX9' });
    expect(await screen.findByText('“Order DM-7K3QX9” has the 2 products of order DM-7K3QX9.')).toBeTruthy();
  }, 30_000);

  it('is not offered on a signed-out lookup of an order', async () => {
    fakeApi(() => ({ status: 200, body: order() }));
    renderAt('/orders/DM-7K3QX9', <OrderPage />, { user: null });
    expect(await screen.findByRole('button', { name: 'Buy again' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save as order guide' })).toBeNull();
  }, 30_000);
});
