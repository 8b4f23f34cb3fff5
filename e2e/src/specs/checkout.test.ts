import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import { newContext } from '../browser.js';
import { fillCheckout } from '../checkoutForm.js';
import { appAndBrowser } from '../suite.js';

const suite = appAndBrowser();

async function withContext<T>(fn: (context: BrowserContext) => Promise<T>): Promise<T> {
  const context = await newContext(suite.browser, suite.app.url);
  try {
    return await fn(context);
  } finally {
    await context.close();
  }
}

interface Listed {
  id: number;
  name: string;
  price: string;
}

/** Two in-stock equipment products from the first page the marketplace shows (24, by name), with their prices. */
async function twoProducts(): Promise<[Listed, Listed]> {
  const response = await fetch(`${suite.app.url}/api/products?productType=equipment&limit=24`);
  const { products } = (await response.json()) as { products: Array<Listed & { in_stock: boolean }> };
  const inStock = products.filter((p) => p.in_stock);
  assert.ok(inStock.length >= 2);
  return [inStock[0], inStock[1]];
}

const usd = (cents: bigint) => `$${(cents / 100n).toLocaleString('en-US')}.${String(cents % 100n).padStart(2, '0')}`;
const cents = (price: string) => BigInt(price.replace('.', ''));

async function addToCart(page: Page, name: string) {
  const card = page.locator('article').filter({ has: page.getByRole('heading', { name, exact: true }) });
  await card.getByRole('button', { name: 'Add to cart' }).click();
}

describe('checkout', () => {
  it('shows the empty view with Continue Shopping when the cart is empty', async () => {
    await withContext(async (context) => {
      const page = await context.newPage();
      await page.goto('/checkout');
      await page.getByRole('heading', { name: 'Your cart is empty' }).waitFor();
      await page.getByRole('link', { name: 'Continue Shopping' }).click();
      await page.waitForURL(`${suite.app.url}/`);
    });
  });

  it('takes two products from the marketplace to a completed order, with exact totals and every form message', async () => {
    const [first, second] = await twoProducts();
    await withContext(async (context) => {
      const page = await context.newPage();
      await page.goto('/marketplace?type=equipment');
      await addToCart(page, first.name);
      await page.getByText('Added to cart').first().waitFor();
      await addToCart(page, second.name);
      await addToCart(page, second.name);
      await page.getByText(`Updated quantity for ${second.name}`).waitFor();

      // the header's cart drawer, then checkout
      await page.getByRole('button', { name: 'Cart, 3 items', exact: true }).click();
      const drawer = page.getByRole('dialog', { name: 'Your cart', exact: true });
      const subtotal = cents(first.price) + 2n * cents(second.price);
      assert.equal(await drawer.getByTestId('cart-drawer-subtotal').innerText(), usd(subtotal));
      await drawer.getByRole('link', { name: 'Checkout' }).click();

      await page.getByRole('heading', { name: 'Checkout', exact: true }).waitFor();
      const summary = page.getByRole('region', { name: 'Order summary' });
      await summary.getByText('3 items in your cart').waitFor();
      await summary.getByRole('listitem', { name: second.name }).getByText('Qty: 2').waitFor();
      const tax = (subtotal * 8n + 50n) / 100n;
      assert.equal(await summary.getByTestId('total-subtotal').innerText(), usd(subtotal));
      assert.equal(await summary.getByTestId('total-shipping').innerText(), '$15.00');
      assert.equal(await summary.getByTestId('total-tax').innerText(), usd(tax));
      assert.equal(await summary.getByTestId('total-total').innerText(), usd(subtotal + 1500n + tax));

      // an invalid form shows each message under its field
      await page.getByRole('button', { name: 'Complete Order' }).click();
      for (const message of [
        'Full name is required',
        'Valid email is required',
        'Address is required',
        'City is required',
        'State is required',
        'ZIP code is required',
        'Cardholder name is required',
        'Valid card number is required',
        'Valid expiry date is required (MM/YY)',
        'Valid CVC is required',
      ]) {
        await page.getByText(message, { exact: true }).waitFor();
      }

      const requests: string[] = [];
      const bodies: string[] = [];
      page.on('request', (request) => {
        requests.push(`${request.method()} ${new URL(request.url()).pathname}`);
        if (request.method() !== 'GET') bodies.push(request.postData() ?? '');
      });
      await fillCheckout(page);
      await page.getByRole('button', { name: 'Complete Order' }).click();
      await page.getByRole('button', { name: 'Processing...' }).waitFor();
      await page.getByRole('heading', { name: 'Order Completed!' }).waitFor();
      await page.getByText('Order completed successfully!').waitFor();
      await page.getByRole('button', { name: 'Cart, 0 items', exact: true }).waitFor();
      // issue 18: the one server call places the order; card fields never leave the browser
      assert.deepEqual(requests.filter((r) => !r.startsWith('GET ')), ['POST /api/orders']);
      for (const secret of ['4242424242424242', '4242 4242', '05/28', '0528', '"123"', 'card']) {
        assert.ok(!bodies.some((body) => body.includes(secret)), `the order request carries no card field (${secret})`);
      }
      const stored = await page.evaluate(() => JSON.stringify({ ...localStorage }) + document.cookie);
      assert.ok(!stored.includes('4242424242424242') && !stored.includes('05/28'), 'card details never reach browser storage');
      await page.getByRole('link', { name: 'Return to Marketplace' }).click();
      await page.waitForURL(`${suite.app.url}/`);
    });
  });

  it('shows a cart change made in one tab in the other tab', async () => {
    const [first] = await twoProducts();
    await withContext(async (context) => {
      const one = await context.newPage();
      const two = await context.newPage();
      await one.goto('/marketplace?type=equipment');
      await two.goto('/checkout');
      await two.getByRole('heading', { name: 'Your cart is empty' }).waitFor();
      await addToCart(one, first.name);
      await two.getByRole('button', { name: 'Cart, 1 item', exact: true }).waitFor();
      await two.getByRole('region', { name: 'Order summary' }).getByText(first.name, { exact: true }).waitFor();
    });
  });

  it('shows the cart debugger while its browser setting is true', async () => {
    await withContext(async (context) => {
      const page = await context.newPage();
      await page.goto('/marketplace');
      await page.getByRole('heading', { name: 'Partner Products' }).waitFor();
      assert.equal(await page.getByRole('button', { name: 'Show cart debugger' }).count(), 0);
      const checkoutRequested: string[] = [];
      page.on('request', (request) => request.url().includes('/remotes/checkout/') && checkoutRequested.push(request.url()));
      await page.evaluate(() => localStorage.setItem('showCartDebugger', 'true'));
      await page.getByRole('button', { name: 'Show cart debugger' }).click({ timeout: 10_000 }); // re-checked every 3 s
      const panel = page.getByRole('region', { name: 'Cart debugger' });
      await panel.getByRole('button', { name: 'Add test item' }).click();
      await panel.getByText('Items in cart: 1').waitFor();
      assert.ok((await panel.innerText()).includes('"id": 999'));
      await panel.getByRole('button', { name: 'Clear cart' }).click();
      await panel.getByText('Items in cart: 0').waitFor();
      assert.ok(checkoutRequested.length > 0, 'the debugger comes from the checkout remote');
      await page.evaluate(() => localStorage.setItem('showCartDebugger', 'false'));
      await page.getByRole('button', { name: /cart debugger/ }).waitFor({ state: 'detached', timeout: 10_000 });
    });
  });
});
