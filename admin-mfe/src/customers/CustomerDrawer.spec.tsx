/** @jest-environment ../scripts/jest-fetch-environment.cjs */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { CUSTOMER_MESSAGES, type CustomerRow } from '@dentalmarket/contracts';
import { renderWithStore, stubFetch, type Answer, type Call } from '../categories/testSupport.js';
import { customerDetail, customerRow } from './customerFixtures.js';
import { CustomersGrid } from './CustomersGrid.js';

const ID = 7;
const USERNAME = 'dana.lee';

/**
 * The server as the contract gives it, with one account; disable and enable change it as the API
 * does, unless `onDisable` answers instead (a refusal).
 */
function serve(row: Partial<CustomerRow> = {}, onDisable?: (call: Call) => Answer) {
  let current = customerRow(ID, { username: USERNAME, email: 'dana@clinic.example', full_name: 'Dr. Dana Lee', orders: 12, total_spent: '12345.6', ...row });
  return stubFetch((call) => {
    const url = new URL(call.path, 'http://localhost');
    if (url.pathname === '/api/admin/customers') return { status: 200, body: { customers: [current], total: 1, page: 1, limit: 25 } };
    if (url.pathname === `/api/admin/customers/${ID}`) return { status: 200, body: customerDetail(current) };
    if (url.pathname === `/api/admin/customers/${ID}/disable`) {
      if (onDisable) return onDisable(call);
      current = { ...current, disabled_at: '2026-03-05T12:00:00.000Z' };
      return { status: 200, body: customerDetail(current) };
    }
    if (url.pathname === `/api/admin/customers/${ID}/enable`) {
      current = { ...current, disabled_at: null };
      return { status: 200, body: customerDetail(current) };
    }
    return { status: 404, body: { message: 'not served' } };
  });
}

const posts = (calls: Call[]) => calls.filter((c) => c.method === 'POST').map((c) => c.path);
const listCalls = (calls: Call[]) => calls.filter((c) => c.path.startsWith('/api/admin/customers?'));
// the modal drawer hides the page behind it from the accessibility tree: the grid is looked up with hidden
const statusInGrid = () => within(screen.getByRole('grid', { name: 'Customers', hidden: true })).getByText(/^(Active|Disabled)$/).textContent;

async function openCustomer() {
  await renderWithStore(<CustomersGrid />, null);
  const link = await screen.findByRole('button', { name: USERNAME });
  act(() => link.focus());
  fireEvent.click(link);
  const drawer = within(await screen.findByRole('dialog', { name: USERNAME }));
  await drawer.findByRole('heading', { name: 'Recent orders' });
  return drawer;
}

describe('the admin customer drawer', () => {
  it('shows the account, its figures and its newest orders', async () => {
    serve();
    const drawer = await openCustomer();
    const section = (name: string) => within(drawer.getByRole('region', { name }));
    for (const text of ['Dr. Dana Lee', USERNAME, 'dana@clinic.example', 'Customer', 'Jan 31, 2026']) expect(section('Account').getByText(text)).toBeTruthy();
    const figures = section('Summary');
    for (const [label, value] of [['Orders', '12'], ['Total spent', '$12,345.60'], ['Last order', 'Mar 2, 2026']]) {
      expect(figures.getByText(label).parentElement?.textContent).toBe(`${label}${value}`);
    }
    const recent = section('Recent orders');
    expect(recent.getByText('The 10 newest of 12 orders.')).toBeTruthy();
    const orders = recent.getAllByRole('listitem');
    expect(orders).toHaveLength(10);
    for (const text of ['DM-000001', 'Shipped', '$1,418.92']) expect(within(orders[0]).getByText(text)).toBeTruthy();
    expect(within(orders[1]).getByText('Placed')).toBeTruthy();
    expect(drawer.getByText('Active')).toBeTruthy();
    expect(drawer.getByRole('button', { name: 'Disable account' })).toBeTruthy();
  });

  it('says so when the customer has no orders', async () => {
    serve({ orders: 0, total_spent: '0.00', last_order_at: null });
    const drawer = await openCustomer();
    expect(drawer.getByText('No orders yet.')).toBeTruthy();
    expect(drawer.getByText('Last order').parentElement?.textContent).toBe('Last order—');
  });

  it('disables the account after asking, then shows it disabled in the drawer and the grid', async () => {
    const { calls } = serve();
    const drawer = await openCustomer();
    const listed = listCalls(calls).length;
    fireEvent.click(drawer.getByRole('button', { name: 'Disable account' }));
    const dialog = within(await screen.findByRole('dialog', { name: `Disable ${USERNAME}?` }));
    expect(dialog.getByText('They will be signed out everywhere at once and cannot sign in until the account is enabled again.')).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Disable account' }));
    expect(await screen.findByText('Account disabled')).toBeTruthy();
    expect(posts(calls)).toEqual([`/api/admin/customers/${ID}/disable`]);
    expect(await drawer.findByRole('button', { name: 'Enable account' })).toBeTruthy();
    expect(drawer.getByText('Disabled', { selector: '.MuiChip-label' })).toBeTruthy();
    await waitFor(() => expect(statusInGrid()).toBe('Disabled'));
    expect(listCalls(calls).length).toBeGreaterThan(listed);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: `Disable ${USERNAME}?` })).toBeNull());
  });

  it('sends nothing when the question is cancelled', async () => {
    const { calls } = serve();
    const drawer = await openCustomer();
    fireEvent.click(drawer.getByRole('button', { name: 'Disable account' }));
    const dialog = within(await screen.findByRole('dialog', { name: `Disable ${USERNAME}?` }));
    fireEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: `Disable ${USERNAME}?` })).toBeNull());
    expect(posts(calls)).toEqual([]);
    expect(drawer.getByRole('button', { name: 'Disable account' })).toBeTruthy();
  });

  it("tells the API's refusal (409) in an error toast and leaves the account active", async () => {
    const { calls } = serve({}, () => ({ status: 409, body: { statusCode: 409, message: CUSTOMER_MESSAGES.disableSelf, error: 'Conflict' } }));
    const drawer = await openCustomer();
    fireEvent.click(drawer.getByRole('button', { name: 'Disable account' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: `Disable ${USERNAME}?` })).getByRole('button', { name: 'Disable account' }));
    expect(await screen.findByText('You cannot disable your own account')).toBeTruthy();
    expect(screen.queryByText('Account disabled')).toBeNull();
    expect(posts(calls)).toEqual([`/api/admin/customers/${ID}/disable`]);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: `Disable ${USERNAME}?` })).toBeNull());
    expect(drawer.getByRole('button', { name: 'Disable account' })).toBeTruthy();
    expect(statusInGrid()).toBe('Active');
  });

  it('enables a disabled account without asking', async () => {
    const { calls } = serve({ disabled_at: '2026-03-05T12:00:00.000Z' });
    const drawer = await openCustomer();
    fireEvent.click(drawer.getByRole('button', { name: 'Enable account' }));
    expect(await screen.findByText('Account enabled')).toBeTruthy();
    expect(posts(calls)).toEqual([`/api/admin/customers/${ID}/enable`]);
    expect(await drawer.findByRole('button', { name: 'Disable account' })).toBeTruthy();
    await waitFor(() => expect(statusInGrid()).toBe('Active'));
  });

  it('gives focus back to the customer it was opened from when it closes', async () => {
    serve();
    const drawer = await openCustomer();
    fireEvent.click(drawer.getByRole('button', { name: 'Close customer' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(screen.getByRole('button', { name: USERNAME }));
  });
});
