import assert from 'node:assert/strict';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, it } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import { DEMO_ADMIN, DEMO_CUSTOMER, newContext, signIn } from '../browser.js';
import { fillCheckout } from '../checkoutForm.js';
import { eventually } from '../eventually.js';
import { appAndBrowser } from '../suite.js';

/** Issue 18's Chromium journeys: orders placed, found, bought again, repriced, shipped, and emailed. */
const suite = appAndBrowser();

interface Listed {
  id: number;
  name: string;
  price: string;
}

interface PlacedOrder {
  number: string;
  email: string;
  total: string;
  lines: Array<{ name: string; quantity: number; unit_price: string }>;
}

const CUSTOMER_EMAIL = 'dr.smith@dentalmarket.example';

async function withContext<T>(fn: (page: Page, context: BrowserContext) => Promise<T>, account?: typeof DEMO_ADMIN): Promise<T> {
  const context = await newContext(suite.browser, suite.app.url, 1366, 900);
  try {
    if (account) await signIn(context, account);
    return await fn(await context.newPage(), context);
  } finally {
    await context.close();
  }
}

/**
 * The in-stock equipment products of the marketplace's first page (24, by name). Each journey takes
 * its own one, so the price that one journey changes never meets another's cart.
 */
async function inStockProducts(): Promise<Listed[]> {
  const response = await fetch(`${suite.app.url}/api/products?productType=equipment&limit=24`);
  const { products } = (await response.json()) as { products: Array<Listed & { in_stock: boolean }> };
  const inStock = products.filter((p) => p.in_stock && Number(p.price) > 0);
  assert.ok(inStock.length >= 4, 'the seed has four priced, in-stock equipment products on the first page');
  return inStock;
}

const usd = (amount: string) => {
  const cents = BigInt(amount.replace('.', ''));
  return `$${(cents / 100n).toLocaleString('en-US')}.${String(cents % 100n).padStart(2, '0')}`;
};

async function addToCart(page: Page, name: string) {
  await page.goto('/marketplace?type=equipment');
  const card = page.locator('article').filter({ has: page.getByRole('heading', { name, exact: true }) });
  await card.getByRole('button', { name: 'Add to cart' }).click();
  await page.getByText('Added to cart').first().waitFor();
}

/** Submits the filled checkout form; resolves to the order the server answered with. */
async function submitOrder(page: Page): Promise<PlacedOrder> {
  const placed = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/orders' && r.request().method() === 'POST' && r.status() === 201);
  await page.getByRole('button', { name: 'Complete Order' }).click();
  const order = (await (await placed).json()) as PlacedOrder;
  await page.getByRole('heading', { name: 'Order Completed!' }).waitFor();
  await page.getByRole('link', { name: order.number, exact: true }).waitFor();
  return order;
}

/** A product to the cart, through the checkout form, to 'Order Completed!'. */
async function checkOut(page: Page, product: Listed, email: string): Promise<PlacedOrder> {
  await addToCart(page, product.name);
  await page.goto('/checkout');
  await page.getByRole('heading', { name: 'Checkout', exact: true }).waitFor();
  await fillCheckout(page, { Email: email });
  return submitOrder(page);
}

async function assertOrderShown(page: Page, order: PlacedOrder) {
  await page.getByRole('heading', { name: `Order ${order.number}` }).waitFor();
  for (const line of order.lines) await page.getByRole('listitem', { name: line.name }).getByText(`${usd(line.unit_price)} × ${line.quantity}`).waitFor();
  assert.equal(await page.getByTestId('total-total').innerText(), usd(order.total));
}

/** The .eml files the app wrote for one order (no SMTP_URL in the e2e app: DATA_DIR/mail/), by status. */
async function emailsOf(number: string): Promise<Map<string, string>> {
  const dir = path.join(suite.app.dataDir, 'mail');
  const names = await readdir(dir).catch(() => [] as string[]);
  const found = new Map<string, string>();
  for (const name of names.filter((n) => n.startsWith(`${number}-`) && n.endsWith('.eml'))) {
    found.set(name.slice(number.length + 1).split('-')[0], await readFile(path.join(dir, name), 'utf8'));
  }
  return found;
}

