/** @jest-environment ../scripts/jest-fetch-environment.cjs */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { OrderConflictResponse } from '@dentalmarket/contracts';
import { selectCartItems } from '@dentalmarket/store';
import CheckoutApp from '../App.js';
import { cartLine, customer, fakeApi, order, renderAt, type Reply, type SeenRequest } from '../test/support.js';

const FORM = {
  'Full Name': 'Dr. Jane Smith',
  Email: 'jane@example.com',
  Address: '12 Harbour Street',
  City: 'Leeds',
  State: 'WY',
  'ZIP Code': '10001',
  'Cardholder Name': 'Cardholder Person',
  'Card Number': '4242424242424242',
  'Expiry Date': '05/28',
  CVC: '987',
};

const chair = cartLine(1, 'Meridian Chair', '150.00');
const gloves = cartLine(2, 'Nitrile Gloves', '25.00', 2);
const lamp = cartLine(3, 'Curing Light', '40.00');

async function fillAndSubmit() {
  for (const [label, value] of Object.entries(FORM)) fireEvent.change(screen.getByLabelText(label), { target: { value } });
  await submit();
}

async function submit() {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Complete Order' }));
  });
  // 'Processing...' while the payment is simulated (2 s) and the order is placed
  expect(screen.getByRole('button', { name: 'Processing...' })).toBeTruthy();
  await waitFor(() => expect(screen.queryByRole('button', { name: 'Processing...' })).toBeNull(), { timeout: 10_000 });
}

const orderPosts = (requests: SeenRequest[]) => requests.filter((r) => r.method === 'POST' && r.path === '/api/orders');
const toast = async (text: string | RegExp) => screen.findByText(text, {}, { timeout: 10_000 });

describe('placing the order (issue 18)', () => {
  /**
   * The catalogue (the page's re-check of the cart) answers `catalogue` as it is when asked, so a
   * spec can change a price while the shopper fills the form; POST /api/orders answers `orderReplies` in turn.
   */
  function serveCart(catalogue: { id: number; name: string; price: string }[], orderReplies: Reply[]) {
    return fakeApi((request) => {
      if (request.path.startsWith('/api/products?ids=')) {
        const products = catalogue.map((p) => ({ ...p, manufacturer: 'Meridian', image_url: null }));
        return { status: 200, body: { products, total: products.length, page: 1, limit: 100 } };
      }
      if (request.method === 'POST' && request.path === '/api/orders') return orderReplies.shift() ?? { status: 500, body: {} };
      return { status: 404, body: { message: 'not served' } };
    });
  }

  it('posts only the cart lines and the shipping fields, with an Idempotency-Key, then shows the order number', async () => {
    const requests = serveCart([chair, gloves], [{ status: 201, body: order() }]);
    const store = renderAt('/checkout', <CheckoutApp />, { cart: [chair, gloves], user: customer });
    await fillAndSubmit();
    expect(await screen.findByRole('heading', { level: 1, name: 'Order Completed!' }, { timeout: 10_000 })).toBeTruthy();
    const [post] = orderPosts(requests);
    expect(JSON.parse(post.text)).toEqual({
      lines: [
        { product_id: 1, quantity: 1, unit_price: '150.00' },
        { product_id: 2, quantity: 2, unit_price: '25.00' },
      ],
      shipping: { fullName: 'Dr. Jane Smith', email: 'jane@example.com', address: '12 Harbour Street', city: 'Leeds', state: 'WY', zipCode: '10001' },
    });
    for (const card of ['4242424242424242', '05/28', '987', 'Cardholder Person', 'card']) expect(post.text).not.toContain(card);
    expect(post.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(screen.getByRole('link', { name: 'DM-7K3QX9' }).getAttribute('href')).toBe('/orders/DM-7K3QX9');
    expect(await toast('Order completed successfully!')).toBeTruthy();
    expect(selectCartItems(store.getState())).toEqual([]);
  }, 30_000);

  it('keeps the same Idempotency-Key when the answer was lost, so a retry cannot make a second order', async () => {
    const requests = serveCart([chair], ['network-error', { status: 503, body: { message: 'down' } }, { status: 201, body: order() }]);
    renderAt('/checkout', <CheckoutApp />, { cart: [chair] });
    await fillAndSubmit();
    expect(await toast('Check your connection and try again.')).toBeTruthy();
    await submit();
    await submit();
    expect(await screen.findByRole('heading', { level: 1, name: 'Order Completed!' }, { timeout: 10_000 })).toBeTruthy();
    const keys = orderPosts(requests).map((r) => r.headers.get('Idempotency-Key'));
    expect(keys).toHaveLength(3);
    expect(new Set(keys).size).toBe(1);
    // a guest's link is the lookup
    expect(screen.getByRole('link', { name: 'DM-7K3QX9' }).getAttribute('href')).toBe('/orders/lookup?number=DM-7K3QX9');
  }, 40_000);

  it('on 409 updates the cart, says what changed, and submits again with a new key', async () => {
    const conflict: OrderConflictResponse = {
      statusCode: 409,
      message: 'Some lines changed',
      error: 'Conflict',
      lines: [
        { product_id: 1, problem: 'price_changed', name: 'Meridian Chair', current_price: '175.00' },
        { product_id: 3, problem: 'out_of_stock', name: 'Curing Light', current_price: '40.00' },
      ],
    };
    const catalogue = [chair, gloves, lamp];
    const requests = serveCart(catalogue, [{ status: 409, body: conflict }, { status: 201, body: order() }]);
    const store = renderAt('/checkout', <CheckoutApp />, { cart: [chair, gloves, lamp] });
    await waitFor(() => expect(requests.some((r) => r.path.startsWith('/api/products?ids='))).toBe(true));
    // meanwhile an admin raises the chair's price and the light sells out (the catalogue lists it, out of stock)
    catalogue[0] = { ...chair, price: '175.00' };
    await fillAndSubmit();
    expect(await toast('Your cart was updated')).toBeTruthy();
    expect(screen.getByText(/“Meridian Chair” now costs \$175\.00\. “Curing Light” is no longer available\./)).toBeTruthy();
    expect(selectCartItems(store.getState())).toEqual([{ ...chair, price: '175.00' }, gloves]);
    const summary = within(screen.getByRole('region', { name: 'Order summary' }));
    await waitFor(() => expect(summary.queryByText('Curing Light')).toBeNull());
    // the form kept what was typed: submitting again needs no retyping
    await submit();
    expect(await screen.findByRole('heading', { level: 1, name: 'Order Completed!' }, { timeout: 10_000 })).toBeTruthy();
    const [first, second] = orderPosts(requests);
    expect(JSON.parse(second.text).lines).toEqual([
      { product_id: 1, quantity: 1, unit_price: '175.00' },
      { product_id: 2, quantity: 2, unit_price: '25.00' },
    ]);
    expect(second.headers.get('Idempotency-Key')).not.toBe(first.headers.get('Idempotency-Key'));
  }, 40_000);

  it("on 400 shows the server's message and keeps the form", async () => {
    serveCart([chair], [{ status: 400, body: { statusCode: 400, message: ['shipping.zipCode must be at least 5 characters'], error: 'Bad Request' } }]);
    renderAt('/checkout', <CheckoutApp />, { cart: [chair] });
    await fillAndSubmit();
    expect(await toast('shipping.zipCode must be at least 5 characters')).toBeTruthy();
    expect(screen.getByText('Order not placed')).toBeTruthy();
    expect((screen.getByLabelText('Full Name') as HTMLInputElement).value).toBe('Dr. Jane Smith');
  }, 30_000);
});
