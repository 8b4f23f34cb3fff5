/** @jest-environment ../scripts/jest-fetch-environment.cjs */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ServiceRequest, ServiceRequestStatus, ServiceRequestStatusChange, ServiceRequestSummary } from '@dentalmarket/contracts';
import { stubFetch, type Answer, type Call } from '../../categories/testSupport.js';
import { stats } from '../orderFixtures.js';
import { address, goBack, renderOrdersTab } from '../ordersTestSupport.js';
import { requestSummary, serviceRequest } from './serviceRequestFixtures.js';

const NUMBER = 'SR-000001';
const all = Array.from({ length: 60 }, (_v, i) => requestSummary(i + 1));

/**
 * The server as the contract gives it: the orders' figures and list, `listed` service requests paged
 * as the API pages them, and one request whose status is `status`; a status change is answered by
 * `onChange` (by default: accepted, the request moves on with the quote and an event).
 */
function serve(status: ServiceRequestStatus = 'new', onChange?: (call: Call) => Answer, listed: ServiceRequestSummary[] = all) {
  let current: ServiceRequest = serviceRequest(NUMBER, status);
  const served = stubFetch((call) => {
    const url = new URL(call.path, 'http://localhost');
    if (url.pathname === '/api/admin/orders/stats') return { status: 200, body: stats };
    if (url.pathname === '/api/admin/orders') return { status: 200, body: { orders: [], total: 0, page: 1, limit: 25 } };
    if (url.pathname === '/api/admin/service-requests') {
      const page = Number(url.searchParams.get('page'));
      const limit = Number(url.searchParams.get('limit'));
      const rows = listed.map((r) => (r.number === NUMBER ? { ...r, status: current.status, quote_amount: current.quote_amount } : r));
      return { status: 200, body: { requests: rows.slice((page - 1) * limit, page * limit), total: rows.length, page, limit } };
    }
    if (url.pathname === `/api/admin/service-requests/${NUMBER}`) return { status: 200, body: current };
    if (url.pathname === `/api/admin/service-requests/${NUMBER}/status`) {
      if (onChange) return onChange(call);
      const body = call.body as ServiceRequestStatusChange;
      const event = { from_status: current.status, to_status: body.status, actor: 'admin', note: body.note ?? null, created_at: '2026-03-03T09:00:00.000Z' };
      current = {
        ...current,
        status: body.status,
        ...(body.status === 'quoted' ? { quote_amount: body.amount ?? null, quote_note: body.note ?? null } : {}),
        events: [...current.events, event],
      };
      return { status: 200, body: current };
    }
    return { status: 404, body: { message: 'not served' } };
  });
  return { ...served, moveTo: (next: ServiceRequestStatus) => (current = { ...current, status: next }) };
}

const listCalls = (calls: Call[]) =>
  calls.filter((c) => c.path.startsWith('/api/admin/service-requests?')).map((c) => Object.fromEntries(new URL(c.path, 'http://localhost').searchParams));
const statusCalls = (calls: Call[]) => calls.filter((c) => c.method === 'POST').map((c) => c.body);

async function showServiceRequests() {
  await renderOrdersTab();
  // the orders view comes first, as before
  expect(screen.getByRole('button', { name: 'Orders', pressed: true })).toBeTruthy();
  expect(await screen.findByRole('region', { name: 'All Orders' })).toBeTruthy();
  fireEvent.click(screen.getByRole('button', { name: 'Service requests' }));
  expect(screen.getByRole('button', { name: 'Service requests', pressed: true })).toBeTruthy();
  expect(screen.queryByRole('region', { name: 'All Orders' })).toBeNull();
  return within(await screen.findByRole('region', { name: 'Service requests' }));
}

async function openRequest() {
  await showServiceRequests();
  const link = await screen.findByRole('button', { name: NUMBER });
  act(() => link.focus());
  fireEvent.click(link);
  const drawer = within(await screen.findByRole('dialog', { name: `Service request ${NUMBER}` }));
  await drawer.findByText('Bright Smiles Dental');
  return drawer;
}

const actions = (drawer: ReturnType<typeof within>) =>
  within(drawer.getByRole('region', { name: 'Status' }))
    .queryAllByRole('button')
    .map((b) => b.textContent);

async function choose(label: string, option: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
  fireEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: option }));
  await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
}

