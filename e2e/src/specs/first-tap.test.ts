/**
 * Every tap counts (issue 32): on a 390 px phone with touch and a CPU four times slower, a control of
 * a server-rendered page tapped the moment it shows does what it says, once — before the app owns
 * the page the page-start script holds the tap, shows the control busy, and replays it once the
 * route's part has hydrated. Each case counts the taps that landed before the app was ready, so the
 * held path is the one tested (a tap after the app started would pass without it).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { newPhoneContext, phonePage } from '../browser.js';
import { appAndBrowser } from '../suite.js';

const suite = appAndBrowser();

interface Listed {
  name: string;
  slug: string;
  in_stock: boolean;
  product_type: string;
}

async function listed(query: string): Promise<Listed[]> {
  const { products } = (await (await fetch(`${suite.app.url}/api/products?${query}`)).json()) as { products: Listed[] };
  return products;
}

/**
 * Counts, in the page, the taps (clicks) that arrive while the app is not ready yet: listened for
 * ahead of every script of the page (an init script runs before the page's own inline one).
 */
function countEarlyTaps(): void {
  const w = window as unknown as { earlyTaps: number; busySeen: number };
  w.earlyTaps = 0;
  w.busySeen = 0;
  addEventListener(
    'click',
    (event) => {
      if (event.isTrusted && !document.documentElement.hasAttribute('data-dm-ready')) {
        w.earlyTaps += 1;
        // the held control shows it is busy at once (checked after the page-start script's listener ran)
        setTimeout(() => {
          if (document.querySelector('[data-dm-pending][aria-busy="true"]')) w.busySeen += 1;
        }, 0);
      }
    },
    true,
  );
}

/** A fresh phone (its own empty cart) on `path`, navigated without waiting for anything but the response. */
async function phoneAt(path: string, holdScriptsUntil?: Promise<void>): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newPhoneContext(suite.browser, suite.app.url);
  await context.addInitScript(countEarlyTaps);
  // the app's scripts held back until the test says: its taps surely land before the app starts
  if (holdScriptsUntil) {
    await context.route(/\.js(\?.*)?$/, async (route) => {
      await holdScriptsUntil;
      await route.continue();
    });
  }
  const page = await phonePage(context, 4);
  await page.goto(path, { waitUntil: 'commit' });
  return { context, page };
}

async function early(page: Page): Promise<{ earlyTaps: number; busySeen: number }> {
  return page.evaluate(() => {
    const w = window as unknown as { earlyTaps: number; busySeen: number };
    return { earlyTaps: w.earlyTaps, busySeen: w.busySeen };
  });
}

/** Taps that landed before the app was ready, over the whole file: the held path must have been taken. */
let heldTaps = 0;

/** The app has started; the taps it held showed their controls busy (`held`: a link to another tab is the browser's own). */
async function settle(page: Page, held = true): Promise<void> {
  await page.waitForSelector('html[data-dm-ready]', { state: 'attached' });
  const { earlyTaps, busySeen } = await early(page);
  if (held) heldTaps += earlyTaps;
  if (held && earlyTaps > 0) assert.ok(busySeen > 0, 'a tap held before the app was ready shows its control busy');
  assert.equal(await page.locator('[data-dm-pending]').count(), 0, 'nothing stays busy once the app has started');
}

const oneItem = (page: Page) => page.getByRole('button', { name: 'Cart, 1 item', exact: true });

/** A fresh phone on `path`: `control` tapped the moment it shows, then what it does (`outcome`) seen, once the app has started. */
async function tapOn(path: string, control: (page: Page) => Locator | Promise<Locator>, outcome: (page: Page) => Locator): Promise<void> {
  const { context, page } = await phoneAt(path);
  try {
    await (await control(page)).tap();
    await outcome(page).waitFor();
    await settle(page);
  } finally {
    await context.close();
  }
}

