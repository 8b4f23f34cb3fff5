/** @jest-environment ../scripts/jest-fetch-environment.cjs */
import { jest } from '@jest/globals';
import { configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { User } from '@dentalmarket/contracts';
import { makeStore, sessionActions, setApiBaseUrl } from '@dentalmarket/store';
import { AppProviders } from '@dentalmarket/ui';
import { AddToListButton } from './AddToListButton.js';

// a whole MUI dialog on a busy shared machine can take more than the default 1 s to settle
configure({ asyncUtilTimeout: 10_000 });

const customer: User = { id: 7, username: 'jane', email: 'jane@example.com', full_name: 'Jane Smith', role: 'customer', created_at: '2026-01-01T00:00:00Z' };
const product = { id: 42, name: 'Nitrile Gloves' };
const guide = (id: number, name: string, line_count: number) => ({ id, name, line_count, updated_by: null, created_at: '2026-03-01T10:00:00.000Z', updated_at: '2026-03-01T10:00:00.000Z' });

interface Seen {
  method: string;
  path: string;
  body: unknown;
}

/** Replaces fetch, the network boundary: `reply` answers each request; every request is kept. */
function fakeApi(reply: (seen: Seen) => { status: number; body?: unknown }) {
  setApiBaseUrl('http://localhost/api'); // Node's Request needs an absolute address
  const requests: Seen[] = [];
  globalThis.fetch = jest.fn(async (input: Request) => {
    const url = new URL(input.url);
    const text = await input.text();
    const seen = { method: input.method, path: url.pathname + url.search, body: text ? JSON.parse(text) : undefined };
    requests.push(seen);
    const answer = reply(seen);
    return new Response(JSON.stringify(answer.body ?? {}), { status: answer.status, headers: { 'content-type': 'application/json' } });
  }) as unknown as typeof fetch;
  return requests;
}

function guides(list: ReturnType<typeof guide>[]) {
  return (seen: Seen) => {
    if (seen.path.startsWith('/api/order-guides?')) return { status: 200, body: { guides: list, total: list.length, page: 1, limit: 20 } };
    if (seen.method === 'POST' && seen.path === '/api/order-guides/3/lines') return { status: 200, body: { ...list[1], lines: [] } };
    if (seen.method === 'POST' && seen.path === '/api/order-guides') {
      const name = (seen.body as { name: string }).name;
      return name === 'Taken'
        ? { status: 409, body: { statusCode: 409, message: 'Your practice has an order guide named “Taken” already: choose another name' } }
        : { status: 201, body: { ...guide(9, name, 1), lines: [] } };
    }
    return { status: 404, body: { message: 'not served' } };
  };
}

async function open(user: User | null) {
  const store = makeStore(undefined, { persistCart: false });
  store.dispatch(sessionActions.setUser(user));
  render(
    <AppProviders store={store}>
      <AddToListButton product={product} />
    </AppProviders>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'Add to list' }));
  return within(await screen.findByRole('dialog', { name: 'Add to an order guide' }));
}

describe("'Add to list'", () => {
  it('asks a signed-out shopper to sign in, and asks the API nothing', async () => {
    const requests = fakeApi(() => ({ status: 404 }));
    const dialog = await open(null);
    expect(dialog.getByText('Order guides are your practice\'s lists of the products it orders again and again. Sign in to add “Nitrile Gloves” to one.')).toBeTruthy();
    expect(dialog.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/auth');
    expect(requests).toEqual([]);
  }, 30_000);

  it("puts the product on the guide chosen with the quantity given; a quantity outside 1 to 999 is refused first", async () => {
    const requests = fakeApi(guides([guide(1, 'Hygiene room', 3), guide(3, 'Monthly supplies', 12)]));
    const dialog = await open(customer);
    expect((await dialog.findByRole('radio', { name: 'Hygiene room (3 products)' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(dialog.getByRole('radio', { name: 'Monthly supplies (12 products)' }));
    fireEvent.change(dialog.getByRole('textbox', { name: 'Quantity' }), { target: { value: '0' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Add to list' }));
    expect(await dialog.findByText('Quantity must be a whole number from 1 to 999')).toBeTruthy();
    fireEvent.change(dialog.getByRole('textbox', { name: 'Quantity' }), { target: { value: '4' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Add to list' }));
    expect(await screen.findByText('Nitrile Gloves is on “Monthly supplies”.')).toBeTruthy();
    expect(requests.filter((r) => r.method === 'POST')).toEqual([{ method: 'POST', path: '/api/order-guides/3/lines', body: { product_id: 42, quantity: 4 } }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  }, 30_000);

  it('makes a new guide with the product when the practice has none, saying why a name is refused', async () => {
    const requests = fakeApi(guides([]));
    const dialog = await open(customer);
    expect((await dialog.findByRole('radio', { name: 'A new order guide' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(dialog.getByRole('button', { name: 'Add to list' }));
    expect(await dialog.findByText('Name the new guide')).toBeTruthy();
    fireEvent.change(dialog.getByRole('textbox', { name: 'Name of the new guide' }), { target: { value: 'Taken' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Add to list' }));
    expect(await dialog.findByText('Your practice has an order guide named “Taken” already: choose another name')).toBeTruthy();
    fireEvent.change(dialog.getByRole('textbox', { name: 'Name of the new guide' }), { target: { value: 'Surgery' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Add to list' }));
    expect(await screen.findByText('Nitrile Gloves is on “Surgery”.')).toBeTruthy();
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.body)).toEqual([
      { name: 'Taken', lines: [{ product_id: 42, quantity: 1 }] },
      { name: 'Surgery', lines: [{ product_id: 42, quantity: 1 }] },
    ]);
  }, 30_000);
});
