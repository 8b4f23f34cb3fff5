import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import path from 'node:path';
import { RENDER_WAITS_FOR_REMOTES, repoRoot, startApp } from '../app.js';
import { serveFolder } from '../static-server.js';
import { DEMO_CUSTOMER, newContext, signIn } from '../browser.js';
import { appAndBrowser } from '../suite.js';

const suite = appAndBrowser();

async function withPage<T>(fn: (page: Page, context: BrowserContext) => Promise<T>): Promise<T> {
  const context = await newContext(suite.browser, suite.app.url);
  const page = await context.newPage();
  try {
    return await fn(page, context);
  } finally {
    await context.close();
  }
}

const cartButton = (page: Page) => page.getByRole('button', { name: /^Cart, \d+ items?$/ });

/** The header's cart opens the cart drawer; its 'Checkout' goes to /checkout without a reload. */
async function openCheckout(page: Page): Promise<void> {
  await cartButton(page).click();
  await page.getByRole('dialog', { name: 'Your cart', exact: true }).getByRole('link', { name: 'Checkout' }).click();
}

describe('shell routes', () => {
  it('shows the not-found page with the spec sentences for an unknown path', async () => {
    await withPage(async (page) => {
      await page.goto('/no/such/page');
      await page.getByText('404 Page Not Found').waitFor();
      assert.ok(await page.getByText('Did you forget to add the page to the router?').isVisible());
    });
  });

  it('sends a visitor without a session from /admin to /auth', async () => {
    await withPage(async (page) => {
      await page.goto('/admin');
      await page.waitForURL('**/auth');
      await page.getByText('Sign in to access your dental marketplace').waitFor();
    });
  });

  it('lists partner products on /marketplace by default and equipment for ?type=equipment', async () => {
    await withPage(async (page) => {
      await page.goto('/marketplace');
      await page.getByRole('heading', { name: 'Partner Products' }).waitFor();
      await page.goto('/marketplace?type=equipment');
      await page.getByRole('heading', { name: 'IT Equipment' }).waitFor();
      const addButtons = page.getByRole('button', { name: 'Add to cart' });
      await addButtons.first().waitFor();
      assert.ok((await addButtons.count()) >= 5, 'equipment cards have add-to-cart buttons');
    });
  });
});

describe('marketplace type selection', () => {
  it('rewrites the address bar without a navigation when the type changes', async () => {
    await withPage(async (page) => {
      await page.goto('/marketplace');
      await page.getByRole('heading', { name: 'Partner Products' }).waitFor();
      await page.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true));
      await page.getByRole('button', { name: 'Services' }).click();
      await page.getByRole('heading', { name: 'IT Services' }).waitFor();
      assert.equal(new URL(page.url()).search, '?type=service');
      await page.getByText('Get a Quote').first().waitFor();
      assert.equal(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload), true);
    });
  });

  it('loads a type a page at a time, with Load more and a visible count', async () => {
    const total = Number((await fetch(`${suite.app.url}/api/products/by-type/equipment?limit=1`)).headers.get('x-total-count'));
    assert.ok(total > 24, 'the demo catalogue has more than one page of equipment');
    await withPage(async (page) => {
      await page.goto('/marketplace?type=equipment');
      await page.getByText(`Showing 24 of ${total} products`).waitFor();
      assert.equal(await page.locator('article.MuiCard-root').count(), 24);
      await page.getByRole('button', { name: 'Load more' }).click();
      await page.getByText(`Showing ${Math.min(48, total)} of ${total} products`).waitFor();
      assert.equal(await page.locator('article.MuiCard-root').count(), Math.min(48, total));
      if (total <= 48) assert.equal(await page.getByRole('button', { name: 'Load more' }).count(), 0);
    });
  });

  it('falls back to partner products for an unknown type', async () => {
    await withPage(async (page) => {
      await page.goto('/marketplace?type=bogus');
      await page.getByRole('heading', { name: 'Partner Products' }).waitFor();
      await page.getByRole('link', { name: 'View Product' }).first().waitFor();
      const href = await page.getByRole('link', { name: 'View Product' }).first().getAttribute('href');
      assert.match(href ?? '', /^https:\/\//);
      assert.equal(await page.getByRole('link', { name: 'View Product' }).first().getAttribute('target'), '_blank');
    });
  });
});