describe("the Orders tab's service requests view", () => {
  it('lists the first page, newest first, with every column', async () => {
    const { calls } = serve();
    const view = await showServiceRequests();
    expect(await view.findByText('1–25 of 60')).toBeTruthy();
    const headers = view.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(['Number', 'Received', 'Service', 'Practice', 'Contact', 'Email', 'Preferred date', 'Status', 'Quote']);
    const row = within(view.getByText('SR-000002').closest('[role="row"]') as HTMLElement);
    for (const text of ['Sterilisation Audit', 'Practice 2', 'Contact 2', 'contact2@practice.example', 'May 1, 2026', 'New', '—']) expect(row.getByText(text)).toBeTruthy();
    expect(listCalls(calls)[0]).toEqual({ sort: 'created_at', order: 'desc', page: '1', limit: '25' });
  });

  it('sorts by received and preferred date only, and sends search and status from page 1', async () => {
    const { calls } = serve();
    const view = await showServiceRequests();
    await view.findByText('1–25 of 60');
    const header = (name: string) => view.getByRole('columnheader', { name: new RegExp(`^${name}`) });
    const sortable = (name: string) => header(name).classList.contains('MuiDataGrid-columnHeader--sortable');
    expect(['Number', 'Received', 'Service', 'Practice', 'Contact', 'Email', 'Preferred date', 'Status', 'Quote'].filter(sortable)).toEqual(['Received', 'Preferred date']);
    fireEvent.click(header('Preferred date'));
    await waitFor(() => expect(listCalls(calls).at(-1)).toMatchObject({ sort: 'preferred_date', order: 'asc' }));
    fireEvent.click(view.getByRole('button', { name: 'Go to next page' }));
    await view.findByText('26–50 of 60');
    await choose('Status', 'Quoted');
    fireEvent.change(view.getByRole('searchbox', { name: 'Search service requests by number, email, practice or contact' }), { target: { value: ' bright ' } });
    await waitFor(() => expect(listCalls(calls).at(-1)).toEqual({ q: 'bright', status: 'quoted', sort: 'preferred_date', order: 'asc', page: '1', limit: '25' }));
    // the search is asked once it settles, not for each key
    expect(listCalls(calls).filter((c) => c.q !== undefined && c.q !== 'bright')).toEqual([]);
  });

  it('opens a request with every field it was sent with and its history', async () => {
    serve('quoted');
    const drawer = await openRequest();
    for (const text of ['Sterilisation Audit', 'Dana Lee', 'Guest (not signed in)', 'May 1, 2026', '$1,200.00', 'Includes the report']) expect(drawer.getByText(text)).toBeTruthy();
    expect(drawer.getByRole('link', { name: 'dana@brightsmiles.example' }).getAttribute('href')).toBe('mailto:dana@brightsmiles.example');
    expect(drawer.getByRole('link', { name: '+1 503 555 0100' }).getAttribute('href')).toBe('tel:+15035550100');
    expect(drawer.getByText(/Two surgeries,\s+mornings only\./)).toBeTruthy();
    const history = within(drawer.getByRole('region', { name: 'Status history' }));
    expect(history.getByText('New')).toBeTruthy();
    expect(history.getByText(/guest/)).toBeTruthy();
  });

  it.each([
    ['new', ['Mark contacted', 'Mark lost']],
    ['contacted', ['Send quote', 'Mark lost']],
    ['quoted', ['Mark won', 'Mark lost']],
    ['won', []],
    ['lost', []],
  ] as const)('from %s offers %j', async (status, offered) => {
    serve(status);
    const drawer = await openRequest();
    expect(actions(drawer)).toEqual(offered);
    if (!offered.length) expect(drawer.getByText('No further status changes.')).toBeTruthy();
  });

  it('marks a request contacted, says so, and offers the next steps', async () => {
    const { calls } = serve('new');
    const drawer = await openRequest();
    fireEvent.click(drawer.getByRole('button', { name: 'Mark contacted' }));
    await waitFor(() => expect(statusCalls(calls)).toEqual([{ status: 'contacted' }]));
    expect(await screen.findByText(`${NUMBER} is now contacted.`)).toBeTruthy();
    await waitFor(() => expect(actions(drawer)).toEqual(['Send quote', 'Mark lost']));
    expect(within(drawer.getByRole('region', { name: 'Status history' })).getByText('New → Contacted')).toBeTruthy();
  });

  it('will not send a quote without an amount, and sends dollars with two decimals and the note', async () => {
    const { calls } = serve('contacted');
    const drawer = await openRequest();
    fireEvent.click(drawer.getByRole('button', { name: 'Send quote' }));
    const dialog = within(await screen.findByRole('dialog', { name: `Send quote for ${NUMBER}` }));
    fireEvent.click(dialog.getByRole('button', { name: 'Send quote' }));
    expect(await dialog.findByText('Amount is required')).toBeTruthy();
    fireEvent.change(dialog.getByLabelText(/Amount/), { target: { value: '12.345' } });
    expect(await dialog.findByText('Enter an amount in dollars, such as 1200.00')).toBeTruthy();
    expect(statusCalls(calls)).toEqual([]);
    fireEvent.change(dialog.getByLabelText(/Amount/), { target: { value: '$1,200' } });
    fireEvent.change(dialog.getByLabelText('Note (optional)'), { target: { value: 'Includes the written report' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Send quote' }));
    await waitFor(() => expect(statusCalls(calls)).toEqual([{ status: 'quoted', amount: '1200.00', note: 'Includes the written report' }]));
    expect(await screen.findByText(`${NUMBER} is now quoted.`)).toBeTruthy();
    const quote = within(await drawer.findByRole('region', { name: 'Quote' }));
    expect(quote.getByText('$1,200.00')).toBeTruthy();
    expect(quote.getByText('Includes the written report')).toBeTruthy();
    await waitFor(() => expect(actions(drawer)).toEqual(['Mark won', 'Mark lost']));
  });

  it('marks a request lost with no note at all when none is given', async () => {
    const { calls } = serve('quoted');
    const drawer = await openRequest();
    fireEvent.click(drawer.getByRole('button', { name: 'Mark lost' }));
    const dialog = within(await screen.findByRole('dialog', { name: `Mark ${NUMBER} lost` }));
    fireEvent.click(dialog.getByRole('button', { name: 'Mark lost' }));
    await waitFor(() => expect(statusCalls(calls)).toEqual([{ status: 'lost' }]));
    await waitFor(() => expect(actions(drawer)).toEqual([]));
  });

  it("tells a refusal in a toast with the server's message and shows the request as it is now", async () => {
    const served = serve('new', () => {
      // another admin moved it on first
      served.moveTo('contacted');
      return { status: 409, body: { statusCode: 409, message: 'SR-000001 is contacted: it cannot become contacted', error: 'Conflict' } };
    });
    const drawer = await openRequest();
    fireEvent.click(drawer.getByRole('button', { name: 'Mark contacted' }));
    expect(await screen.findByText('SR-000001 is contacted: it cannot become contacted')).toBeTruthy();
    await waitFor(() => expect(actions(drawer)).toEqual(['Send quote', 'Mark lost']));
  });

  it('gives focus back to the request it was opened from when it closes', async () => {
    serve('new');
    const drawer = await openRequest();
    fireEvent.click(drawer.getByRole('button', { name: 'Close service request' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(screen.getByRole('button', { name: NUMBER }));
  });

  it('keeps the view in the address, replacing the entry, and switching back to orders takes it out', async () => {
    serve();
    await renderOrdersTab('/admin?tab=orders', ['/admin']);
    fireEvent.click(await screen.findByRole('button', { name: 'Service requests' }));
    expect(await screen.findByRole('region', { name: 'Service requests' })).toBeTruthy();
    expect(Object.fromEntries(address())).toEqual({ tab: 'orders', view: 'service-requests' });
    fireEvent.click(screen.getByRole('button', { name: 'Orders' }));
    expect(await screen.findByRole('region', { name: 'All Orders' })).toBeTruthy();
    expect(Object.fromEntries(address())).toEqual({ tab: 'orders' });
    // the switches replaced the entry: Back leaves the tab
    goBack();
    expect(address().get('tab')).toBeNull();
  });

  it('keeps the open request in the address: Back closes it, a shared link opens it in its view', async () => {
    serve('new');
    await openRequest();
    expect(Object.fromEntries(address())).toEqual({ tab: 'orders', view: 'service-requests', request: NUMBER });
    goBack();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(Object.fromEntries(address())).toEqual({ tab: 'orders', view: 'service-requests' });
    expect(screen.getByRole('region', { name: 'Service requests' })).toBeTruthy();
  });

  it('opens the request a shared link (or a reload) names in the service requests view; closing takes it out of the address', async () => {
    serve('quoted');
    await renderOrdersTab(`/admin?tab=orders&view=service-requests&request=${NUMBER}`);
    const drawer = within(await screen.findByRole('dialog', { name: `Service request ${NUMBER}` }));
    expect(await drawer.findByText('Bright Smiles Dental')).toBeTruthy();
    fireEvent.click(drawer.getByRole('button', { name: 'Close service request' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(Object.fromEntries(address())).toEqual({ tab: 'orders', view: 'service-requests' });
    expect(screen.getByRole('button', { name: 'Service requests', pressed: true })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Service requests' })).toBeTruthy();
  });
});
