import assert from 'node:assert/strict';
import type { BrowserContext, Page } from 'playwright-core';
import { appQuery } from './app-database.js';
import { assertNoFindings, axeFindings } from './axe.js';
import { DEMO_ADMIN, settled } from './browser.js';
import { picture } from './pictures.js';
import { withShopperPage } from './shopper-page.js';
import { inLightAndDark } from './states.js';
import type { Suite } from './suite.js';

/**
 * Issue 36's invoices after checkout in Chromium (invoice-terms.test.ts): the admin records payments
 * in the order's drawer, the shopper sees the invoice paid and downloads its PDF, and an invoice past
 * due is on the dashboard's card and under the Orders tab's overdue filter.
 */
type Owner = { username: string; password: string; full_name: string; email: string };
/** the overdue invoice the journey leaves, for the pictures */
let overdueNumber: string | null = null;

const signIn = async (context: BrowserContext, account: { username: string; password: string }) => {
  await context.request.post('/api/logout');
  const answer = await context.request.post('/api/login', { data: { username: account.username, password: account.password } });
  assert.equal(answer.status(), 200, await answer.text());
};

/** An order of one unit of the cheapest in-stock equipment, placed through the API: its number. */
async function placeOrder(context: BrowserContext, owner: Owner): Promise<string> {
  const listed = await (await context.request.get('/api/products/by-type/equipment')).json();
  const products = (Array.isArray(listed) ? listed : listed.products).filter((p: { in_stock: boolean }) => p.in_stock);
  const product = products.sort((a: { price: string }, b: { price: string }) => Number(a.price) - Number(b.price))[0];
  const shipping = { fullName: owner.full_name, email: owner.email, address: '3 North Road', city: 'Salem', state: 'OR', zipCode: '97301' };
  const placed = await context.request.post('/api/orders', { data: { lines: [{ product_id: product.id, quantity: 1, unit_price: product.price }], shipping } });
  assert.equal(placed.status(), 201, await placed.text());
  return (await placed.json()).number as string;
}

/** The admin's Orders tab with `number`'s drawer open. */
async function openOrderDrawer(page: Page, number: string, extra = '') {
  await page.goto(`/admin?tab=orders${extra}&order=${encodeURIComponent(number)}`);
  const drawer = page.getByRole('dialog', { name: `Order ${number}` });
  await drawer
    .getByRole('heading', { name: 'Invoice' })
    .waitFor()
    .catch(async (error: unknown) => {
      // what the admin saw instead, for the failure's reader
      await page.screenshot({ path: `${process.env.SCREENS_DIR ?? 'dist/screens/invoice-terms'}/drawer-failure.png`, fullPage: true });
      throw error;
    });
  return drawer;
}

