import { jest } from '@jest/globals';
import { configure, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import type { CartItem, Order, User } from '@dentalmarket/contracts';
import { makeStore, sessionActions, setApiBaseUrl } from '@dentalmarket/store';
import { AppProviders } from '@dentalmarket/ui';

// whole MUI screens on a busy shared machine can take more than the default 1 s to settle after a reply
configure({ asyncUtilTimeout: 10_000 });

/** One request as the server would see it: specs read its headers and exact body. Run in scripts/jest-fetch-environment.cjs. */
export interface SeenRequest {
  method: string;
  path: string;
  headers: Headers;
  text: string;
}

export type Reply = { status: number; body?: unknown } | 'network-error';

/** Replaces fetch, the network boundary: `reply` answers each request; all are kept in `requests`. */
export function fakeApi(reply: (request: SeenRequest) => Reply | Promise<Reply>) {
  setApiBaseUrl('http://localhost/api'); // Node's Request needs an absolute address
  const requests: SeenRequest[] = [];
  globalThis.fetch = jest.fn(async (input: Request) => {
    const url = new URL(input.url);
    const request = { method: input.method, path: url.pathname + url.search, headers: input.headers, text: await input.text() };
    requests.push(request);
    const answer = await reply(request);
    if (answer === 'network-error') throw new TypeError('Failed to fetch');
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json' } });
  }) as unknown as typeof fetch;
  return requests;
}

/** Renders `ui` at `path` in the product's providers, with a fresh store holding `cart` and `user`. */
export function renderAt(path: string, ui: ReactNode, { cart = [], user = null }: { cart?: CartItem[]; user?: User | null } = {}) {
  window.history.pushState({}, '', path);
  const store = makeStore({ cart: { items: cart } }, { persistCart: false });
  store.dispatch(sessionActions.setUser(user));
  render(<AppProviders store={store}>{ui}</AppProviders>);
  return store;
}

export const customer: User = { id: 7, username: 'jane', email: 'jane@example.com', full_name: 'Jane Smith', role: 'customer', created_at: '2026-01-01T00:00:00Z' };

export const cartLine = (id: number, name: string, price: string, quantity = 1): CartItem => ({ id, name, manufacturer: 'Meridian', price, quantity, image_url: null });

/** An order as the API answers it (libs/contracts/src/orders.ts). */
export function order(overrides: Partial<Order> = {}): Order {
  return {
    number: 'DM-7K3QX9',
    status: 'placed',
    email: 'jane@example.com',
    shipping: { fullName: 'Dr. Jane Smith', email: 'jane@example.com', address: '12 Harbour Street', city: 'Leeds', state: 'WY', zipCode: '10001' },
    currency: 'USD',
    subtotal: '200.00',
    shipping_cost: '15.00',
    tax: '16.00',
    total: '231.00',
    carrier: null,
    tracking_number: null,
    lines: [
      { product_id: 1, name: 'Meridian Chair', manufacturer: 'Meridian', unit_price: '150.00', image_url: null, quantity: 1, line_total: '150.00' },
      { product_id: 2, name: 'Nitrile Gloves', manufacturer: 'SafeHands', unit_price: '25.00', image_url: null, quantity: 2, line_total: '50.00' },
    ],
    events: [{ from_status: null, to_status: 'placed', actor: 'customer', note: null, created_at: '2026-03-02T10:15:00.000Z' }],
    created_at: '2026-03-02T10:15:00.000Z',
    updated_at: '2026-03-02T10:15:00.000Z',
    po_number: null,
    approved_at: null,
    approval_expires_at: null,
    payment_due_at: null,
    tax_exempt_certificate: null,
    tax_exempt_until: null,
    amount_paid: '231.00',
    paid_at: null,
    ...overrides,
  };
}
