/** @jest-environment ../scripts/jest-fetch-environment.cjs */
import { deserialize, serialize } from 'node:v8';
import { jest } from '@jest/globals';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import type { OrdersPerDay, PartnerClicksReport, SearchTermsReport } from '@dentalmarket/contracts';
import { deferred, renderWithStore, stubFetch, type Answer, type Call } from '../categories/testSupport.js';
import AnalyticsTab from './AnalyticsTab.js';

// jsdom has no structuredClone, which MUI X Charts' gesture handling uses on mount (Node's, by its algorithm)
globalThis.structuredClone ??= <T,>(value: T): T => deserialize(serialize(value)) as T;

// "today" is 2026-11-25 (UTC) for the quick choices; only Date is faked, timers run as usual
const TODAY = '2026-11-25';
beforeEach(() => {
  jest.useFakeTimers({
    now: new Date(`${TODAY}T15:30:00Z`),
    doNotFake: ['nextTick', 'setImmediate', 'clearImmediate', 'setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'queueMicrotask', 'requestAnimationFrame', 'cancelAnimationFrame', 'requestIdleCallback', 'cancelIdleCallback', 'hrtime', 'performance'],
  });
});
afterEach(() => jest.useRealTimers());

const days = (from: string, count: number) => Array.from({ length: count }, (_v, i) => new Date(Date.parse(`${from}T00:00:00Z`) + i * 86_400_000).toISOString().slice(0, 10));

function ordersReport(from: string, to: string): OrdersPerDay {
  const list = days(from, 3);
  return {
    from,
    to,
    days: [
      { day: list[0], orders: 1, revenue: '200.00' },
      { day: list[1], orders: 0, revenue: '0.00' },
      { day: list[2], orders: 2, revenue: '1034.50' },
    ],
    totals: { orders: 3, revenue: '1234.50' },
  };
}

function clicksReport(from: string, to: string): PartnerClicksReport {
  const list = days(from, 2);
  return {
    from,
    to,
    days: [
      { day: list[0], clicks: 1250 },
      { day: list[1], clicks: 10 },
    ],
    partners: [
      { manufacturer: 'Dentsply Sirona', clicks: 1200 },
      { manufacturer: 'Ivoclar', clicks: 50 },
    ],
    others: 10,
    total: 1260,
  };
}

function searchesReport(from: string, to: string): SearchTermsReport {
  return {
    from,
    to,
    top: [
      { term: 'curing light', searches: 42, zero_results: 0 },
      { term: 'zirconia burs', searches: 7, zero_results: 7 },
    ],
    no_results: [{ term: 'zirconia burs', searches: 7 }],
  };
}

type Route = 'orders' | 'partner-clicks' | 'searches';
const route = (call: Call): Route | null => {
  const match = /^\/api\/admin\/analytics\/(orders|partner-clicks|searches)\?/.exec(call.path);
  return match ? (match[1] as Route) : null;
};
const rangeOf = (call: Call) => Object.fromEntries(new URL(call.path, 'http://localhost').searchParams);

/** The analytics API as the contract gives it; `override` answers a route otherwise. */
function serve(override: Partial<Record<Route, (call: Call) => Answer>> = {}) {
  return stubFetch((call) => {
    const which = route(call);
    if (!which) return { status: 404, body: { message: 'not served' } };
    if (override[which]) return override[which](call);
    const { from, to } = rangeOf(call);
    const body = which === 'orders' ? ordersReport(from, to) : which === 'partner-clicks' ? clicksReport(from, to) : searchesReport(from, to);
    return { status: 200, body };
  });
}

const empty = (call: Call): Answer => {
  const { from, to } = rangeOf(call);
  const which = route(call);
  if (which === 'orders') return { status: 200, body: { from, to, days: [{ day: from, orders: 0, revenue: '0.00' }], totals: { orders: 0, revenue: '0.00' } } };
  if (which === 'partner-clicks') return { status: 200, body: { from, to, days: [{ day: from, clicks: 0 }], partners: [], others: 0, total: 0 } };
  return { status: 200, body: { from, to, top: [], no_results: [] } };
};

/** Where the tab has put the range: the address's query. */
function Address() {
  const { search } = useLocation();
  return <output data-testid="address">{search}</output>;
}

function open(address = '/admin?tab=analytics') {
  return renderWithStore(
    <MemoryRouter initialEntries={[address]}>
      <AnalyticsTab />
      <Address />
    </MemoryRouter>,
    null,
  );
}

const card = (name: string) => within(screen.getByRole('region', { name }));
const address = () => new URLSearchParams(screen.getByTestId('address').textContent ?? '');
const rowsOf = (table: HTMLElement) => within(table).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));