describe('first taps on a phone (390 px, touch, 4× CPU), the moment a control shows', () => {
  it('Add to cart on /marketplace adds the product, and a double tap adds it once', async () => {
    for (const taps of [1, 2]) {
      // the double tap: both land before the app starts (scripts held), so the test always judges the held path
      let release = () => {};
      const held = taps === 2 ? new Promise<void>((resolve) => (release = resolve)) : undefined;
      const { context, page } = await phoneAt('/marketplace?type=equipment', held);
      try {
        const add = page.getByRole('button', { name: 'Add to cart' }).first();
        for (let i = 0; i < taps; i++) await add.tap();
        release();
        await page.getByRole('button', { name: 'Cart, 1 item', exact: true }).waitFor();
        await page.getByText('Added to cart').first().waitFor();
        await settle(page);
        assert.equal(await page.getByRole('button', { name: 'Cart, 1 item', exact: true }).count(), 1, `${taps} tap(s): one item`);
        const saved = await page.evaluate(() => JSON.parse(localStorage.getItem('shopping-cart') ?? '[]') as Array<{ name: string; quantity: number }>);
        assert.deepEqual(
          saved.map((item) => item.quantity),
          [1],
        );
      } finally {
        await context.close();
      }
    }
  });

  it('View details opens the product, Categories opens the drawer (/marketplace)', async () => {
    let name = '';
    await tapOn(
      '/marketplace?type=equipment',
      async (page) => {
        const details = page.getByRole('button', { name: /^View details of / }).first();
        name = (await details.getAttribute('aria-label'))!.replace('View details of ', '');
        return details;
      },
      (page) => page.getByRole('dialog', { name }),
    );
    await tapOn(
      '/marketplace?type=equipment',
      (page) => page.getByRole('button', { name: 'Categories' }),
      (page) => page.getByRole('dialog').getByRole('navigation', { name: 'Categories' }),
    );
  });

  it("Add to cart on the home page, the header's search, menu and cart", async () => {
    await tapOn('/', (page) => page.getByRole('button', { name: 'Add to cart' }).first(), oneItem);
    await tapOn(
      '/',
      (page) => page.getByRole('button', { name: 'Open search' }),
      (page) => page.getByRole('combobox', { name: 'Search products' }).last(),
    );
    await tapOn(
      '/',
      (page) => page.getByRole('button', { name: 'Open menu' }),
      (page) => page.getByRole('menu'),
    );
    await tapOn(
      '/',
      (page) => page.getByRole('button', { name: /^Cart/ }),
      (page) => page.getByRole('dialog').getByText('Your cart is empty'),
    );
  });

  it('Add to cart on search results and on a product page', async () => {
    const [product] = (await listed('productType=equipment&inStock=true')).filter((p) => p.in_stock);
    const word = product!.name.split(' ')[0]!;
    await tapOn(`/marketplace?search=${encodeURIComponent(word)}`, (page) => page.getByRole('button', { name: 'Add to cart' }).first(), oneItem);
    await tapOn(`/products/${product!.slug}`, (page) => page.getByRole('button', { name: 'Add to cart' }).first(), oneItem);
  });

  it("a partner link opens the partner's page in one new tab", async () => {
    const { context, page } = await phoneAt('/marketplace?type=affiliate');
    try {
      const opened: string[] = [];
      context.on('page', (tab) => opened.push(tab.url()));
      // the partner's site is not reachable from here: the tab's request is answered by the test
      await context.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Partner</title>' }));
      const link = page.getByRole('link', { name: /View Product/ }).first();
      const href = await link.getAttribute('href');
      const tab = context.waitForEvent('page');
      await link.tap();
      await (await tab).waitForLoadState('domcontentloaded');
      await settle(page, false);
      assert.equal(opened.length, 1, 'one new tab');
      assert.equal(context.pages()[1]!.url(), href);
    } finally {
      await context.close();
    }
  });

  it('held the taps above before the app was ready (the case this file is for)', () => {
    assert.ok(heldTaps >= 5, `taps held before the app was ready: ${heldTaps}`);
  });
});
