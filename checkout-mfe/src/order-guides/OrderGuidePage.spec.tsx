/** @jest-environment ../scripts/jest-fetch-environment.cjs */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { OrderGuide, OrderGuideLine } from '@dentalmarket/contracts';
import { selectCartItems } from '@dentalmarket/store';
import { cartLine, customer, fakeApi, renderAt, type Reply, type SeenRequest } from '../test/support.js';
import OrderGuidePage from './OrderGuidePage.js';

const line = (id: number, name: string, extra: Partial<OrderGuideLine> = {}): OrderGuideLine => ({
  id,
  product_id: id + 100,
  name,
  manufacturer: 'Meridian',
  quantity: 2,
  price: '10.00',
  image_url: null,
  slug: name.toLowerCase().replace(/\W+/g, '-'),
  problem: null,
  ...extra,
});

const guide = (lines: OrderGuideLine[], extra: Partial<OrderGuide> = {}): OrderGuide => ({
  id: 5,
  name: 'Monthly supplies',
  line_count: lines.length,
  updated_by: 'Jane Smith',
  created_at: '2026-03-01T10:00:00.000Z',
  updated_at: '2026-03-02T10:00:00.000Z',
  lines,
  ...extra,
});

const LINES = [line(1, 'Nitrile Gloves'), line(2, 'Curing Light', { product_id: null, price: null, slug: null, problem: 'not_found' }), line(3, 'Saliva Ejectors', { quantity: 5 })];

/** The guide's API as the server answers it; `answers` override a 'METHOD path'. */
function serve(answers: Record<string, Reply | ((request: SeenRequest) => Reply)> = {}) {
  return fakeApi((request) => {
    const key = `${request.method} ${request.path}`;
    const answer = answers[key];
    if (answer) return typeof answer === 'function' ? answer(request) : answer;
    if (key === 'GET /api/order-guides/5') return { status: 200, body: guide(LINES) };
    if (key.startsWith('GET /api/order-guides?')) return { status: 200, body: { guides: [], total: 0, page: 1, limit: 20 } };
    return { status: 404, body: { statusCode: 404, message: 'No such order guide in your practice' } };
  });
}

const products = () => within(screen.getByRole('list', { name: 'Products on Monthly supplies' }));
const names = () => products().getAllByRole('listitem').map((item) => item.getAttribute('aria-label'));