describe('the admin Analytics tab', () => {
  it('asks every report for the last 30 days by default and shows the totals', async () => {
    const { calls } = serve();
    await open();
    expect(screen.getByRole('heading', { level: 2, name: 'Analytics' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Last 30 days' }).getAttribute('aria-pressed')).toBe('true');
    expect((screen.getByLabelText('From') as HTMLInputElement).value).toBe('2026-10-27');
    expect((screen.getByLabelText('To') as HTMLInputElement).value).toBe(TODAY);
    expect(await card('Orders and revenue').findByText('3 orders, $1,234.50 revenue')).toBeTruthy();
    expect(await card('Partner clicks').findByText('1,260 clicks')).toBeTruthy();
    const asked = calls.filter(route);
    expect(new Set(asked.map(route))).toEqual(new Set(['orders', 'partner-clicks', 'searches']));
    for (const call of asked) expect(rangeOf(call)).toEqual({ from: '2026-10-27', to: TODAY });
    // the two search cards share one request
    expect(asked.filter((c) => route(c) === 'searches')).toHaveLength(1);
  });

  it('sends a quick choice and typed dates as from/to and keeps them in the address', async () => {
    const { calls } = serve();
    await open();
    await card('Orders and revenue').findByText('3 orders, $1,234.50 revenue');
    fireEvent.click(screen.getByRole('button', { name: 'Last 7 days' }));
    await waitFor(() => expect(calls.filter((c) => route(c) === 'orders').map(rangeOf)).toContainEqual({ from: '2026-11-19', to: TODAY }));
    expect(screen.getByRole('button', { name: 'Last 7 days' }).getAttribute('aria-pressed')).toBe('true');
    expect(address().get('tab')).toBe('analytics');
    expect(address().get('from')).toBe('2026-11-19');
    expect(address().get('to')).toBe(TODAY);

    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-03-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-03-31' } });
    for (const which of ['orders', 'partner-clicks', 'searches'] as const) {
      await waitFor(() => expect(calls.filter((c) => route(c) === which).map(rangeOf).at(-1)).toEqual({ from: '2026-03-01', to: '2026-03-31' }));
    }
    expect(Object.fromEntries(address())).toEqual({ tab: 'analytics', from: '2026-03-01', to: '2026-03-31' });
    // no quick choice is that range
    for (const name of ['Last 7 days', 'Last 30 days', 'Last 90 days']) expect(screen.getByRole('button', { name }).getAttribute('aria-pressed')).toBe('false');
  });

  it('says what is wrong with a typed range and does not ask for it', async () => {
    const { calls } = serve();
    await open('/admin?tab=analytics&from=2026-03-01&to=2026-03-31');
    await card('Orders and revenue').findByText('3 orders, $1,234.50 revenue');
    const before = calls.length;
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-04-02' } });
    expect(screen.getByRole('alert').textContent).toBe('From must be on or before To.');
    expect(screen.getByLabelText('From').getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2025-03-01' } });
    expect(screen.getByRole('alert').textContent).toBe('A range can cover at most 366 days.');
    expect(calls.slice(before)).toEqual([]);
    expect(address().get('from')).toBe('2026-03-01');
  });

  it('opens on the range in the address, and the CSV link carries it', async () => {
    serve();
    await open('/admin?tab=analytics&from=2026-01-01&to=2026-01-31');
    expect((screen.getByLabelText('From') as HTMLInputElement).value).toBe('2026-01-01');
    expect(screen.getByText('Jan 1 – Jan 31, 2026 · 31 days, UTC')).toBeTruthy();
    const link = card('Partner clicks').getByRole('link', { name: 'Export CSV' });
    const href = new URL(link.getAttribute('href')!);
    expect(href.pathname).toBe('/api/admin/analytics/partner-clicks.csv');
    expect(Object.fromEntries(href.searchParams)).toEqual({ from: '2026-01-01', to: '2026-01-31' });
    expect(link.getAttribute('download')).toBe('partner-clicks-2026-01-01-2026-01-31.csv');
  });

  it('lists the partners, the top searches and the searches with no results', async () => {
    serve();
    await open();
    const clicks = card('Partner clicks');
    const partners = await clicks.findByRole('table', { name: 'Clicks per partner, most first' });
    expect(rowsOf(partners)).toEqual([
      ['Dentsply Sirona', '1,200'],
      ['Ivoclar', '50'],
      ['Other partners', '10'],
    ]);
    const top = await card('Top searches').findByRole('table');
    expect(within(top).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Term', 'Searches', 'No results']);
    expect(rowsOf(top)).toEqual([
      ['curing light', '42', '0'],
      ['zirconia burs', '7', '7'],
    ]);
    const none = card('Searches with no results').getByRole('table');
    expect(within(none).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Term', 'Searches']);
    expect(rowsOf(none)).toEqual([['zirconia burs', '7']]);
  });

  it('names each chart and offers its figures as a table', async () => {
    serve();
    await open('/admin?tab=analytics&from=2026-11-01&to=2026-11-03');
    const orders = card('Orders and revenue');
    const chart = await orders.findByRole('img', { name: 'Orders per day' });
    expect(document.getElementById(chart.getAttribute('aria-describedby')!)?.textContent).toBe('3 orders in 3 days; the most on Nov 3, 2026: 2.');
    const revenue = orders.getByRole('img', { name: 'Revenue per day' });
    expect(document.getElementById(revenue.getAttribute('aria-describedby')!)?.textContent).toBe('$1,234.50 revenue in 3 days; the most on Nov 3, 2026: $1,034.50.');
    expect(orders.queryByRole('table')).toBeNull();
    const show = orders.getByRole('button', { name: 'Show as table' });
    expect(show.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(show);
    expect(orders.getByRole('button', { name: 'Hide table' }).getAttribute('aria-expanded')).toBe('true');
    expect(rowsOf(orders.getByRole('table', { name: 'Orders and revenue per day (UTC)' }))).toEqual([
      ['Nov 1, 2026', '1', '$200.00'],
      ['Nov 2, 2026', '0', '$0.00'],
      ['Nov 3, 2026', '2', '$1,034.50'],
    ]);
    const clicks = card('Partner clicks');
    expect(clicks.getByRole('img', { name: 'Clicks per day' })).toBeTruthy();
    fireEvent.click(clicks.getByRole('button', { name: 'Show as table' }));
    expect(rowsOf(clicks.getByRole('table', { name: 'Partner clicks per day (UTC)' }))).toEqual([
      ['Nov 1, 2026', '1,250'],
      ['Nov 2, 2026', '10'],
    ]);
  });

  it('shows each card empty when the range has nothing', async () => {
    serve({ orders: empty, 'partner-clicks': empty, searches: empty });
    await open();
    expect(await card('Orders and revenue').findByText('No orders in this range.')).toBeTruthy();
    expect(await card('Partner clicks').findByText('No partner clicks in this range.')).toBeTruthy();
    expect(await card('Top searches').findByText('No searches in this range.')).toBeTruthy();
    expect(await card('Searches with no results').findByText('No searches without results in this range.')).toBeTruthy();
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('shows a card loading, then an API refusal as its error, and retries', async () => {
    const pending = deferred();
    let refuse = true;
    const { calls } = serve({
      orders: (call) => (refuse ? pending.promise : { status: 200, body: ordersReport(rangeOf(call).from, rangeOf(call).to) }),
      searches: () => ({ status: 400, body: { statusCode: 400, message: 'the range may span at most 366 days', error: 'Bad Request' } }),
    });
    await open();
    expect(await card('Orders and revenue').findByText('Loading orders and revenue…')).toBeTruthy();
    pending.settle({ status: 400, body: { statusCode: 400, message: 'from must not be after to', error: 'Bad Request' } });
    const orders = card('Orders and revenue');
    expect((await orders.findByRole('alert')).textContent).toContain('Could not load orders and revenue: from must not be after to');
    expect((await card('Top searches').findByRole('alert')).textContent).toContain('Could not load top searches: the range may span at most 366 days');
    expect(card('Searches with no results').getByRole('alert').textContent).toContain('Could not load searches with no results: the range may span at most 366 days');
    // the other cards are not held up by one that failed
    expect(await card('Partner clicks').findByText('1,260 clicks')).toBeTruthy();
    refuse = false;
    fireEvent.click(orders.getByRole('button', { name: 'Retry' }));
    expect(await orders.findByText('3 orders, $1,234.50 revenue')).toBeTruthy();
    expect(calls.filter((c) => route(c) === 'orders')).toHaveLength(2);
  });
});
