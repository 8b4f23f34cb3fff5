/** @jest-environment ../scripts/jest-fetch-environment.cjs */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Order, OrderStatus } from '@dentalmarket/contracts';
import { stubFetch, type Answer, type Call } from '../categories/testSupport.js';
import { order, stats, summary } from './orderFixtures.js';
import { address, goBack, renderOrdersTab } from './ordersTestSupport.js';

const NUMBER = 'DM-000001';

/**
 * The server as the contract gives it, with one order whose status is `current`; a status change is
 * answered by `onChange` (by default: accepted, the order moves on).
 */
function serve(status: OrderStatus, onChange?: (call: Call) => Answer, listed = (_s: OrderStatus) => true) {
  let current: Order = order(NUMBER, status);
  const served = stubFetch((call) => {
    const url = new URL(call.path, 'http://localhost');
    if (url.pathname === '/api/admin/orders/stats') return { status: 200, body: stats };
    if (url.pathname === '/api/admin/orders') return { status: 200, body: { orders: listed(current.status) ? [summary(1, current.status)] : [], total: 1, page: 1, limit: 25 } };
    if (url.pathname === `/api/admin/orders/${NUMBER}`) return { status: 200, body: current };
    if (url.pathname === `/api/admin/orders/${NUMBER}/status`) {
      if (onChange) return onChange(call);
      const body = call.body as { status: OrderStatus; carrier?: string; tracking_number?: string };
      current = { ...current, status: body.status, carrier: body.carrier ?? null, tracking_number: body.tracking_number ?? null };
      return { status: 200, body: current };
    }
    return { status: 404, body: { message: 'not served' } };
  });
  return { ...served, moveTo: (next: OrderStatus) => (current = { ...current, status: next }) };
}

const statusCalls = (calls: Call[]) => calls.filter((c) => c.method === 'POST');
const orderGets = (calls: Call[]) => calls.filter((c) => c.method === 'GET' && c.path === `/api/admin/orders/${NUMBER}`);

async function openOrder() {
  await renderOrdersTab();
  const link = await screen.findByRole('button', { name: NUMBER });
  act(() => link.focus());
  fireEvent.click(link);
  const drawer = within(await screen.findByRole('dialog', { name: `Order ${NUMBER}` }));
  await drawer.findByText('Curing Light');
  return drawer;
}

const actions = (drawer: ReturnType<typeof within>) =>
  within(drawer.getByRole('region', { name: 'Status' }))
    .queryAllByRole('button')
    .map((b) => b.textContent);