describe('/order-guides/:id', () => {
  it('shows the lines in order with their quantities and prices, and says which cannot be ordered now', async () => {
    serve();
    renderAt('/order-guides/5', <OrderGuidePage />, { user: customer });
    expect(await screen.findByRole('heading', { level: 1, name: 'Monthly supplies' })).toBeTruthy();
    expect(screen.getByText('3 products · changed on Mar 2, 2026 by Jane Smith')).toBeTruthy();
    expect(names()).toEqual(['Nitrile Gloves', 'Curing Light', 'Saliva Ejectors']);
    const gloves = within(products().getByRole('listitem', { name: 'Nitrile Gloves' }));
    expect(gloves.getByText('Meridian · $10.00 each')).toBeTruthy();
    expect((gloves.getByRole('textbox', { name: 'Quantity of Nitrile Gloves' }) as HTMLInputElement).value).toBe('2');
    expect(gloves.getByRole('link', { name: 'Nitrile Gloves' }).getAttribute('href')).toBe('/products/nitrile-gloves');
    expect(within(products().getByRole('listitem', { name: 'Curing Light' })).getByText('No longer available')).toBeTruthy();
    expect(gloves.getByRole('button', { name: 'Move Nitrile Gloves up' }).hasAttribute('disabled')).toBe(true);
    expect(gloves.getByRole('button', { name: 'Reorder Nitrile Gloves' })).toBeTruthy();
  }, 30_000);

  it("'Add all to cart' adds the lines at today's prices, raising a line already in the cart, and lists the lines it skipped", async () => {
    const requests = serve({
      'POST /api/order-guides/5/add-to-cart': {
        status: 200,
        body: {
          lines: [
            { id: 101, name: 'Nitrile Gloves', manufacturer: 'Meridian', price: '11.00', image_url: null, quantity: 2 },
            { id: 103, name: 'Saliva Ejectors', manufacturer: 'Meridian', price: '4.00', image_url: null, quantity: 5 },
          ],
          skipped: [
            { line_id: 2, product_id: null, name: 'Curing Light', problem: 'not_found' },
            { line_id: 4, product_id: 104, name: 'Bur Kit', problem: 'out_of_stock' },
          ],
        },
      },
    });
    const store = renderAt('/order-guides/5', <OrderGuidePage />, { user: customer, cart: [cartLine(101, 'Nitrile Gloves', '10.00', 1)] });
    fireEvent.click(await screen.findByRole('button', { name: 'Add all to cart' }));
    const alert = await screen.findByRole('status', { name: 'Not added to the cart (2)' });
    expect(within(alert).getByText('“Curing Light” is no longer in the catalogue.')).toBeTruthy();
    expect(within(alert).getByText('“Bur Kit” is out of stock.')).toBeTruthy();
    expect(selectCartItems(store.getState()).map((item) => [item.id, item.quantity, item.price])).toEqual([
      [101, 3, '11.00'],
      [103, 5, '4.00'],
    ]);
    expect(await screen.findByText("7 items added at today's prices. 2 lines were not added (see the guide).")).toBeTruthy();
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual(['/api/order-guides/5/add-to-cart']);
  }, 30_000);

  it('moves a line with Move up and Move down at once, and keeps the order the server answers', async () => {
    const moved = guide([LINES[0]!, LINES[2]!, LINES[1]!]);
    const requests = serve({ 'PATCH /api/order-guides/5/lines/3': { status: 200, body: moved } });
    renderAt('/order-guides/5', <OrderGuidePage />, { user: customer });
    fireEvent.click(await screen.findByRole('button', { name: 'Move Saliva Ejectors up' }));
    await waitFor(() => expect(names()).toEqual(['Nitrile Gloves', 'Saliva Ejectors', 'Curing Light']));
    expect(JSON.parse(requests.find((r) => r.method === 'PATCH')!.text)).toEqual({ position: 1 });
    expect(products().getByRole('button', { name: 'Move Curing Light down' }).hasAttribute('disabled')).toBe(true);
  }, 30_000);

  it('puts a refused move back where it was and says why', async () => {
    serve({ 'PATCH /api/order-guides/5/lines/1': { status: 404, body: { statusCode: 404, message: 'No such line on this order guide' } } });
    renderAt('/order-guides/5', <OrderGuidePage />, { user: customer });
    fireEvent.click(await screen.findByRole('button', { name: 'Move Nitrile Gloves down' }));
    expect(await screen.findByText('No such line on this order guide')).toBeTruthy();
    expect(names()).toEqual(['Nitrile Gloves', 'Curing Light', 'Saliva Ejectors']);
  }, 30_000);

  it('sends a new quantity when it leaves the field, refuses one outside 1 to 999, and removes a line', async () => {
    const requests = serve({
      'PATCH /api/order-guides/5/lines/1': { status: 200, body: guide([{ ...LINES[0]!, quantity: 12 }, LINES[1]!, LINES[2]!]) },
      'DELETE /api/order-guides/5/lines/2': { status: 200, body: guide([{ ...LINES[0]!, quantity: 12 }, LINES[2]!]) },
    });
    renderAt('/order-guides/5', <OrderGuidePage />, { user: customer });
    const quantity = await screen.findByRole('textbox', { name: 'Quantity of Nitrile Gloves' });
    fireEvent.change(quantity, { target: { value: '1000' } });
    fireEvent.blur(quantity);
    expect(screen.getByText('1 to 999')).toBeTruthy();
    fireEvent.change(quantity, { target: { value: '12' } });
    fireEvent.blur(quantity);
    await waitFor(() => expect(requests.filter((r) => r.method === 'PATCH')).toHaveLength(1));
    expect(JSON.parse(requests.find((r) => r.method === 'PATCH')!.text)).toEqual({ quantity: 12 });

    fireEvent.click(screen.getByRole('button', { name: 'Remove Curing Light' }));
    await waitFor(() => expect(names()).toEqual(['Nitrile Gloves', 'Saliva Ejectors']));
    expect(await screen.findByText('Removed from the guide')).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'Quantity of Nitrile Gloves' }) as HTMLInputElement).value).toBe('12');
  }, 30_000);

  it("renames (the server's refusal shown under the name) and deletes after asking", async () => {
    const requests = serve({
      'PATCH /api/order-guides/5': (request) =>
        JSON.parse(request.text).name === 'Surgery'
          ? { status: 409, body: { statusCode: 409, message: 'Your practice has an order guide named “Surgery” already: choose another name' } }
          : { status: 200, body: guide(LINES, { name: 'Weekly supplies' }) },
      'DELETE /api/order-guides/5': { status: 204 },
    });
    renderAt('/order-guides/5', <OrderGuidePage />, { user: customer });
    fireEvent.click(await screen.findByRole('button', { name: 'Rename' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Rename order guide' }));
    const name = dialog.getByRole('textbox', { name: 'Name' });
    fireEvent.change(name, { target: { value: '  ' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Rename' }));
    expect(await dialog.findByText('Name is required')).toBeTruthy();
    fireEvent.change(name, { target: { value: 'Surgery' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Rename' }));
    expect(await dialog.findByText('Your practice has an order guide named “Surgery” already: choose another name')).toBeTruthy();
    fireEvent.change(name, { target: { value: 'Weekly supplies' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Rename' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Weekly supplies' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const confirm = within(screen.getByRole('dialog', { name: 'Delete “Weekly supplies”?' }));
    fireEvent.click(confirm.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(window.location.pathname).toBe('/order-guides'));
    expect(requests.filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.path}`)).toEqual([
      'PATCH /api/order-guides/5',
      'PATCH /api/order-guides/5',
      'DELETE /api/order-guides/5',
    ]);
  }, 30_000);

  it("says 'Order guide not found' for another practice's guide (404) and for an address that is no guide's", async () => {
    serve({ 'GET /api/order-guides/5': { status: 404, body: { statusCode: 404, message: 'No such order guide in your practice' } } });
    renderAt('/order-guides/5', <OrderGuidePage />, { user: customer });
    expect(await screen.findByRole('heading', { level: 1, name: 'Order guide not found' })).toBeTruthy();
    renderAt('/order-guides/abc', <OrderGuidePage />, { user: customer });
    expect(screen.getAllByRole('heading', { level: 1, name: 'Order guide not found' })).toHaveLength(2);
  }, 30_000);
});