describe('one store across the federated remotes', () => {
  it('a product added in the storefront shows in the header and in checkout without a reload, and survives a reload', async () => {
    await withPage(async (page) => {
      await page.goto('/marketplace?type=equipment');
      const firstCard = page.getByRole('article').filter({ has: page.getByRole('button', { name: 'Add to cart', disabled: false }) }).first();
      const productName = (await firstCard.getByRole('heading').first().innerText()).trim();
      await page.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true));

      await firstCard.getByRole('button', { name: 'Add to cart' }).click();
      await page.getByRole('button', { name: 'Cart, 1 item', exact: true }).waitFor();
      assert.equal(await page.getByTestId('cart-count').innerText(), '1');

      await openCheckout(page);
      await page.waitForURL('**/checkout');
      await page.getByRole('heading', { name: 'Checkout' }).waitFor();
      const summary = page.getByRole('region', { name: 'Order summary' });
      await summary.getByText(productName, { exact: true }).waitFor();
      await summary.getByText('Qty: 1').waitFor();
      assert.equal(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload), true, 'no page reload happened');

      await page.reload();
      await summary.getByText(productName, { exact: true }).waitFor();
      assert.equal(await page.getByTestId('cart-count').innerText(), '1');
    });
  });

  it('runs one copy of React and one of libs/store in the page', async () => {
    await withPage(async (page) => {
      await page.goto('/marketplace?type=equipment');
      await page.getByRole('button', { name: 'Add to cart' }).first().click();
      await openCheckout(page);
      await page.getByRole('heading', { name: 'Checkout' }).waitFor();
      const diagnostics = await page.evaluate(() =>
        (window as unknown as { __DM_DIAGNOSTICS__: () => { reactCopies: number; storeModuleEvaluations: number } }).__DM_DIAGNOSTICS__(),
      );
      assert.deepEqual(diagnostics, { reactCopies: 1, storeModuleEvaluations: 1 });
    });
  });

  it('does not download the admin remote on a shopper visit', async () => {
    await withPage(async (page) => {
      const requested: string[] = [];
      page.on('request', (request) => requested.push(request.url()));
      await page.goto('/');
      await page.getByRole('heading', { name: 'Partner Products' }).waitFor();
      await page.goto('/checkout');
      await page.getByRole('heading', { name: 'Your cart is empty' }).waitFor();
      assert.ok(requested.some((url) => url.includes('/remotes/storefront/')), 'the storefront remote was loaded');
      assert.deepEqual(requested.filter((url) => url.includes('/remotes/admin/')), []);
    });
  });
});

describe('each remote runs standalone for its team', () => {
  it('the storefront and checkout builds have their own page with their own store', async () => {
    await withPage(async (page) => {
      await page.goto('/remotes/storefront/index.html?type=equipment');
      await page.getByRole('heading', { name: 'IT Equipment' }).waitFor();
      await page.getByRole('button', { name: 'Add to cart', disabled: false }).first().click();
      await page.getByText('Added to cart').waitFor();
      assert.equal(await page.getByRole('button', { name: /^Cart\b/ }).count(), 0, 'no shell header: the remote runs alone');

      await page.goto('/remotes/checkout/index.html');
      await page.getByRole('heading', { name: 'Checkout' }).waitFor();
      await page.getByText('1 item in your cart').waitFor();
    });
  });
});

describe('the admin remote', () => {
  it('loads for an admin, with the same single React and store as the other remotes', async () => {
    await withPage(async (page, context) => {
      await signIn(context);
      await page.goto('/marketplace?type=equipment');
      await page.getByRole('button', { name: 'Add to cart', disabled: false }).first().click();
      await page.getByRole('link', { name: 'Admin Panel' }).click();
      await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
      assert.equal(await page.getByTestId('cart-count').innerText(), '1', 'the cart is the same store on /admin');
      await openCheckout(page);
      await page.getByRole('heading', { name: 'Checkout' }).waitFor();
      const diagnostics = await page.evaluate(() =>
        (window as unknown as { __DM_DIAGNOSTICS__: () => { reactCopies: number; storeModuleEvaluations: number } }).__DM_DIAGNOSTICS__(),
      );
      assert.deepEqual(diagnostics, { reactCopies: 1, storeModuleEvaluations: 1 });
    });
  });

  it('sends a signed-in customer from /admin to / without downloading the admin remote, and offers no Admin Login', async () => {
    await withPage(async (page, context) => {
      await signIn(context, DEMO_CUSTOMER);
      const requested: string[] = [];
      page.on('request', (request) => requested.push(request.url()));
      await page.goto('/admin');
      await page.waitForURL((url) => url.pathname === '/');
      await page.getByRole('heading', { name: 'Partner Products' }).waitFor();
      await page.getByRole('button', { name: 'Dr. Jane Smith' }).waitFor(); // the header knows the user
      assert.equal(await page.getByRole('link', { name: 'Admin Login' }).count(), 0, "'Admin Login' is for signed-out visitors only");
      assert.deepEqual(requested.filter((url) => url.includes('/remotes/admin/')), []);
    });
  });
});