describe('the admin order drawer', () => {
  it('shows the lines, address, totals and history, and offers only the allowed next statuses', async () => {
    serve('placed');
    const drawer = await openOrder();
    for (const text of ['$1,299.00', '$15.00', '$103.92', '$1,417.92']) expect(drawer.getAllByText(text).length).toBeGreaterThan(0);
    expect(drawer.getByText(/Dana Lee.*1 Main St.*Austin, TX 73301/)).toBeTruthy();
    expect(drawer.getByRole('heading', { name: 'Status history' })).toBeTruthy();
    expect(actions(drawer)).toEqual(['Mark as processing', 'Cancel order']);
  });

  it.each([
    ['processing', ['Mark as shipped', 'Cancel order']],
    ['shipped', ['Mark as delivered']],
    ['delivered', []],
    ['cancelled', []],
  ] as const)('from %s offers %j', async (status, offered) => {
    serve(status);
    const drawer = await openOrder();
    expect(actions(drawer)).toEqual(offered);
    if (!offered.length) expect(drawer.getByText('No further status changes.')).toBeTruthy();
  });

  it('asks for the carrier and tracking number (both optional) when shipping', async () => {
    const { calls } = serve('processing');
    const drawer = await openOrder();
    fireEvent.click(drawer.getByRole('button', { name: 'Mark as shipped' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Mark as shipped' }));
    fireEvent.change(dialog.getByLabelText('Carrier (optional)'), { target: { value: 'UPS' } });
    fireEvent.change(dialog.getByLabelText('Tracking number (optional)'), { target: { value: '1Z999' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Mark as shipped' }));
    await waitFor(() => expect(statusCalls(calls).map((c) => c.body)).toEqual([{ status: 'shipped', carrier: 'UPS', tracking_number: '1Z999' }]));
    expect(await drawer.findByText('UPS · Tracking number 1Z999')).toBeTruthy();
    await waitFor(() => expect(actions(drawer)).toEqual(['Mark as delivered']));
  });

  it('will not cancel without a reason, and sends the reason as the note', async () => {
    const { calls } = serve('placed');
    const drawer = await openOrder();
    fireEvent.click(drawer.getByRole('button', { name: 'Cancel order' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Cancel order' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Cancel order' }));
    expect(await dialog.findByText('Reason is required')).toBeTruthy();
    expect(statusCalls(calls)).toEqual([]);
    fireEvent.change(dialog.getByLabelText(/Reason/), { target: { value: 'Duplicate order' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Cancel order' }));
    await waitFor(() => expect(statusCalls(calls).map((c) => c.body)).toEqual([{ status: 'cancelled', note: 'Duplicate order' }]));
    await waitFor(() => expect(actions(drawer)).toEqual([]));
  });

  it('tells a 409 in a toast and shows the order as it is now', async () => {
    const served = serve('placed', () => {
      // someone else moved the order on first
      served.moveTo('processing');
      return { status: 409, body: { statusCode: 409, message: 'Order DM-000001 is processing: it cannot become processing', error: 'Conflict' } };
    });
    const drawer = await openOrder();
    const before = orderGets(served.calls).length;
    fireEvent.click(drawer.getByRole('button', { name: 'Mark as processing' }));
    expect(await screen.findByText('Order DM-000001 is processing: it cannot become processing')).toBeTruthy();
    await waitFor(() => expect(actions(drawer)).toEqual(['Mark as shipped', 'Cancel order']));
    expect(orderGets(served.calls).length).toBeGreaterThan(before);
  });

  it('gives focus back to the order it was opened from when it closes', async () => {
    serve('placed');
    const drawer = await openOrder();
    fireEvent.click(drawer.getByRole('button', { name: 'Close order' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(screen.getByRole('button', { name: NUMBER }));
  });

  it('gives focus to the grid when the order left the list while the drawer was open', async () => {
    // the list is filtered to placed orders: once cancelled, the row is gone
    serve('placed', undefined, (status) => status === 'placed');
    const drawer = await openOrder();
    fireEvent.click(drawer.getByRole('button', { name: 'Cancel order' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Cancel order' }));
    fireEvent.change(dialog.getByLabelText(/Reason/), { target: { value: 'Duplicate order' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Cancel order' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: NUMBER })).toBeNull());
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Cancel order' })).toBeNull());
    fireEvent.click(drawer.getByRole('button', { name: 'Close order' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(screen.getByRole('grid', { name: 'Orders' }).contains(document.activeElement)).toBe(true));
  });

  it('keeps the open order in the address: Back closes it, and the close button leaves no entry behind', async () => {
    serve('placed');
    await openOrder();
    expect(Object.fromEntries(address())).toEqual({ tab: 'orders', order: NUMBER });
    goBack();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(Object.fromEntries(address())).toEqual({ tab: 'orders' });

    fireEvent.click(screen.getByRole('button', { name: NUMBER }));
    const drawer = within(await screen.findByRole('dialog', { name: `Order ${NUMBER}` }));
    expect(address().get('order')).toBe(NUMBER);
    fireEvent.click(drawer.getByRole('button', { name: 'Close order' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(Object.fromEntries(address())).toEqual({ tab: 'orders' });
    // closing stepped back over the entry opening pushed: Forward opens the order again
    goBack(1);
    expect(await screen.findByRole('dialog', { name: `Order ${NUMBER}` })).toBeTruthy();
  });

  it('opens the order a shared link (or a reload) names, and closing takes its number out of the address', async () => {
    serve('shipped');
    await renderOrdersTab(`/admin?tab=orders&order=${NUMBER}`, ['/admin']);
    const drawer = within(await screen.findByRole('dialog', { name: `Order ${NUMBER}` }));
    expect(await drawer.findByText('Curing Light')).toBeTruthy();
    fireEvent.click(drawer.getByRole('button', { name: 'Close order' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(Object.fromEntries(address())).toEqual({ tab: 'orders' });
    // replaced, not pushed: Back leaves the tab instead of opening the order again
    goBack();
    expect(address().get('tab')).toBeNull();
  });
});
