import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { describe, it } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import { assertNoFindings, axeFindings } from '../axe.js';
import { newContext, signIn } from '../browser.js';
import { eventually } from '../eventually.js';
import { saveShopperSettings } from '../shopper-page.js';
import { inLightAndDark } from '../states.js';
import { appAndBrowser } from '../suite.js';
import { picture } from '../pictures.js';

/**
 * Issue 21's Chromium journey of the admin's Analytics tab: an order, a search that found nothing
 * and 20 partner clicks made through the product appear in the tab's cards and in the clicks' CSV;
 * not one of the 20 clicks is lost, though each opens its partner's page in a new tab.
 */
const suite = appAndBrowser();

/** A shopper's everyday Chrome: the API does not count clicks from HeadlessChrome (a bot's user agent). */
const CHROME_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const CSV_COLUMNS = 'day,manufacturer,product_id,product_name,clicks';
const PARTNER_CLICKS = 20;

interface OrdersReport {
  totals: { orders: number; revenue: string };
}
interface ClicksReport {
  from: string;
  to: string;
  days: Array<{ day: string; clicks: number }>;
  total: number;
}
interface SearchesReport {
  no_results: Array<{ term: string; searches: number }>;
}

const today = () => new Date().toISOString().slice(0, 10);

/** Asks until `done` holds (the API writes clicks and search terms in batches, a moment after the request). */
function until<T>(ask: () => Promise<T>, done: (value: T) => boolean, what: string): Promise<T> {
  return eventually(ask, done, { timeout: 60_000, what });
}

async function asAdmin<T>(fn: (page: Page, context: BrowserContext) => Promise<T>, width = 1366, height = 900): Promise<T> {
  const context = await newContext(suite.browser, suite.app.url, width, height);
  try {
    await signIn(context);
    return await fn(await context.newPage(), context);
  } finally {
    await context.close();
  }
}

/** One of the admin's analytics reports over the default range (the last 30 days), through the API. */
async function report<T>(context: BrowserContext, name: 'orders' | 'partner-clicks' | 'searches'): Promise<T> {
  const response = await context.request.get(`/api/admin/analytics/${name}`);
  assert.equal(response.status(), 200, `GET /api/admin/analytics/${name}`);
  return (await response.json()) as T;
}

const usd = (amount: string) => {
  const [dollars, cents = '00'] = amount.split('.');
  return `$${Number(dollars).toLocaleString('en-US')}.${cents.padEnd(2, '0')}`;
};

const card = (page: Page, name: string) => page.getByRole('region', { name });

async function openTab(page: Page, query = '') {
  await page.goto(`/admin?tab=analytics${query}`);
  await page.getByRole('heading', { level: 2, name: 'Analytics' }).waitFor();
  await page.getByText(/^Loading (orders and revenue|partner clicks|top searches|searches with no results)…$/).first().waitFor({ state: 'detached' });
}