/** Waits for the outbox worker (pg-boss) to write the emails of these statuses. */
async function waitForEmails(number: string, statuses: string[]): Promise<Map<string, string>> {
  return eventually(() => emailsOf(number), (found) => statuses.every((s) => found.has(s)), { timeout: 60_000, what: `the emails of ${number}` });
}

/** A message's text with quoted-printable soft breaks and escapes undone (nodemailer's encoding of the body). */
const decoded = (eml: string) =>
  eml.replace(/=\r?\n/g, '').replace(/(=[0-9A-F]{2})+/g, (run) => Buffer.from(run.replace(/=/g, ''), 'hex').toString('utf8'));

describe('orders', () => {
  it('a guest checks out, sees the order number and finds the order by number and email', async () => {
    const [product] = await inStockProducts();
    await withContext(async (page) => {
      const order = await checkOut(page, product, 'guest.buyer@example.com');
      assert.match(order.number, /^DM-[0-9A-Z]{6}$/);
      await page.getByText(`Your order number is ${order.number}.`).waitFor();

      // a guest's link goes to the lookup with the number filled in
      await page.getByRole('link', { name: order.number, exact: true }).click();
      await page.waitForURL(`${suite.app.url}/orders/lookup?number=${order.number}`);
      await page.getByRole('heading', { name: 'Find your order' }).waitFor();
      assert.equal(await page.getByLabel('Order number', { exact: true }).inputValue(), order.number);
      await page.getByLabel('Email', { exact: true }).fill('someone.else@example.com');
      await page.getByRole('button', { name: 'Find order' }).click();
      await page.getByRole('alert').filter({ hasText: 'No order matches that number and email.' }).waitFor();
      assert.equal(await page.getByRole('heading', { name: `Order ${order.number}` }).count(), 0, 'a wrong email finds nothing');
      await page.getByLabel('Email', { exact: true }).fill('guest.buyer@example.com');
      await page.getByRole('button', { name: 'Find order' }).click();
      await assertOrderShown(page, order);
      assert.equal(order.lines[0].name, product.name);

      const placed = decoded((await waitForEmails(order.number, ['placed'])).get('placed')!);
      assert.match(placed, /^To: guest\.buyer@example\.com$/m, "the guest's confirmation goes to the email of the form");
      assert.ok(placed.includes(`Order number: ${order.number}`) && placed.includes(`Total: $${order.total} USD`));
    });
  });

  it("a signed-in customer on a phone finds Orders under 'Open menu'", async () => {
    const context = await newContext(suite.browser, suite.app.url, 390, 844);
    try {
      await signIn(context, DEMO_CUSTOMER);
      const page = await context.newPage();
      await page.goto('/');
      await page.getByRole('button', { name: 'Open menu' }).click();
      await page.getByRole('menuitem', { name: 'Orders' }).click();
      await page.waitForURL(`${suite.app.url}/orders`);
      await page.getByRole('heading', { name: 'Your orders', level: 1 }).waitFor();
    } finally {
      await context.close();
    }
  });

  it("a signed-in customer checks out, opens Orders from the user menu and uses 'Buy again'", async () => {
    const [, product] = await inStockProducts();
    await withContext(async (page) => {
      const order = await checkOut(page, product, CUSTOMER_EMAIL);
      await page.getByRole('button', { name: 'Cart, 0 items', exact: true }).waitFor();

      await page.getByRole('button', { name: 'Dr. Jane Smith', exact: true }).click();
      await page.getByRole('menuitem', { name: 'Orders' }).click();
      await page.waitForURL(`${suite.app.url}/orders`);
      const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: order.number, exact: true }) });
      await row.getByText(usd(order.total)).waitFor();
      await row.getByRole('link', { name: order.number, exact: true }).click();
      await page.waitForURL(`${suite.app.url}/orders/${order.number}`);
      await assertOrderShown(page, order);

      await page.getByRole('button', { name: 'Buy again' }).click();
      await page.getByText("1 item added at today's prices.").waitFor();
      await page.getByRole('button', { name: 'Cart, 1 item', exact: true }).waitFor();
    }, DEMO_CUSTOMER);
  });

  it('a price an admin changes between add-to-cart and submit updates the cart, and the next submit completes', async () => {
    const [, , product] = await inStockProducts();
    const newPrice = (Number(product.price) + 100).toFixed(2);
    await withContext(async (page) => {
      await addToCart(page, product.name);
      await page.goto('/checkout');
      const summary = page.getByRole('region', { name: 'Order summary' });
      assert.equal(await summary.getByTestId('total-subtotal').innerText(), usd(product.price));
      await fillCheckout(page, { Email: 'price.watcher@example.com' });

      // the admin reprices the product while the shopper fills the form
      await withContext(async (admin) => {
        const response = await admin.request.put(`/api/admin/products/${product.id}`, { data: { price: newPrice } });
        assert.equal(response.status(), 200, await response.text());
      }, DEMO_ADMIN);

      const refused = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/orders' && r.request().method() === 'POST');
      await page.getByRole('button', { name: 'Complete Order' }).click();
      assert.equal((await refused).status(), 409);
      await page.getByText('Your cart was updated').waitFor();
      await page.getByText(`“${product.name}” now costs ${usd(newPrice)}.`, { exact: false }).waitFor();
      await summary.getByTestId('total-subtotal').filter({ hasText: usd(newPrice) }).waitFor();

      const order = await submitOrder(page);
      assert.equal(order.lines[0].unit_price, newPrice);
    });
  });

  it('the admin ships an order with a tracking number, the shopper sees it, and the emails tell the shopper', async () => {
    const [, , , product] = await inStockProducts();
    const order = await withContext((page) => checkOut(page, product, CUSTOMER_EMAIL), DEMO_CUSTOMER);

    await withContext(async (page) => {
      await page.goto('/admin');
      await page.getByRole('tab', { name: 'Orders' }).click();
      await page.getByRole('searchbox', { name: 'Search orders by number, email or name' }).fill(order.number);
      await page.getByRole('gridcell').getByRole('button', { name: order.number, exact: true }).click();
      const drawer = page.getByRole('dialog', { name: `Order ${order.number}` });
      await drawer.getByRole('button', { name: 'Mark as processing' }).click();
      await page.getByText('Order Updated').first().waitFor();
      await drawer.getByRole('button', { name: 'Mark as shipped' }).click();
      const ship = page.getByRole('dialog', { name: 'Mark as shipped' });
      await ship.getByLabel('Carrier (optional)').fill('UPS');
      await ship.getByLabel('Tracking number (optional)').fill('1Z999AA10123456784');
      await ship.getByRole('button', { name: 'Mark as shipped' }).click();
      await page.getByText(`${order.number} is now shipped.`).waitFor();
      await drawer.getByText('No further status changes.').or(drawer.getByRole('button', { name: 'Mark as delivered' })).first().waitFor();
    }, DEMO_ADMIN);

    await withContext(async (page) => {
      await page.goto(`/orders/${order.number}`);
      await page.getByRole('heading', { name: `Order ${order.number}` }).waitFor();
      const history = page.getByRole('region', { name: 'Status history' });
      await history.getByText('Shipped', { exact: true }).waitFor();
      await history.getByText('Tracking number: 1Z999AA10123456784').waitFor();
      await history.getByText('Carrier: UPS').waitFor();
    }, DEMO_CUSTOMER);

    const emails = await waitForEmails(order.number, ['placed', 'processing', 'shipped']);
    for (const status of ['placed', 'shipped']) {
      const text = decoded(emails.get(status)!);
      assert.match(text, new RegExp(`^To: ${CUSTOMER_EMAIL.replace(/\./g, '\\.')}$`, 'mi'), `the ${status} email goes to the shopper`);
      assert.ok(text.includes(`Order number: ${order.number}`), `the ${status} email names the order`);
      assert.ok(text.includes(`Total: $${order.total} USD`), `the ${status} email gives the total`);
      for (const line of order.lines) assert.ok(text.includes(line.name), `the ${status} email lists ${line.name}`);
    }
    assert.match(decoded(emails.get('placed')!), /^Subject: .*is confirmed/m);
    assert.ok(decoded(emails.get('shipped')!).includes('Tracking number: 1Z999AA10123456784'));
  });
});
