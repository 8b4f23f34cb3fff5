/** @jest-environment ../scripts/jest-fetch-environment.cjs */
import { fireEvent, screen, within } from '@testing-library/react';
import type { Product } from '@dentalmarket/contracts';
import { selectCartItems } from '@dentalmarket/store';
import { cartLine, customer, fakeApi, order, renderAt } from '../test/support.js';
import OrderPage from './OrderPage.js';

const shipped = order({
  status: 'shipped',
  carrier: 'UPS',
  tracking_number: '1Z999AA10123456784',
  lines: [
    { product_id: 1, name: 'Meridian Chair', manufacturer: 'Meridian', unit_price: '150.00', image_url: null, quantity: 1, line_total: '150.00' },
    { product_id: 2, name: 'Nitrile Gloves', manufacturer: 'SafeHands', unit_price: '25.00', image_url: null, quantity: 2, line_total: '50.00' },
    { product_id: 3, name: 'Old Lamp', manufacturer: 'Lumen', unit_price: '10.00', image_url: null, quantity: 1, line_total: '10.00' },
    { product_id: 4, name: 'Repair Visit', manufacturer: 'FixIt', unit_price: '10.00', image_url: null, quantity: 1, line_total: '10.00' },
  ],
  events: [
    { from_status: null, to_status: 'placed', actor: 'customer', note: null, created_at: '2026-03-02T10:15:00.000Z' },
    { from_status: 'placed', to_status: 'processing', actor: 'admin', note: 'Packed', created_at: '2026-03-03T09:00:00.000Z' },
    { from_status: 'processing', to_status: 'shipped', actor: 'admin', note: null, created_at: '2026-03-04T16:30:00.000Z' },
  ],
});

const product = (id: number, name: string, price: string, extra: Partial<Product> = {}) =>
  ({ id, name, price, manufacturer: 'M', image_url: null, product_type: 'equipment', in_stock: true, ...extra }) as Product;

function serve() {
  return fakeApi((request) => {
    if (request.path === '/api/orders/DM-7K3QX9') return { status: 200, body: shipped };
    if (request.path.startsWith('/api/orders/')) return { status: 404, body: { statusCode: 404, message: 'Order not found' } };
    if (request.path === '/api/products?ids=1,2,3,4') {
      // today: the chair costs more, the lamp is gone, the gloves are out of stock, the visit is a service
      const products = [product(1, 'Meridian Chair', '175.00'), product(2, 'Nitrile Gloves', '25.00', { in_stock: false }), product(4, 'Repair Visit', '10.00', { product_type: 'service' })];
      return { status: 200, body: { products, total: 3, page: 1, limit: 100 } };
    }
    return { status: 404, body: {} };
  });
}

describe('/orders/:number', () => {
  it('shows the lines, address, totals and status history with the carrier and tracking number', async () => {
    serve();
    renderAt('/orders/DM-7K3QX9', <OrderPage />, { user: customer });
    expect(await screen.findByRole('heading', { level: 1, name: 'Order DM-7K3QX9' })).toBeTruthy();
    const items = within(screen.getByRole('region', { name: 'Items' }));
    const chair = within(items.getByRole('listitem', { name: 'Meridian Chair' }));
    expect(chair.getByText('Meridian')).toBeTruthy();
    expect(chair.getByText('$150.00 × 1')).toBeTruthy();
    expect(within(items.getByRole('listitem', { name: 'Nitrile Gloves' })).getByText('$50.00')).toBeTruthy();
    const totals = within(screen.getByRole('region', { name: 'Order total' }));
    for (const [label, value] of [['Subtotal', '$200.00'], ['Shipping', '$15.00'], ['Tax', '$16.00'], ['Total', '$231.00']]) {
      expect(totals.getByText(label).nextElementSibling?.textContent).toBe(value);
    }
    const address = within(screen.getByRole('region', { name: 'Shipping address' }));
    expect(address.getByText(/12 Harbour Street/)).toBeTruthy();
    const history = within(screen.getByRole('region', { name: 'Status history' }));
    expect(history.getAllByRole('listitem').map((li) => li.children[1]?.textContent)).toEqual(['Placed', 'Processing', 'Shipped']);
    expect(history.getByText('Packed')).toBeTruthy();
    expect(history.getByText('Carrier: UPS')).toBeTruthy();
    expect(history.getByText('Tracking number: 1Z999AA10123456784')).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['Items', 'Order total', 'Shipping address', 'Status history']);
  });

  it("'Buy again' puts the lines still sold into the cart at today's prices and names the others", async () => {
    serve();
    const store = renderAt('/orders/DM-7K3QX9', <OrderPage />, { user: customer, cart: [cartLine(9, 'Mirror', '5.00')] });
    fireEvent.click(await screen.findByRole('button', { name: 'Buy again' }));
    expect(await screen.findByText('Added to cart')).toBeTruthy();
    expect(screen.getByText("1 item added at today's prices. Not available now: “Nitrile Gloves”, “Old Lamp”, “Repair Visit”.")).toBeTruthy();
    expect(selectCartItems(store.getState())).toEqual([cartLine(9, 'Mirror', '5.00'), { id: 1, name: 'Meridian Chair', manufacturer: 'M', price: '175.00', quantity: 1, image_url: null }]);
  });

  it("says 'Order not found' for a number that is not the shopper's (404)", async () => {
    serve();
    renderAt('/orders/DM-NOPE00', <OrderPage />, { user: customer });
    expect(await screen.findByRole('heading', { level: 1, name: 'Order not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Your orders' }).getAttribute('href')).toBe('/orders');
  });
});