/** A CSV's rows (RFC 4180: quoted fields may hold commas, quotes and line breaks). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i += 1;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

describe('the admin Analytics tab (issue 21)', () => {
  it('downloads MUI X Charts only when the Analytics tab opens, never on a shopper page or another admin tab', async () => {
    await asAdmin(async (page) => {
      const chartScripts: string[] = [];
      page.on('response', async (response) => {
        if (response.request().resourceType() !== 'script') return;
        const body = await response.text().catch(() => '');
        // the class name every MUI X chart's surface carries
        if (body.includes('MuiChartsSurface')) chartScripts.push(new URL(response.url()).pathname);
      });
      await page.goto('/marketplace?type=affiliate');
      await page.getByRole('link', { name: 'View Product' }).first().waitFor();
      await page.goto('/admin');
      await page.getByRole('gridcell').first().waitFor();
      assert.deepEqual(chartScripts, [], 'no chart code on the marketplace or the Catalog tab');
      await page.getByRole('tab', { name: 'Analytics' }).click();
      await page.getByRole('heading', { name: 'Orders and revenue' }).waitFor();
      await page.waitForLoadState('networkidle');
      assert.equal(chartScripts.length, 1, 'the charts arrive in one chunk with the tab');
      assert.match(chartScripts[0], /^\/remotes\/admin\//, 'from the admin remote');
    });
  });

  it("counts an order placed through the API in 'Orders and revenue'", async () => {
    await asAdmin(async (page, context) => {
      const before = await report<OrdersReport>(context, 'orders');
      const listed = await (await fetch(`${suite.app.url}/api/products?productType=equipment&limit=24`)).json() as { products: Array<{ id: number; price: string; in_stock: boolean }> };
      const product = listed.products.find((p) => p.in_stock && Number(p.price) > 0);
      assert.ok(product, 'an in-stock equipment product');
      const placed = await fetch(`${suite.app.url}/api/orders`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Idempotency-Key': randomUUID() },
        body: JSON.stringify({
          lines: [{ product_id: product.id, quantity: 2, unit_price: product.price }],
          shipping: { fullName: 'Ana Lytics', email: 'ana.lytics@example.com', address: '1 Chart Way', city: 'Austin', state: 'TX', zipCode: '73301' },
        }),
      });
      assert.equal(placed.status, 201, await placed.clone().text());
      const order = (await placed.json()) as { total: string };
      const after = await until(() => report<OrdersReport>(context, 'orders'), (r) => r.totals.orders === before.totals.orders + 1, 'the order counted');
      assert.equal(Math.round(Number(after.totals.revenue) * 100) - Math.round(Number(before.totals.revenue) * 100), Math.round(Number(order.total) * 100), "the order's total is the revenue it adds");

      await openTab(page);
      const orders = after.totals.orders;
      await card(page, 'Orders and revenue').getByText(`${orders.toLocaleString('en-US')} ${orders === 1 ? 'order' : 'orders'}, ${usd(after.totals.revenue)} revenue`, { exact: true }).waitFor();
      await card(page, 'Orders and revenue').getByRole('img', { name: 'Orders per day' }).waitFor();
      await card(page, 'Orders and revenue').getByRole('img', { name: 'Revenue per day' }).waitFor();
    });
  });

  it("lists a marketplace search that found nothing under 'Searches with no results'", async () => {
    const term = `zzqx${randomUUID().slice(0, 8).replace(/\d/g, 'q')}`;
    const searched = await fetch(`${suite.app.url}/api/products?search=${encodeURIComponent(term)}`);
    assert.equal(searched.status, 200);
    assert.deepEqual(((await searched.json()) as { products: unknown[] }).products, [], 'the nonsense word finds nothing');
    await asAdmin(async (page, context) => {
      await until(() => report<SearchesReport>(context, 'searches'), (r) => r.no_results.some((t) => t.term === term), 'the search term written');
      await openTab(page);
      const row = card(page, 'Searches with no results').getByRole('row').filter({ has: page.getByRole('cell', { name: term, exact: true }) });
      assert.deepEqual(await row.getByRole('cell').allInnerTexts(), [term, '1']);
      const top = card(page, 'Top searches').getByRole('row').filter({ has: page.getByRole('cell', { name: term, exact: true }) });
      assert.deepEqual(await top.getByRole('cell').allInnerTexts(), [term, '1', '1']);
    });
  });

  it("counts every one of 20 partner clicks that open a new tab: 'Partner clicks' shows 20 and its CSV sums to 20", async () => {
    const shopper = await suite.browser.newContext({ baseURL: suite.app.url, viewport: { width: 1366, height: 900 }, userAgent: CHROME_UA });
    try {
      // the partners' own sites are outside this closed network: any address but the shop's answers a stand-in page
      const shop = new URL(suite.app.url).origin;
      await shopper.route((url) => url.origin !== shop, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>Partner</title><p>Partner site</p>' }));
      const page = await shopper.newPage();
      await page.goto('/marketplace?type=affiliate');
      const links = page.getByRole('link', { name: 'View Product' });
      await links.first().waitFor();
      const available = await links.count();
      assert.ok(available > 0, 'partner products on the marketplace');
      for (let i = 0; i < PARTNER_CLICKS; i += 1) {
        const link = links.nth(i % available);
        assert.equal(await link.getAttribute('target'), '_blank');
        const [partnerTab] = await Promise.all([shopper.waitForEvent('page'), link.click()]);
        await partnerTab.close();
      }
    } finally {
      await shopper.close();
    }

    await asAdmin(async (page, context) => {
      const counted = await until(() => report<ClicksReport>(context, 'partner-clicks'), (r) => r.total >= PARTNER_CLICKS, 'the 20 clicks counted');
      assert.equal(counted.total, PARTNER_CLICKS, 'each click counted once: none lost, none twice (beacon and ping are one click)');
      assert.equal(counted.days.find((d) => d.day === today())?.clicks, PARTNER_CLICKS);

      await openTab(page);
      const clicks = card(page, 'Partner clicks');
      await clicks.getByText(`${PARTNER_CLICKS} clicks`, { exact: true }).waitFor();
      await clicks.getByRole('img', { name: 'Clicks per day' }).waitFor();
      const partnerRows = clicks.getByRole('table', { name: 'Clicks per partner, most first' }).getByRole('row');
      const perPartner = (await partnerRows.allInnerTexts()).slice(1).map((text) => Number(text.split('\t').at(-1)!.replace(/,/g, '')));
      assert.equal(perPartner.reduce((a, b) => a + b, 0), PARTNER_CLICKS, 'the partners add up to the total');
      await clicks.getByRole('button', { name: 'Show as table' }).click();
      const todayRow = clicks.getByRole('table', { name: 'Partner clicks per day (UTC)' }).getByRole('row').last();
      assert.equal((await todayRow.getByRole('cell').allInnerTexts())[1], String(PARTNER_CLICKS));

      const [download] = await Promise.all([page.waitForEvent('download'), clicks.getByRole('link', { name: 'Export CSV' }).click()]);
      assert.equal(download.suggestedFilename(), `partner-clicks-${counted.from}-${counted.to}.csv`);
      const rows = parseCsv(await readFile((await download.path())!, 'utf8')).filter((row) => row.some((cell) => cell !== ''));
      assert.equal(rows[0].join(','), CSV_COLUMNS);
      const clickColumn = rows[0].indexOf('clicks');
      assert.equal(rows.slice(1).reduce((sum, row) => sum + Number(row[clickColumn]), 0), PARTNER_CLICKS, 'the CSV sums to 20');
      assert.ok(rows.slice(1).every((row) => row[0] === today()), "every click is today's (UTC)");
    });
  });

  it('keeps the chosen range in the address, so a reload shows the same range', async () => {
    await asAdmin(async (page) => {
      await openTab(page);
      assert.equal(await page.getByRole('button', { name: 'Last 30 days' }).getAttribute('aria-pressed'), 'true');
      await page.getByRole('button', { name: 'Last 7 days' }).click();
      await page.waitForURL((url) => url.searchParams.get('from') !== null);
      const url = new URL(page.url());
      assert.equal(url.searchParams.get('tab'), 'analytics');
      assert.equal(url.searchParams.get('to'), today());
      await page.reload();
      await page.getByRole('heading', { level: 2, name: 'Analytics' }).waitFor();
      assert.equal(await page.getByRole('button', { name: 'Last 7 days' }).getAttribute('aria-pressed'), 'true');
      assert.equal(await page.getByLabel('From').inputValue(), url.searchParams.get('from'));
      // the clicks made today are inside the last 7 days too
      await card(page, 'Partner clicks').getByText(`${PARTNER_CLICKS} clicks`, { exact: true }).waitFor();
    });
  });

  // after the journeys above: their order, search and 20 clicks are the figures these states show
  for (const [width, height] of [
    [1366, 900],
    [390, 844],
  ] as const) {
    it(`has no axe finding at all with figures and tables open at ${width} px, light and dark (one page load, the device's scheme switched; pictures with E2E_PICTURES)`, async () => {
      await asAdmin(
        async (page) => {
          await saveShopperSettings(page);
          await openTab(page);
          await card(page, 'Partner clicks').getByText(`${PARTNER_CLICKS} clicks`, { exact: true }).waitFor();
          for (const name of ['Orders and revenue', 'Partner clicks']) await card(page, name).getByRole('button', { name: 'Show as table' }).click();
          await inLightAndDark(page, async (dark) => {
            const bodyWidth = await page.evaluate(() => document.documentElement.scrollWidth);
            assert.ok(bodyWidth <= width, `nothing wider than the window (${bodyWidth} px at ${width} px)`);
            assertNoFindings(await axeFindings(page), `the Analytics tab (${width} px, ${dark ? 'dark' : 'light'})`);
            await picture(page, `analytics-${width}-${dark ? 'dark' : 'light'}`);
          });
        },
        width,
        height,
      );
    });
  }
});