describe('a remote that cannot be loaded', () => {
  it('shows the fallback with Retry when its files are missing, while the shell and other remotes work', async () => {
    await withPage(async (page) => {
      await page.route('**/remotes/checkout/**', (route) => route.fulfill({ status: 404, body: 'Not Found' }));
      await page.goto('/checkout');
      await page.getByText('This part of DentalMarket could not be loaded.').waitFor();
      const retry = page.getByRole('button', { name: 'Retry' });
      assert.ok(await retry.isVisible());
      assert.ok(await cartButton(page).isVisible(), 'the shell header still renders');

      await page.getByRole('link', { name: 'Marketplace' }).first().click();
      await page.getByRole('heading', { name: 'Partner Products' }).waitFor();

      // back to the failed remote by client-side navigation: still the fallback, until its files come back and Retry loads it
      await openCheckout(page);
      await page.getByText('This part of DentalMarket could not be loaded.').waitFor();
      await page.unroute('**/remotes/checkout/**');
      await page.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true));
      await page.getByRole('button', { name: 'Retry' }).click();
      await page.getByRole('heading', { name: 'Your cart is empty' }).waitFor();
      assert.equal(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload), true, 'Retry did not reload the page');
    });
  });

  it('loads the storefront built by its team and served from another origin by a plain static file server (an independent deploy), on the server and in the browser', async () => {
    const remote = await serveFolder(path.join(repoRoot, 'storefront-mfe', 'dist'));
    const elsewhere = await startApp({ REMOTE_STOREFRONT_URL: `${remote.url}/mf-manifest.json`, ...RENDER_WAITS_FOR_REMOTES });
    const context = await newContext(suite.browser, elsewhere.url);
    try {
      // the page as the server sends it (issue 20): rendered with the storefront's server container,
      // which the API loaded from the other origin too
      const [first] = ((await (await fetch(`${elsewhere.url}/api/products?productType=equipment&limit=1`)).json()) as { products: { name: string }[] }).products;
      const html = await (await fetch(`${elsewhere.url}/marketplace?type=equipment`)).text();
      assert.ok(html.includes(`>${first!.name.replace(/&/g, '&amp;')}<`), 'the storefront rendered on the server');
      assert.ok(remote.requested.includes('/server/remoteEntry.js'), "the server loaded the storefront's server container from the other origin");
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await page.goto('/marketplace?type=equipment');
      await page.getByRole('heading', { name: 'IT Equipment', level: 1 }).waitFor();
      await page.getByRole('button', { name: 'Add to cart', disabled: false }).first().click();
      await page.getByRole('button', { name: 'Cart, 1 item', exact: true }).waitFor();
      assert.ok(remote.requested.includes('/mf-manifest.json'), 'the shell read the remote manifest from the other origin');
      assert.ok(remote.requested.some((file) => file.endsWith('.js')), 'and its scripts');
      // another page of the same remote, and the cart kept in the shared store
      await page.goto('/');
      await page.getByRole('button', { name: 'Cart, 1 item', exact: true }).waitFor();
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
      await elsewhere.stop();
      await remote.close();
    }
  });

  it('shows the fallback when the server of a remote is down', async () => {
    const downApp = await startApp({ REMOTE_STOREFRONT_URL: 'http://127.0.0.1:9/mf-manifest.json' });
    const context = await newContext(suite.browser, downApp.url);
    try {
      const page = await context.newPage();
      await page.goto('/marketplace');
      await page.getByText('This part of DentalMarket could not be loaded.').waitFor();
      await openCheckout(page);
      await page.getByRole('heading', { name: 'Your cart is empty' }).waitFor();
    } finally {
      await context.close();
      await downApp.stop();
    }
  });
});