export async function invoicePaymentJourney(suite: Suite, owner: Owner, screens: string): Promise<void> {
  await withShopperPage(suite, async (page, context) => {
    await signIn(context, owner);
    const [invoice] = (await (await context.request.get('/api/orders')).json()).orders as Array<{ number: string; total: string }>;
    assert.ok(invoice, 'the invoice order of the checkout above');
    await signIn(context, DEMO_ADMIN);

    // a partial payment, then the rest (the amount starts at what is outstanding)
    const drawer = await openOrderDrawer(page, invoice.number);
    const form = drawer.getByRole('form', { name: 'Record payment' });
    assert.equal(await form.getByLabel('Amount (USD)').inputValue(), invoice.total);
    await form.getByLabel('Amount (USD)').fill('5.00');
    await form.getByLabel('Reference (optional)').fill('Cheque 1001');
    await form.getByRole('button', { name: 'Record payment' }).click();
    await page.getByText('Payment recorded').first().waitFor();
    await drawer.getByRole('list', { name: 'Payments' }).getByText(/Cheque 1001/).waitFor();
    const rest = (Math.round(Number(invoice.total) * 100 - 500) / 100).toFixed(2);
    await form.getByLabel('Amount (USD)').and(page.locator(`[value="${rest}"]`)).waitFor();
    // more than is outstanding: the form says so before the server is asked
    await form.getByLabel('Amount (USD)').fill('99999');
    await form.getByRole('button', { name: 'Record payment' }).click();
    await form.getByText(`At most the $${rest} outstanding`).waitFor();
    await form.getByLabel('Amount (USD)').fill(rest);
    await form.getByRole('button', { name: 'Record payment' }).click();
    await page.getByText('Invoice paid in full').first().waitFor();
    await drawer.getByText('Paid', { exact: true }).first().waitFor();
    assert.equal(await drawer.getByRole('form', { name: 'Record payment' }).count(), 0, 'nothing left to record');
    await picture(page, `${screens}/drawer-paid-1366-light`, { fullPage: false });

    // the shopper sees it paid, and downloads the PDF
    await signIn(context, owner);
    await page.goto(`/orders/${invoice.number}`);
    await page.getByText(/Paid by invoice · due .+ · paid on /).waitFor();
    const pdfLink = page.getByRole('link', { name: 'Invoice (PDF)' });
    const pdf = await context.request.get((await pdfLink.getAttribute('href'))!);
    assert.equal(pdf.status(), 200);
    assert.equal(pdf.headers()['content-type'], 'application/pdf');
    assert.ok((await pdf.body()).subarray(0, 5).toString() === '%PDF-');

    // a new invoice falls due (the database's clock moved for it): the dashboard's card and the overdue filter show it
    overdueNumber = await placeOrder(context, owner);
    await appQuery(suite.app.dataDir, `UPDATE orders SET payment_due_at = now() - interval '2 days' WHERE number = $1`, [overdueNumber]);
    await signIn(context, DEMO_ADMIN);
    await page.goto('/admin?tab=orders');
    const card = page.getByRole('region', { name: 'Overdue invoices' });
    await card.getByText(/^\d+$/).filter({ hasNotText: /^0$/ }).waitFor();
    await card.getByRole('button', { name: 'Show overdue invoices' }).click();
    await page.getByRole('switch', { name: 'Overdue invoices', checked: true }).or(page.getByRole('checkbox', { name: 'Overdue invoices', checked: true })).waitFor();
    await page.getByRole('gridcell').getByRole('button', { name: overdueNumber, exact: true }).waitFor();
    assert.equal(await page.getByRole('gridcell').getByRole('button', { name: invoice.number, exact: true }).count(), 0, 'the paid invoice is not overdue');
    await page.getByRole('gridcell').getByRole('button', { name: overdueNumber, exact: true }).click();
    await page.getByRole('dialog', { name: `Order ${overdueNumber}` }).getByText('Overdue', { exact: true }).waitFor();
  });
}

export async function invoiceScreens(suite: Suite, screens: string, width: number): Promise<void> {
  await withShopperPage(
    suite,
    async (page) => {
      const number = overdueNumber;
      assert.ok(number, 'the journey above left an overdue invoice');
      const drawer = await openOrderDrawer(page, number, '&overdue=true');
      await drawer.getByRole('form', { name: 'Record payment' }).waitFor();
      await settled(page);
      await inLightAndDark(page, async (dark) => {
        assertNoFindings(await axeFindings(page), `the order drawer's invoice section at ${width} px, ${dark ? 'dark' : 'light'}`);
        await picture(page, `${screens}/drawer-invoice-${width}-${dark ? 'dark' : 'light'}`, { fullPage: false });
      });
      await drawer.getByRole('button', { name: 'Close order' }).click();
      await page.getByRole('region', { name: 'Overdue invoices' }).waitFor();
      await settled(page);
      await inLightAndDark(page, async (dark) => {
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        assert.ok(overflow <= 0, `the Orders tab is ${overflow} px wider than the ${width} px screen`);
        assertNoFindings(await axeFindings(page), `the Orders tab with the overdue filter at ${width} px, ${dark ? 'dark' : 'light'}`);
        await picture(page, `${screens}/orders-overdue-${width}-${dark ? 'dark' : 'light'}`);
      });
    },
    { account: DEMO_ADMIN, width },
  );
}
