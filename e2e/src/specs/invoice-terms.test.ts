import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import { assertNoFindings, axeFindings } from '../axe.js';
import { DEMO_ADMIN, settled } from '../browser.js';
import { openCustomer } from '../admin-customers.js';
import { MailCatcher } from '../smtp.js';
import { withShopperPage } from '../shopper-page.js';
import { inLightAndDark } from '../states.js';
import { appAndBrowser } from '../suite.js';
import { invoicePaymentJourney, invoiceScreens } from '../invoice-payments.js';
import { picture } from '../pictures.js';

/**
 * Issue 36's invoice terms in Chromium, email through a real local SMTP server: the admin gives a
 * practice "invoice, net 30 days" with a credit limit in the Customers drawer; its owner checks out without card fields and
 * the order is placed with its due date (the order page and the confirmation email say so); an
 * order over the remaining credit is refused with the limit named. The checkout at 1366 and 390 px,
 * light and dark, with no axe finding (pictures with E2E_PICTURES). Then (invoice-payments.ts) the admin
 * records a partial payment and the rest in the order's drawer, the shopper sees the order paid and
 * downloads its PDF; an invoice past its due date shows under the Orders tab's overdue filter and on
 * the dashboard's card; the drawer's invoice section at 1366 and 390 px, light and dark, axe-clean.
 */
const mail = new MailCatcher();
const suite = appAndBrowser(async () => ({ SMTP_URL: await mail.start() }), () => mail.stop());
const OWNER = { username: 'dr.invoice', password: 'Invoice!2026', full_name: 'Dr. Ivy Invoice', email: 'ivy@northside.example', practice_name: 'Northside Dental' };

const withContext = <T>(fn: (page: Page, context: BrowserContext) => Promise<T>, options: Parameters<typeof withShopperPage>[2] = {}) => withShopperPage(suite, fn, options);

/** `quantity` of the cheapest in-stock equipment product as the saved cart; its unit price. */
async function fillCart(page: Page, context: BrowserContext, quantity: number): Promise<number> {
  const listed = await (await context.request.get('/api/products/by-type/equipment')).json();
  const products = (Array.isArray(listed) ? listed : listed.products).filter((p: { in_stock: boolean }) => p.in_stock);
  const product = products.sort((a: { price: string }, b: { price: string }) => Number(a.price) - Number(b.price))[0];
  const line = { id: product.id, name: product.name, manufacturer: product.manufacturer, price: product.price, image_url: product.image_url, quantity };
  await page.evaluate((saved) => localStorage.setItem('shopping-cart', JSON.stringify([saved])), line);
  return Number(product.price);
}

/** The shipping fields only: an invoice practice's form has no card fields. */
async function fillShipping(page: Page): Promise<void> {
  const values: Record<string, string> = { 'Full Name': OWNER.full_name, Email: OWNER.email, Address: '3 North Road', City: 'Salem', State: 'OR', 'ZIP Code': '97301' };
  for (const [label, value] of Object.entries(values)) await page.getByLabel(label, { exact: true }).fill(value);
}

describe('a practice pays by invoice (issue 36)', () => {
  it('the admin sets invoice terms; the owner checks out without card fields; the order is due in 30 days; over the credit is refused naming the limit', async () => {
    await withContext(async (page, context) => {
      const registered = await context.request.post('/api/register', { data: OWNER });
      assert.equal(registered.status(), 201, await registered.text());
      await context.request.post('/api/login', { data: { username: OWNER.username, password: OWNER.password } });
      const practice = await (await context.request.get('/api/practice')).json();
      await context.request.post('/api/logout');
      await context.request.post('/api/login', { data: DEMO_ADMIN });
      const unit = await fillCart(page, context, 1);
      const limit = (Math.ceil(unit * 1.08 + 15) + 1).toFixed(2); // room for one unit, not two
      // the admin's Customers drawer: the account's practice on invoice terms
      const drawer = await openCustomer(page, OWNER.username, OWNER.username);
      await drawer.getByRole('heading', { name: 'Payment terms' }).waitFor();
      await drawer.getByRole('combobox', { name: 'Payment' }).click();
      await page.getByRole('option', { name: 'Invoice' }).click();
      await drawer.getByLabel('Net days').fill('30');
      await drawer.getByLabel('Credit limit (USD)').fill(limit);
      await drawer.getByRole('button', { name: 'Save terms' }).click();
      await page.getByText('Payment terms saved').waitFor();
      const terms = await (await context.request.get(`/api/admin/practices/${practice.id}/terms`)).json();
      assert.deepEqual([terms.payment_terms, terms.net_days, terms.credit_limit], ['invoice', 30, limit]);
      await context.request.post('/api/logout');
      await context.request.post('/api/login', { data: { username: OWNER.username, password: OWNER.password } });

      await page.goto('/checkout');
      const payment = page.getByRole('region', { name: 'Payment Information' });
      await payment.getByText('Paid by invoice: payment is due 30 days after the order is placed. No card is needed.').waitFor();
      assert.equal(await page.getByLabel('Card Number').count(), 0, 'no card fields');
      await fillShipping(page);
      await page.getByRole('button', { name: 'Complete Order' }).click();
      await page.getByRole('heading', { level: 1, name: 'Order Completed!' }).waitFor({ timeout: 15_000 });
      const number = (await page.getByRole('status').getByRole('link').first().innerText()).trim();
      await page.getByRole('link', { name: 'View order' }).click();
      await page.getByText(/Paid by invoice · due /).waitFor();
      const confirmation = await mail.waitFor(OWNER.email, new RegExp(`${number} is confirmed`));
      assert.match(confirmation.text, /Payment: by invoice, due /);

      // a second one does not fit: refused, the limit named, nothing placed
      await fillCart(page, context, 2);
      await page.goto('/checkout');
      await fillShipping(page);
      await page.getByRole('button', { name: 'Complete Order' }).click();
      await page.getByText(`(credit limit $${limit} on invoice terms)`, { exact: false }).waitFor({ timeout: 15_000 });
      assert.equal((await (await context.request.get('/api/orders')).json()).total, 1);
    });
  });

  for (const width of [1366, 390]) {
    it(`the invoice checkout at ${width} px, light and dark (one page load, the device's scheme switched): no axe finding, nothing wider than the screen`, async () => {
      await withContext(
        async (page, context) => {
          await context.request.post('/api/login', { data: { username: OWNER.username, password: OWNER.password } });
          await fillCart(page, context, 1);
          await page.goto('/checkout');
          await page.getByRole('region', { name: 'Payment Information' }).getByText(/Remaining credit/).waitFor();
          await settled(page);
          await inLightAndDark(page, async (dark) => {
            const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
            assert.ok(overflow <= 0, `the checkout is ${overflow} px wider than the ${width} px screen`);
            assertNoFindings(await axeFindings(page), `the invoice checkout at ${width} px, ${dark ? 'dark' : 'light'}`);
            await picture(page, `invoice-terms/checkout-${width}-${dark ? 'dark' : 'light'}`);
          });
        },
        { width },
      );
    });
  }

  it('the admin records a partial payment and the rest in the order drawer; the shopper sees it paid and downloads the PDF; an overdue invoice is under the overdue filter', async () => {
    await invoicePaymentJourney(suite, OWNER, 'invoice-terms');
  });

  for (const width of [1366, 390]) {
    it(`the order drawer's invoice section and the overdue card at ${width} px, light and dark (one page load, the device's scheme switched): no axe finding, nothing wider than the screen`, async () => {
      await invoiceScreens(suite, 'invoice-terms', width);
    });
  }
});
