import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import { DEMO_ADMIN, newContext, signIn } from '../browser.js';
import { openCustomer } from '../admin-customers.js';
import { ADMIN_STATES, openState, type ShopperFixtures } from '../states.js';
import { appAndBrowser } from '../suite.js';
import { picture } from '../pictures.js';

/** Issue 21's Customers tab: an admin finds a customer signed in elsewhere and disables the account, whose next request is 401. */
const suite = appAndBrowser();

async function withContext<T>(fn: (page: Page, context: BrowserContext) => Promise<T>, width = 1366, height = 900): Promise<T> {
  const context = await newContext(suite.browser, suite.app.url, width, height);
  try {
    return await fn(await context.newPage(), context);
  } finally {
    await context.close();
  }
}

async function confirmDisable(page: Page, username: string) {
  const drawer = page.getByRole('dialog', { name: username });
  await drawer.getByRole('button', { name: 'Disable account' }).click();
  const question = page.getByRole('dialog', { name: `Disable ${username}?` });
  await question.getByText('They will be signed out everywhere at once and cannot sign in until the account is enabled again.').waitFor();
  await question.getByRole('button', { name: 'Disable account' }).click();
}

describe('the admin Customers tab', () => {
  it("disables a customer who is signed in elsewhere: their next request is 401, their page signs them out, and they cannot sign in until enabled", async () => {
    const customer = { username: 'dr.disabled', email: 'dr.disabled@clinic.example', full_name: 'Dr. Dee Sabled', password: 'Disabled passphrase 2026' };
    await withContext(async (shopper, shopperContext) => {
      // the customer registers (and is signed in by it) in their own browser
      const registered = await shopperContext.request.post('/api/register', { data: customer });
      assert.equal(registered.status(), 201, await registered.text());
      await shopper.goto('/');
      await shopper.getByRole('button', { name: customer.full_name, exact: true }).waitFor();

      await withContext(async (admin, adminContext) => {
        await signIn(adminContext, DEMO_ADMIN);
        // a prefix of the username finds them
        const drawer = await openCustomer(admin, 'dr.dis', customer.username);
        for (const text of [customer.full_name, customer.email, 'Customer', 'Active', 'No orders yet.']) await drawer.getByText(text, { exact: true }).first().waitFor();

        const disabled = admin.waitForResponse((r) => r.url().endsWith('/disable') && r.request().method() === 'POST');
        await confirmDisable(admin, customer.username);
        assert.equal((await disabled).status(), 200);
        await admin.getByText('Account disabled').waitFor();
        await drawer.getByRole('button', { name: 'Enable account' }).waitFor();
        await drawer.locator('.MuiChip-label', { hasText: /^Disabled$/ }).waitFor();

        // the customer's session ended at once: their next API request is refused, and a reload shows them signed out
        assert.equal((await shopperContext.request.get('/api/me')).status(), 401);
        await shopper.reload();
        await shopper.getByRole('link', { name: 'Admin Login' }).waitFor();
        assert.equal(await shopper.getByRole('button', { name: customer.full_name, exact: true }).count(), 0, 'signed out');
        const refused = await shopperContext.request.post('/api/login', { data: { username: customer.username, password: customer.password } });
        assert.equal(refused.status(), 403);
        assert.equal(((await refused.json()) as { message: string }).message, 'This account has been disabled');

        // the grid shows the account disabled too once the drawer is closed
        await drawer.getByRole('button', { name: 'Close customer' }).click();
        const row = admin.getByRole('row').filter({ has: admin.getByRole('button', { name: customer.username, exact: true }) });
        await row.getByText('Disabled', { exact: true }).waitFor();

        // enabled again, the customer signs in
        await row.getByRole('button', { name: customer.username, exact: true }).click();
        await drawer.getByRole('button', { name: 'Enable account' }).click();
        await admin.getByText('Account enabled').waitFor();
        await drawer.getByRole('button', { name: 'Disable account' }).waitFor();
        const again = await shopperContext.request.post('/api/login', { data: { username: customer.username, password: customer.password } });
        assert.equal(again.status(), 200, await again.text());
        await shopper.reload();
        await shopper.getByRole('button', { name: customer.full_name, exact: true }).waitFor();
      });
    });
  });

  it('opens a practice from the Practices view by keyboard, sees its people, orders and invoices, and disables it: its members are signed out and cannot sign in', async () => {
    const owner = { username: 'lake.owner', email: 'owner@lakeside.example', full_name: 'Dr. Lena Lake', password: 'Lakeside passphrase 2026', practice_name: 'Lakeside Dental' };
    await withContext(async (shopper, shopperContext) => {
      const registered = await shopperContext.request.post('/api/register', { data: owner });
      assert.equal(registered.status(), 201, await registered.text());
      const practiceId = ((await (await shopperContext.request.get('/api/practice')).json()) as { id: number }).id;
      const { products } = (await (await shopperContext.request.get('/api/products?productType=equipment&limit=24')).json()) as { products: Array<{ id: number; price: string; in_stock: boolean }> };
      const product = products.find((p) => p.in_stock && Number(p.price) > 0 && Number(p.price) < 1000)!;
      const shipping = { fullName: owner.full_name, email: owner.email, address: '3 Lake Road', city: 'Portland', state: 'OR', zipCode: '97201' };
      const order = async () => {
        const placed = await shopperContext.request.post('/api/orders', { data: { lines: [{ product_id: product.id, quantity: 1, unit_price: product.price }], shipping } });
        assert.equal(placed.status(), 201, await placed.text());
        return ((await placed.json()) as { number: string }).number;
      };
      const cardOrder = await order();

      await withContext(async (admin, adminContext) => {
        await signIn(adminContext, DEMO_ADMIN);
        const terms = await adminContext.request.put(`/api/admin/practices/${practiceId}/terms`, { data: { payment_terms: 'invoice', net_days: 30, credit_limit: '5000.00' } });
        assert.equal(terms.status(), 200, await terms.text());
        const invoiceOrder = await order();
        await shopper.goto('/');
        await shopper.getByRole('button', { name: owner.full_name, exact: true }).waitFor();

        await admin.goto('/admin?tab=customers');
        await admin.getByRole('heading', { name: 'Practices', exact: true }).waitFor();
        const searched = admin.waitForResponse((r) => new URL(r.url()).pathname === '/api/admin/practices' && new URL(r.url()).searchParams.get('q') === 'lakeside' && r.ok());
        await admin.getByRole('searchbox', { name: 'Search practices' }).fill('lakeside');
        await searched;
        const grid = admin.getByRole('grid', { name: 'Practices' });
        const row = grid.getByRole('row').filter({ has: admin.getByRole('button', { name: 'Lakeside Dental', exact: true }) });
        for (const text of ['Dr. Lena Lake', 'Invoice, net 30', '$5,000.00', 'Active']) await row.getByText(text, { exact: true }).waitFor();
        // by keyboard: from the search box into the grid, then Enter on the practice's row
        for (let i = 0; i < 8 && !(await grid.evaluate((g) => g.contains(document.activeElement))); i++) await admin.keyboard.press('Tab');
        assert.ok(await grid.evaluate((g) => g.contains(document.activeElement)), 'Tab reaches the grid');
        // Tab lands on the header row or the first cell: down to the practice's row (the only one), then Enter
        await admin.keyboard.press('ArrowDown');
        await admin.keyboard.press('Enter');
        const drawer = admin.getByRole('dialog', { name: 'Lakeside Dental' });
        const people = drawer.getByRole('region', { name: 'People' });
        for (const text of [owner.full_name, owner.email, 'Owner', 'Active']) await people.getByText(text, { exact: true }).waitFor();
        for (const number of [cardOrder, invoiceOrder]) await drawer.getByRole('region', { name: 'Orders' }).getByText(number, { exact: true }).waitFor();
        const invoices = drawer.getByRole('region', { name: 'Invoices' });
        await invoices.getByText(invoiceOrder, { exact: true }).waitFor();
        await invoices.getByText('Unpaid', { exact: true }).waitFor();
        assert.equal(await invoices.getByText(cardOrder).count(), 0, 'a card order is no invoice');

        await drawer.getByRole('button', { name: 'Disable practice' }).click();
        const question = admin.getByRole('dialog', { name: 'Disable Lakeside Dental?' });
        await question.getByText(/^Its person will be signed out everywhere at once/).waitFor();
        const disabled = admin.waitForResponse((r) => r.url().endsWith(`/api/admin/practices/${practiceId}/disable`));
        await question.getByRole('button', { name: 'Disable practice' }).click();
        assert.equal((await disabled).status(), 200);
        await admin.getByText('Practice disabled').waitFor();
        await drawer.getByRole('button', { name: 'Enable practice' }).waitFor();
        await people.getByText('Disabled', { exact: true }).waitFor();

        // the member's session ended at once, and the sign-in is refused
        assert.equal((await shopperContext.request.get('/api/me')).status(), 401);
        await shopper.reload();
        await shopper.getByRole('link', { name: 'Admin Login' }).waitFor();
        const refused = await shopperContext.request.post('/api/login', { data: { username: owner.username, password: owner.password } });
        assert.equal(refused.status(), 403);
        assert.equal(((await refused.json()) as { message: string }).message, 'This account has been disabled');
        await drawer.getByRole('button', { name: 'Close practice' }).click();
        await row.getByText('Disabled', { exact: true }).waitFor();
      });
    });
  });

  it("refuses to disable the admin's own account and says why", async () => {
    await withContext(async (admin, adminContext) => {
      await signIn(adminContext, DEMO_ADMIN);
      const drawer = await openCustomer(admin, DEMO_ADMIN.username, DEMO_ADMIN.username, 'Admins');
      await drawer.getByText('Admin', { exact: true }).waitFor();
      const refused = admin.waitForResponse((r) => r.url().endsWith('/disable') && r.request().method() === 'POST');
      await confirmDisable(admin, DEMO_ADMIN.username);
      assert.equal((await refused).status(), 409);
      await admin.getByText('You cannot disable your own account').waitFor();
      await drawer.getByRole('button', { name: 'Disable account' }).waitFor();
      assert.equal((await adminContext.request.get('/api/me')).status(), 200, 'the admin is still signed in');
    });
  });

  // the tab and both drawers are states of the axe sweep (a11y-desktop, a11y-phone): no axe finding and
  // nothing wider than the screen at 1366 and 390 px, light and dark, with an order of dr.smith's listed
  it('on a 390 px phone, a practice\'s and a customer\'s drawer take the whole width (pictures with E2E_PICTURES)', async () => {
    const noCart: ShopperFixtures = { product: { slug: '', name: '' }, cart: [], longCart: [] };
    await withContext(
      async (page, context) => {
        await signIn(context, DEMO_ADMIN);
        for (const [name, file] of [
          ['admin: customers', 'tab'],
          ['admin: practice drawer', 'practice-drawer'],
          ['admin: customer drawer', 'drawer'],
        ]) {
          await openState(page, ADMIN_STATES.find((state) => state.name === name)!, noCart);
          if (name !== 'admin: customers') {
            const drawer = await page.getByRole('dialog').last().boundingBox();
            assert.equal(Math.round(drawer!.width), await page.evaluate(() => document.documentElement.clientWidth), `${name}: the drawer takes the whole phone width`);
          }
          await picture(page, `customers-${file}-390`);
        }
      },
      390,
      844,
    );
  });
});
